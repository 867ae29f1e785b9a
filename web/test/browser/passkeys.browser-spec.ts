// Passkeys in a real browser on a phone-sized screen, against the running stack, with Chromium's virtual
// authenticator (CDP WebAuthn: a platform authenticator that keeps resident keys and verifies the user).
// The member adds a passkey in Settings → Account Security with the password (a wrong one is refused in
// the server's words before any prompt), signs out, and signs in with "Sign in with a passkey" alone —
// no username, no password typed. Then removes it with the password; the authenticator's key no longer
// signs in. A member with an authenticator app and a passkey answers the code step after the password
// with "Use a passkey instead" (a closed prompt is said calmly and the code still works). The relying
// party is AURA_PUBLIC_URL's host, localhost in tests, so the app is opened at http://localhost:<port>,
// not 127.0.0.1. Nothing of the API is mocked.
import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
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
import { checkScreen, DESKTOP, dialogNamed, expectInViewport, PHONE } from './support/screens';
import { totpCode, totpStep } from './support/totp';

/** The app at the relying party's host: WebAuthn refuses an IP address as the RP ID. */
const LOCAL_URL = (() => {
  const url = new URL(BASE_URL);
  url.hostname = 'localhost';
  return url.origin;
})();

const NAME = 'Test Laptop';
const SIGN_IN_REFUSED = 'That passkey could not sign you in. Try again or use your password.';
const PASSKEY_NOT_USED = 'The passkey was not used. Try again or enter a code.';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;
let member: Member;

/** Chromium's virtual authenticator on the page: a platform one that keeps resident keys and verifies the user. */
async function addAuthenticator(session: CDPSession): Promise<string> {
  await session.send('WebAuthn.enable');
  const added = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return added.authenticatorId;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: LOCAL_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
  });
  member = await registerMember('psk', 'Pia Passkey');
  page = await openSignedIn(context, member);
  cdp = await context.newCDPSession(page);
  authenticatorId = await addAuthenticator(cdp);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openPasskeys(on: Page = page): Promise<Locator> {
  await button(on, 'Open profile menu').click();
  await button(on, 'Your Profile').click();
  const profile = dialogNamed(on, 'Your Profile');
  await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
  const section = profile.getByRole('region', { name: 'Passkeys' });
  await button(section, 'Add a Passkey').waitFor({ timeout: WAIT_MS });
  return section;
}

