// Settings → Account Security in a real browser on a phone-sized screen, against the running stack:
// the member changes their password with the current one; the form refuses what the server would, in
// its words; a change signs the member's other session out at once, keeps this one, and only the new
// password signs in afterwards. Devices lists where the member is signed in, and signs one device or
// all the others out at once. Nothing of the API is mocked.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  BASE_URL,
  button,
  eventually,
  expectNotice,
  launchBrowser,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';
import { PHONE } from './support/screens';

const NEW_PASSWORD = 'a calmer passphrase';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
  });
  member = await registerMember('sec', 'Vera Secure');
  page = await openSignedIn(context, member);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openSecurity(): Promise<Locator> {
  await button(page, 'Open profile menu').click();
  await button(page, 'Your Profile').click();
  const profile = page.getByRole('dialog', { name: 'Your Profile', exact: true });
  await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
  await profile.getByRole('heading', { name: 'Account Security' }).waitFor({ timeout: WAIT_MS });
  return profile.getByRole('form', { name: 'Change password' });
}

async function fill(form: Locator, current: string, next: string, repeated = next) {
  await form.getByLabel('Current Password', { exact: true }).fill(current);
  await form.getByLabel('New Password', { exact: true }).fill(next);
  await form.getByLabel('Repeat New Password', { exact: true }).fill(repeated);
  await button(form, 'Change Password').click();
}

const signIn = (password: string) =>
  fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: member.username, password }),
  });

it('changes the password with the current one and signs the other session out', async () => {
  // Another device, signed in with the old password.
  const other = await apiCall<{ access_token: string }>('POST', '/auth/login', {
    body: { username: member.username, password: member.password },
  });
  const form = await openSecurity();

  await fill(form, member.password, NEW_PASSWORD, 'something else');
  expect(await textOf(form.getByRole('alert'))).toBe('The new passwords do not match');
  await fill(form, member.password, 'short');
  expect(await textOf(form.getByRole('alert'))).toBe('Password must be at least 8 characters');
  await fill(form, 'not my password', NEW_PASSWORD);
  expect(await textOf(form.getByRole('alert'))).toBe('Incorrect password');
  expect((await signIn(member.password)).status).toBe(200); // nothing changed (a third session)

  await fill(form, member.password, NEW_PASSWORD);
  await expectNotice(page, 'Password changed. Signed out of 2 other sessions.');
  expect(await form.getByRole('alert').count()).toBe(0);
  expect(await form.getByLabel('Current Password', { exact: true }).inputValue()).toBe('');

  const elsewhere = await fetch(`${BASE_URL}/api/auth/me`, {
    headers: { authorization: `Bearer ${other.access_token}` },
  });
  expect(elsewhere.status).toBe(401);
  // This session goes on.
  await page.reload();
  await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  expect((await signIn(member.password)).status).toBe(401);
  expect((await signIn(NEW_PASSWORD)).status).toBe(200);
});

describe('devices', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  let devicesPage: Page;
  let owner: Member;

  const signInFrom = async (userAgent: string) => {
    const answer = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ username: owner.username, password: owner.password }),
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const stillSignedIn = async (token: string) =>
    (await fetch(`${BASE_URL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  beforeAll(async () => {
    owner = await registerMember('dev', 'Devi Ces');
    devicesPage = await context.newPage();
    await devicesPage.goto('/');
    // Signed in from this browser itself, so that this session carries the browser's own name.
    const token = await devicesPage.evaluate(
      async ({ username, password }) => {
        const answer = await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        });
        return ((await answer.json()) as { access_token: string }).access_token;
      },
      { username: owner.username, password: owner.password },
    );
    await devicesPage.evaluate((value) => window.localStorage.setItem('token', value), token);
    await devicesPage.reload();
    await devicesPage.getByText(`@${owner.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  });

  it('lists where the member is signed in and signs one device, then all the others, out', async () => {
    const phone = await signInFrom(IPHONE);
    await button(devicesPage, 'Open profile menu').click();
    await button(devicesPage, 'Your Profile').click();
    const profile = devicesPage.getByRole('dialog', { name: 'Your Profile', exact: true });
    await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
    const devices = profile.getByRole('region', { name: 'Devices' });
    const rows = devices.getByRole('listitem');
    await rows.nth(2).waitFor({ timeout: WAIT_MS });

    // The sign-up (from the test runner), the phone, and this browser, the most recently active first.
    expect(await rows.count()).toBe(3);
    const thisDevice = rows.filter({ hasText: 'This device' });
    expect(await textOf(thisDevice)).toContain('Chrome on Linux');
    expect(await thisDevice.getByRole('button').count()).toBe(0);
    expect(await textOf(rows.first())).toContain('Safari on iPhone');
    expect(await textOf(rows.first())).toContain('Active just now');

    await button(devices, 'Sign out Safari on iPhone').click();
    await expectNotice(devicesPage, 'Device signed out');
    expect(await stillSignedIn(phone)).toBe(401);
    await eventually(async () => (await rows.count()) === 2);
    expect(await devices.getByText('Safari on iPhone').count()).toBe(0);

    await button(devices, 'Sign Out of All Other Devices').click();
    await expectNotice(devicesPage, 'Signed out of 1 other device');
    expect(await stillSignedIn(owner.token)).toBe(401);
    await eventually(async () => (await rows.count()) === 1);
    expect(await textOf(rows.first())).toContain('This device');
    expect(await button(devices, 'Sign Out of All Other Devices').count()).toBe(0);
    await devicesPage.reload();
    await devicesPage.getByText(`@${owner.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  });
});
