// The signed-out / signed-in transitions of spec 000 §4 in a real browser, against the running stack
// (gateway on AURA_BASE_URL serving web/dist). Playwright (playwright-core) drives Debian's Chromium.
//
// Login failure text: spec 000 §8 says "Login or signup failure: a user message, else the server
// detail, else 'Authentication failed'". The shared client always sets the catalogue's user message,
// so a wrong password (401) shows the 401 catalogue text, not the server's own detail.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from 'playwright-core';

const BASE_URL = process.env.AURA_BASE_URL ?? 'http://127.0.0.1:8080';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WAIT_MS = 20_000;
const WRONG_CREDENTIALS = 'Invalid username or password. Please check your credentials.';

// 3-30 letters, digits or underscores, fresh for every run.
const username = `br_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const email = `${username}@example.com`;
const displayName = 'Browser Tester';
const password = 'correct-horse-battery';

async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
  return ((await locator.innerText()) ?? '').replace(/\s+/g, ' ').trim();
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

async function expectLanding(page: Page) {
  await button(page, 'Create Account').waitFor({ timeout: WAIT_MS });
  await button(page, 'Sign In').waitFor({ timeout: WAIT_MS });
}

async function expectHome(page: Page) {
  await page.getByText(`@${username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  expect(await textOf(page.getByRole('region', { name: 'Aura energy' }))).toContain(displayName);
}

async function signIn(page: Page, withPassword: string) {
  await button(page, 'Sign In').click();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(withPassword);
  await button(page, 'Sign In').click();
}

async function signOut(page: Page) {
  await button(page, 'Open profile menu').click();
  await button(page, 'Sign Out').click();
  await expectLanding(page);
}

describe('accounts in the browser (spec 000 §2, §4, §8)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the landing page shows the five statistic cards with their defaults until data arrives', async () => {
    // Hold the landing data calls (once they exist) so the page stays in its "before data arrives" state.
    const landing = await browser.newContext({ baseURL: BASE_URL });
    const held: Route[] = [];
    await landing.route(/\/api\/(public\/|auracoin\/price\/current)/, (route) => void held.push(route));
    try {
      const landingPage = await landing.newPage();
      await landingPage.goto('/');
      await expectLanding(landingPage);
      await landingPage.getByRole('heading', { level: 1 }).waitFor({ timeout: WAIT_MS });

      const cards = landingPage.getByRole('region', { name: 'Platform statistics' }).getByRole('article');
      await cards.first().waitFor({ timeout: WAIT_MS });
      expect(await cards.count()).toBe(5);
      const expected: [string, string][] = [
        ['Total Users', '1247'],
        ['Active Users Online', '89'],
        ['Live Coin Price', '$1.000'],
        ['Posts', '3421'],
        ['Engagement', '15678'],
      ];
      for (const [label, value] of expected) {
        const card = landingPage.getByRole('article', { name: label, exact: true });
        expect(await textOf(card)).toBe(`${value} ${label}`);
      }
      await landingPage.getByRole('heading', { name: 'Live Community Feed' }).waitFor({ timeout: WAIT_MS });
    } finally {
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
      await landing.close();
    }
  });

  it('signs up a new member and shows the home view', async () => {
    await page.goto('/');
    await button(page, 'Create Account').click();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Display Name', { exact: true }).fill(displayName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await button(page, 'Sign Up').click();

    await expectHome(page);
    expect(await storedToken(page)).toEqual(expect.any(String));
    // Aura Feed is the default tab, and Home is highlighted for it.
    expect(await page.getByRole('tab', { name: 'Aura Feed' }).getAttribute('aria-selected')).toBe('true');
    expect(await button(page, 'Home').getAttribute('aria-current')).toBe('page');
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await expectHome(page);
  });

  it('renews a rejected access token with the refresh cookie and carries on', async () => {
    await page.evaluate(() => window.localStorage.setItem('token', 'not-a-valid-access-token'));
    await page.reload();
    await expectHome(page);
    expect(await storedToken(page)).not.toBe('not-a-valid-access-token');
  });

  it('signs out back to the landing page and forgets the token', async () => {
    await signOut(page);
    expect(await storedToken(page)).toBeNull();
    // A reload stays signed out.
    await page.reload();
    await expectLanding(page);
  });

  it('signs in again with the same credentials', async () => {
    await signIn(page, password);
    await expectHome(page);
    expect(await storedToken(page)).toEqual(expect.any(String));
  });

  it('a wrong password shows the 401 catalogue message and stays on the form', async () => {
    await signOut(page);
    await signIn(page, 'not-the-password');

    expect(await textOf(page.getByRole('alert'))).toBe(WRONG_CREDENTIALS);
    expect(await button(page, 'Sign In').isEnabled()).toBe(true);
    expect(await storedToken(page)).toBeNull();
  });

  it('a failed fetch of the current user removes the stored token (no refresh cookie)', async () => {
    const other = await browser.newContext({ baseURL: BASE_URL });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/');
      await otherPage.evaluate(() => window.localStorage.setItem('token', 'not-a-valid-access-token'));
      await otherPage.reload();
      await expectLanding(otherPage);
      expect(await storedToken(otherPage)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('the form checks the account rules before calling the server', async () => {
    await page.goto('/');
    await button(page, 'Create Account').click();
    await page.getByLabel('Username', { exact: true }).fill('ab');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await button(page, 'Sign Up').click();

    await page.getByText('Username must be 3-30 characters: letters, numbers and underscores only').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    // The toggle switches to sign-in, and the link returns to the landing page.
    await page.getByRole('tab', { name: 'Sign In' }).click();
    expect(await page.getByLabel('Email', { exact: true }).count()).toBe(0);
    await button(page, 'Back to home').click();
    await expectLanding(page);
  });
});