async function closeProfile(on: Page = page) {
  const profile = dialogNamed(on, 'Your Profile');
  await button(profile, 'Close').click();
  await profile.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

async function signOut(on: Page = page) {
  await button(on, 'Open profile menu').click();
  await button(on, 'Sign Out').click();
  await button(on, 'Create Account').waitFor({ timeout: WAIT_MS });
}

const storedToken = (on: Page = page) => on.evaluate(() => window.localStorage.getItem('token'));
const keysOnDevice = async () =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
const passkeysOf = () =>
  apiCall<{ id: string; name: string; last_used_at: string | null }[]>('GET', '/auth/passkeys', {
    token: member.token,
  });

it('adds a passkey in Settings with the password, then the device', async () => {
  const section = await openPasskeys();
  await section.getByText('No passkeys yet.').waitFor({ timeout: WAIT_MS });

  await button(section, 'Add a Passkey').click();
  const form = section.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey Name', { exact: true }).fill(NAME);
  await button(form, 'Add Passkey').click();
  expect(await textOf(form.getByRole('alert'))).toBe('Please enter your password');
  await form.getByLabel('Password', { exact: true }).fill('not my password');
  await button(form, 'Add Passkey').click();
  expect(await textOf(form.getByRole('alert'))).toBe('Incorrect password');
  expect(await keysOnDevice()).toBe(0);
  await checkScreen(page, PHONE, 'passkey-add', {
    dialog: 'Your Profile',
    primary: button(form, 'Add Passkey'),
  });

  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await button(form, 'Add Passkey').click();
  await expectNotice(page, 'Passkey added. You can sign in with it now.');
  const row = section.getByRole('listitem', { name: NAME });
  await row.waitFor({ timeout: WAIT_MS });
  expect(await textOf(row)).toContain('Added just now');
  expect(await textOf(row)).toContain('Not used yet');
  expect(await keysOnDevice()).toBe(1);
  expect(await passkeysOf()).toEqual([expect.objectContaining({ name: NAME, last_used_at: null })]);

  await row.scrollIntoViewIfNeeded();
  await checkScreen(page, PHONE, 'passkeys-list', {
    dialog: 'Your Profile',
    primary: button(section, 'Add a Passkey'),
  });
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await row.scrollIntoViewIfNeeded();
  await checkScreen(page, DESKTOP, 'passkeys-list', { dialog: 'Your Profile' });
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await closeProfile();
});

it('signs in with the passkey alone: no username, no password', async () => {
  await signOut();
  expect(await storedToken()).toBeNull();
  await button(page, 'Sign In').click();
  const passkey = button(page, 'Sign in with a passkey');
  await passkey.click();
  await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  expect(await storedToken()).toEqual(expect.any(String));
  // The session is this member's, and the passkey now tells when it last signed in.
  // (Signing out ended the session the test started with.)
  member = { ...member, token: (await storedToken())! };
  expect(await apiCall('GET', '/auth/me', { token: member.token })).toMatchObject({ id: member.id });
  const [saved] = await passkeysOf();
  expect(saved?.last_used_at).toEqual(expect.any(String));
});

it('removes the passkey with the password; its key no longer signs in', async () => {
  const section = await openPasskeys();
  const row = section.getByRole('listitem', { name: NAME });
  await row.waitFor({ timeout: WAIT_MS });
  expect(await textOf(row)).toContain('Last used just now');

  await button(row, `Remove ${NAME}`).click();
  const form = row.getByRole('form', { name: `Remove ${NAME}` });
  await form.getByLabel('Password', { exact: true }).fill('not my password');
  await button(form, 'Remove').click();
  expect(await textOf(form.getByRole('alert'))).toBe('Incorrect password');
  await checkScreen(page, PHONE, 'passkey-remove', {
    dialog: 'Your Profile',
    primary: button(form, 'Remove'),
  });
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await button(form, 'Remove').click();
  await expectNotice(page, 'Passkey removed');
  await section.getByText('No passkeys yet.').waitFor({ timeout: WAIT_MS });
  expect(await passkeysOf()).toEqual([]);
  await closeProfile();

  // The authenticator still holds the key, but the server no longer knows it.
  expect(await keysOnDevice()).toBe(1);
  await signOut();
  await button(page, 'Sign In').click();
  await button(page, 'Sign in with a passkey').click();
  expect(await textOf(page.getByRole('alert'))).toBe(SIGN_IN_REFUSED);
  await checkScreen(page, PHONE, 'passkey-sign-in-refused');
  expect(await storedToken()).toBeNull();
});

describe('a passkey as the second step after the password', () => {
  let second: BrowserContext;
  let on: Page;
  let owner: Member;
  /** The member's authenticator app: its secret, and the last time step whose code was used. */
  let secret = '';
  let lastStep = 0;

  /** A code the server has not seen yet (each time step signs in once; it takes the step either side). */
  async function freshCode(): Promise<string> {
    const step = Math.max(lastStep + 1, totpStep());
    while (step > totpStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
    lastStep = step;
    return totpCode(secret, step);
  }

  /** The password step of the sign-in card; answers the code step's form. */
  async function signInWithPassword(): Promise<Locator> {
    await button(on, 'Sign In').click();
    await on.getByLabel('Username', { exact: true }).fill(owner.username);
    await on.getByLabel('Password', { exact: true }).fill(owner.password);
    await button(on, 'Sign In').click();
    const step = on.getByRole('form', { name: 'Two-factor authentication' });
    await step.waitFor({ timeout: WAIT_MS });
    return step;
  }

  const expectHome = () =>
    on.getByText(`@${owner.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });

  beforeAll(async () => {
    second = await browser.newContext({
      baseURL: LOCAL_URL,
      viewport: { width: PHONE.width, height: PHONE.height },
      // Its sign-ins from an address of their own, beside the per-address sign-in limit of the others.
      extraHTTPHeaders: { 'x-forwarded-for': `198.19.${randomInt(1, 250)}.${randomInt(1, 250)}` },
    });
    owner = await registerMember('psf', 'Paz Factor');
    on = await openSignedIn(second, owner);
    await addAuthenticator(await second.newCDPSession(on));
    // The authenticator app on, through the API (its screens are two-factor.browser-spec's).
    ({ secret } = await apiCall<{ secret: string }>('POST', '/auth/two-factor/totp', {
      token: owner.token,
      body: { password: owner.password },
    }));
    await apiCall('POST', '/auth/two-factor/totp/enable', {
      token: owner.token,
      body: { code: await freshCode() },
    });
  });

  afterAll(async () => {
    await second?.close();
  });

  it('without a passkey the code step offers none; the code signs in', async () => {
    await signOut(on);
    const step = await signInWithPassword();
    expect(await on.getByRole('button', { name: 'Use a passkey instead' }).count()).toBe(0);
    await step.getByLabel('Authentication Code', { exact: true }).fill(await freshCode());
    await button(step, 'Verify').click();
    await expectHome();
  });

  it('with a passkey: "Use a passkey instead" after the password signs in', async () => {
    const section = await openPasskeys(on);
    await button(section, 'Add a Passkey').click();
    const form = section.getByRole('form', { name: 'Add a passkey' });
    await form.getByLabel('Passkey Name', { exact: true }).fill(NAME);
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    await button(form, 'Add Passkey').click();
    await expectNotice(on, 'Passkey added. You can sign in with it now.');
    await closeProfile(on);

    await signOut(on);
    const step = await signInWithPassword();
    expect(await storedToken(on)).toBeNull();
    const instead = button(on, 'Use a passkey instead');
    await instead.waitFor({ timeout: WAIT_MS });
    await checkScreen(on, PHONE, 'sign-in-code-passkey', { primary: button(step, 'Verify') });
    await on.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await checkScreen(on, DESKTOP, 'sign-in-code-passkey', { primary: instead });
    await on.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await expectInViewport(on, instead);

    // The browser's prompt closed without an answer: said calmly, nothing sent, the code form still works.
    await on.evaluate(() => {
      const container = navigator.credentials;
      const get = container.get.bind(container);
      container.get = () => {
        container.get = get;
        return Promise.reject(new DOMException('The operation was not allowed.', 'NotAllowedError'));
      };
    });
    await instead.click();
    expect(await textOf(on.getByRole('alert'))).toBe(PASSKEY_NOT_USED);
    expect(await button(step, 'Verify').isEnabled()).toBe(true);
    expect(await step.getByLabel('Authentication Code', { exact: true }).isEditable()).toBe(true);
    expect(await storedToken(on)).toBeNull();
    await checkScreen(on, PHONE, 'sign-in-code-passkey-not-used', { primary: instead });

    const [answer] = await Promise.all([
      on.waitForResponse((response) => response.url().endsWith('/api/auth/passkeys/second-factor')),
      instead.click(),
    ]);
    expect(answer.status()).toBe(200);
    await expectHome();
    const token = await storedToken(on);
    expect(token).toEqual(expect.any(String));
    expect(await apiCall('GET', '/auth/me', { token: token! })).toMatchObject({ id: owner.id });
    const [saved] = await apiCall<{ last_used_at: string | null }[]>('GET', '/auth/passkeys', {
      token: token!,
    });
    expect(saved?.last_used_at).toEqual(expect.any(String));
  });
});
