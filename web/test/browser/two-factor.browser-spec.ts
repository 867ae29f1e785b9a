// Two-factor authentication in a real browser on a phone-sized screen, against the running stack: the
// member turns it on in Settings → Account Security with the password, the setup key read from the page
// and a code of their "authenticator app" (RFC 6238, computed here), and gets ten recovery codes. Signing
// in then asks for a code after the password: a wrong one is refused in the server's words, a right one
// signs in; a challenge spent by wrong codes goes back to the password; a recovery code signs in once.
// New recovery codes replace the old ones, and turning it off asks for the password and a code. The
// screens are checked at 390 and 1366 px (nothing sideways, axe). Nothing of the API is mocked.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  BASE_URL,
  button,
  expectNotice,
  launchBrowser,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';
import {
  checkScreen,
  DESKTOP,
  dialogNamed,
  expectNoSidewaysOverflow,
  PHONE,
  saveScreenshot,
  type Viewport,
} from './support/screens';
import { totpCode, totpStep, wrongTotpCode } from './support/totp';

const INVALID_CODE = 'Invalid verification code';
const SIGN_IN_AGAIN = 'This sign-in has expired or had too many tries. Please sign in again.';
const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
const SCREENS_MS = 240_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;
/** The member's authenticator app: its secret, and the last time step whose code was used. */
let secret = '';
let lastStep = 0;
let recoveryCodes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
  });
  member = await registerMember('tfa', 'Tess Factor');
  page = await openSignedIn(context, member);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/**
 * A code the server has not seen yet: each time step signs in once, and the server takes the step
 * either side of now; a step further ahead waits for the clock.
 */
async function freshCode(): Promise<string> {
  const step = Math.max(lastStep + 1, totpStep());
  while (step > totpStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStep = step;
  return totpCode(secret, step);
}

async function openTwoFactor(on: Page): Promise<Locator> {
  await button(on, 'Open profile menu').click();
  await button(on, 'Your Profile').click();
  const profile = dialogNamed(on, 'Your Profile');
  await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
  const section = profile.getByRole('region', { name: 'Two-Factor Authentication' });
  await section.getByRole('button').first().waitFor({ timeout: WAIT_MS });
  return section;
}

async function closeProfile(on: Page) {
  const profile = dialogNamed(on, 'Your Profile');
  await button(profile, 'Close').click();
  await profile.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

async function signOut(on: Page) {
  await button(on, 'Open profile menu').click();
  await button(on, 'Sign Out').click();
  await button(on, 'Create Account').waitFor({ timeout: WAIT_MS });
}

/** The password step of the sign-in card; answers the code step's form. */
async function signInWithPassword(on: Page, who: Member): Promise<Locator> {
  await button(on, 'Sign In').click();
  await on.getByLabel('Username', { exact: true }).fill(who.username);
  await on.getByLabel('Password', { exact: true }).fill(who.password);
  await button(on, 'Sign In').click();
  const step = on.getByRole('form', { name: 'Two-factor authentication' });
  await step.waitFor({ timeout: WAIT_MS });
  return step;
}

const expectHome = (on: Page, who: Member) =>
  on.getByText(`@${who.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });

const storedToken = (on: Page) => on.evaluate(() => window.localStorage.getItem('token'));

const codesIn = async (section: Locator) => {
  const items = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await items.first().waitFor({ timeout: WAIT_MS });
  return (await items.allInnerTexts()).map((text) => text.trim());
};

it('turns two-factor authentication on with a code from the app and shows ten recovery codes', async () => {
  const section = await openTwoFactor(page);
  expect(await textOf(section)).toContain('Off');
  await button(section, 'Turn On').click();
  const confirm = section.getByRole('form', { name: 'Turn on two-factor authentication' });
  await confirm.getByLabel('Password', { exact: true }).fill(member.password);
  await button(confirm, 'Continue').click();

  const setup = section.getByRole('form', { name: 'Set up your authenticator app' });
  await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor({ timeout: WAIT_MS });
  const key = setup.locator('[data-secret]');
  secret = (await key.getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Shown in groups of four for typing by hand.
  expect(await textOf(key)).toBe(secret.match(/.{4}/g)!.join(' '));

  const code = setup.getByLabel('Authentication Code', { exact: true });
  await code.fill(wrongTotpCode(secret));
  await button(setup, 'Turn On').click();
  expect(await textOf(setup.getByRole('alert'))).toBe(INVALID_CODE);
  await code.fill(await freshCode());
  await button(setup, 'Turn On').click();
  await expectNotice(page, 'Two-factor authentication is on');

  recoveryCodes = await codesIn(section);
  expect(recoveryCodes).toHaveLength(10);
  for (const recovery of recoveryCodes) expect(recovery).toMatch(RECOVERY_CODE);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: WAIT_MS }),
    button(section, 'Download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('aura-recovery-codes.txt');
  const file = readFileSync((await download.path())!, 'utf8');
  for (const recovery of recoveryCodes) expect(file).toContain(`\n${recovery}\n`);

  await button(section, 'Done').click();
  expect(await textOf(section)).toContain('10 recovery codes left');
  expect(await textOf(section)).toContain('On');
  expect(await apiCall('GET', '/auth/two-factor', { token: member.token })).toEqual({
    totp_enabled: true,
    recovery_codes_left: 10,
  });
  await closeProfile(page);
});

it('asks for a code after the password; a wrong code is refused, a right one signs in', async () => {
  await signOut(page);
  const step = await signInWithPassword(page, member);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor({ timeout: WAIT_MS });
  await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor({ timeout: WAIT_MS });
  expect(await storedToken(page)).toBeNull();
  const code = step.getByLabel('Authentication Code', { exact: true });
  expect(await code.getAttribute('inputmode')).toBe('numeric');
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');

  await code.fill(wrongTotpCode(secret));
  await button(step, 'Verify').click();
  expect(await textOf(step.getByRole('alert'))).toBe(INVALID_CODE);
  expect(await storedToken(page)).toBeNull();

  await code.fill(await freshCode());
  await button(step, 'Verify').click();
  await expectHome(page, member);
  expect(await storedToken(page)).toEqual(expect.any(String));
});

it('a sign-in spent by wrong codes goes back to the password; a recovery code signs in once', async () => {
  const other = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
    // Ten sign-in calls: from an address of their own (the gateway trusts X-Forwarded-For from
    // loopback), so that they do not use up the per-address sign-in limit of the other browser tests.
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${randomInt(1, 250)}.${randomInt(1, 250)}` },
  });
  try {
    const elsewhere = await other.newPage();
    await elsewhere.goto('/');
    let step = await signInWithPassword(elsewhere, member);
    await button(elsewhere, 'Back to sign in').click();
    await step.waitFor({ state: 'detached', timeout: WAIT_MS });
    await button(elsewhere, 'Sign In').click(); // the username and password are still there

    // Five wrong codes spend the challenge: the next try is told to sign in again.
    step = elsewhere.getByRole('form', { name: 'Two-factor authentication' });
    const code = step.getByLabel('Authentication Code', { exact: true });
    for (let attempt = 1; attempt <= 6; attempt++) {
      await code.fill(wrongTotpCode(secret));
      const [answer] = await Promise.all([
        elsewhere.waitForResponse((response) => response.url().endsWith('/api/auth/login/second-factor')),
        button(step, 'Verify').click(),
      ]);
      const { detail } = (await answer.json()) as { detail: string };
      expect(detail).toBe(attempt <= 5 ? INVALID_CODE : SIGN_IN_AGAIN);
      if (detail === SIGN_IN_AGAIN) break;
      expect(await textOf(step.getByRole('alert'))).toBe(INVALID_CODE);
    }
    expect(await textOf(elsewhere.getByRole('alert'))).toBe(SIGN_IN_AGAIN);
    expect(await elsewhere.getByLabel('Password', { exact: true }).inputValue()).toBe(member.password);

    await button(elsewhere, 'Sign In').click();
    await step.waitFor({ timeout: WAIT_MS });
    await button(elsewhere, 'Use a recovery code').click();
    const recovery = step.getByLabel('Recovery Code', { exact: true });
    await recovery.fill(recoveryCodes[0]!.toUpperCase());
    await button(step, 'Verify').click();
    await expectHome(elsewhere, member);
  } finally {
    await other.close();
  }
  // Spent: the same code no longer signs in.
  const challenge = await apiCall<{ second_factor_token: string }>('POST', '/auth/login', {
    body: { username: member.username, password: member.password },
  });
  const again = await fetch(`${BASE_URL}/api/auth/login/second-factor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ second_factor_token: challenge.second_factor_token, code: recoveryCodes[0] }),
  });
  expect(again.status).toBe(401);
});

it('new recovery codes replace the old ones; turning it off asks for the password and a code', async () => {
  const section = await openTwoFactor(page);
  expect(await textOf(section)).toContain('9 recovery codes left');
  await button(section, 'New Recovery Codes').click();
  const renew = section.getByRole('form', { name: 'New recovery codes' });
  await renew.getByLabel('Password', { exact: true }).fill(member.password);
  await button(renew, 'Create New Codes').click();
  await expectNotice(page, 'New recovery codes created');
  const fresh = await codesIn(section);
  expect(fresh).toHaveLength(10);
  expect(fresh.filter((recovery) => recoveryCodes.includes(recovery))).toEqual([]);
  await button(section, 'Done').click();
  expect(await textOf(section)).toContain('10 recovery codes left');

  await button(section, 'Turn Off').click();
  const off = section.getByRole('form', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Password', { exact: true }).fill(member.password);
  // An old recovery code stopped working.
  await off.getByLabel('Authentication Code', { exact: true }).fill(recoveryCodes[1]!);
  await button(off, 'Turn Off').click();
  expect(await textOf(off.getByRole('alert'))).toBe(INVALID_CODE);
  await off.getByLabel('Authentication Code', { exact: true }).fill(await freshCode());
  await button(off, 'Turn Off').click();
  await expectNotice(page, 'Two-factor authentication is off');
  await button(section, 'Turn On').waitFor({ timeout: WAIT_MS });
  expect(await textOf(section)).toContain('Off');

  // Sign-in asks for the password only again.
  const answer = await apiCall<{ access_token?: string }>('POST', '/auth/login', {
    body: { username: member.username, password: member.password },
  });
  expect(answer.access_token).toEqual(expect.any(String));
});

describe.each([PHONE, DESKTOP])('the screens at $width px', (viewport: Viewport) => {
  let screen: BrowserContext;
  let on: Page;
  let owner: Member;
  const shots = process.env.AURA_SCREENSHOTS_DIR;
  /** With AURA_SCREENSHOTS_DIR set, the section itself as well (taller than the phone's screen). */
  const shoot = async (section: Locator, name: string) => {
    if (shots) await section.screenshot({ path: join(shots, `${name}-section-${viewport.name}.png`) });
  };

  beforeAll(async () => {
    screen = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: viewport.width, height: viewport.height },
    });
    owner = await registerMember('tfs', 'Sami Screens');
    on = await openSignedIn(screen, owner);
  });

  afterAll(async () => {
    await screen?.close();
  });

  // axe over the whole signed-in page takes a while on a small machine: three screens of it.
  it(
    'setup, recovery codes, on, and the code step of signing in',
    async () => {
      const section = await openTwoFactor(on);
      await section.scrollIntoViewIfNeeded();
      await expectNoSidewaysOverflow(on, 'Your Profile');
      await shoot(section, 'two-factor-off');
      await button(section, 'Turn On').click();
      const confirm = section.getByRole('form', { name: 'Turn on two-factor authentication' });
      await confirm.getByLabel('Password', { exact: true }).fill(owner.password);
      await button(confirm, 'Continue').click();
      const setup = section.getByRole('form', { name: 'Set up your authenticator app' });
      await setup
        .getByRole('img', { name: 'QR code for your authenticator app' })
        .waitFor({ timeout: WAIT_MS });
      const key = (await setup.locator('[data-secret]').getAttribute('data-secret')) ?? '';
      await setup.scrollIntoViewIfNeeded();
      await checkScreen(on, viewport, 'two-factor-setup', {
        dialog: 'Your Profile',
        primary: button(setup, 'Turn On'),
      });
      await shoot(section, 'two-factor-setup');

      await setup.getByLabel('Authentication Code', { exact: true }).fill(totpCode(key, totpStep()));
      await button(setup, 'Turn On').click();
      await codesIn(section);
      await checkScreen(on, viewport, 'two-factor-codes', {
        dialog: 'Your Profile',
        primary: button(section, 'Done'),
      });
      await shoot(section, 'two-factor-codes');
      await button(section, 'Done').click();
      await button(section, 'Turn Off').waitFor({ timeout: WAIT_MS });
      await expectNoSidewaysOverflow(on, 'Your Profile');
      await shoot(section, 'two-factor-on');

      await closeProfile(on);
      await signOut(on);
      const step = await signInWithPassword(on, owner);
      await checkScreen(on, viewport, 'sign-in-code', { primary: button(step, 'Verify') });
      await button(on, 'Use a recovery code').click();
      await step.getByLabel('Recovery Code', { exact: true }).waitFor({ timeout: WAIT_MS });
      await expectNoSidewaysOverflow(on);
      await saveScreenshot(on, 'sign-in-recovery-code', viewport);
    },
    SCREENS_MS,
  );
});
