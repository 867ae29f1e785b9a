// The mailed links in a real browser on a phone-sized screen, against the running stack and the local
// SMTP catcher (Mailpit): a member who forgot the password asks for a link on the sign-in form, opens it
// from the mail, chooses a new password and signs in with it; the old one is refused. The confirmation
// link mailed at sign-up marks the address "Confirmed" in Settings → Account Security. The fragment that
// carries a token leaves the address bar once read. The screens are checked at 390 and 1366 px (nothing
// sideways, axe). Nothing of the API is mocked.
import { randomBytes } from 'node:crypto';
import { lastMailTo, linkIn } from '@aura/platform/testing';
import type { Browser, Page } from 'playwright-core';
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
import { checkScreen, DESKTOP, dialogNamed, PHONE, type Viewport } from './support/screens';

const RESET_SENT = 'If an account uses that email, we sent it a link to reset the password.';
const PASSWORD_CHANGED = 'Your password is changed. Sign in with the new one.';
const LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';
const NEW_PASSWORD = 'a fresh start passphrase';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A browser of its own, looking like one more client (the per-address limits are not tested here). */
const newContext = (viewport: Viewport = PHONE) =>
  browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: viewport.width, height: viewport.height },
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250 || 1}` },
  });

const emailOf = (member: Member) => `${member.username}@example.com`;

/** The mailed link, opened at the address this test reaches the app at (mail names AURA_PUBLIC_URL). */
const atBaseUrl = (link: string) => {
  const url = new URL(link);
  return `${new URL(BASE_URL).origin}${url.pathname}${url.search}${url.hash}`;
};

const signIn = (username: string, password: string) =>
  fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

async function askForResetLink(page: Page, member: Member): Promise<string> {
  await page.goto('/');
  await button(page, 'Sign In').click();
  await button(page, 'Forgot password?').click();
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email', { exact: true }).fill('not an address');
  await button(form, 'Send Link').click();
  expect(await textOf(form.getByText('Please enter a valid email address'))).toBeTruthy();

  const since = new Date();
  await form.getByLabel('Email', { exact: true }).fill(emailOf(member));
  await button(form, 'Send Link').click();
  await page.getByText(RESET_SENT).waitFor({ timeout: WAIT_MS });
  const mail = await lastMailTo(emailOf(member), { since, subjectContains: 'Reset' });
  return atBaseUrl(linkIn(mail.text, '/#reset-password='));
}

it('resets a forgotten password with the mailed link; only the new password signs in', async () => {
  const member = await registerMember('rst', 'Rosa Reset');
  const context = await newContext();
  try {
    const page = await context.newPage();
    const link = await askForResetLink(page, member);
    await button(page, 'Back to Sign In').click();
    await page.getByLabel('Username', { exact: true }).waitFor({ timeout: WAIT_MS });

    await page.goto(link);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.waitFor({ timeout: WAIT_MS });
    // The token left the address bar once read.
    expect(new URL(page.url()).hash).toBe('');

    await form.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat New Password', { exact: true }).fill('something else');
    await button(form, 'Set Password').click();
    expect(await textOf(form.getByRole('alert'))).toBe('The new passwords do not match');
    await form.getByLabel('Repeat New Password', { exact: true }).fill(NEW_PASSWORD);
    await button(form, 'Set Password').click();
    await page.getByText(PASSWORD_CHANGED).waitFor({ timeout: WAIT_MS });

    // The sign-in form, with the new password.
    await button(page, 'Sign In').click();
    await page.getByLabel('Username', { exact: true }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await button(page, 'Sign In').click();
    await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });

    expect((await signIn(member.username, member.password)).status).toBe(401);
    expect((await signIn(member.username, NEW_PASSWORD)).status).toBe(200);

    // The link is spent: opened again (signed in, in the address bar), the server says so; back home
    // the member is still signed in.
    await page.goto(link);
    const again = page.getByRole('form', { name: 'Choose a new password' });
    await again.getByLabel('New Password', { exact: true }).fill('yet another passphrase');
    await again.getByLabel('Repeat New Password', { exact: true }).fill('yet another passphrase');
    await button(again, 'Set Password').click();
    expect(await textOf(again.getByRole('alert'))).toBe(LINK_INVALID);
    expect(await button(page, 'Ask for a new link').count()).toBe(0);
    await button(page, 'Back to home').click();
    await page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });
    expect((await signIn(member.username, NEW_PASSWORD)).status).toBe(200);
  } finally {
    await context.close();
  }
});

it('the confirmation link mailed at sign-up marks the address confirmed in Settings', async () => {
  const since = new Date();
  const member = await registerMember('cnf', 'Cora Confirm');
  const mail = await lastMailTo(emailOf(member), { since, subjectContains: 'Confirm' });
  const link = atBaseUrl(linkIn(mail.text, '/#verify-email='));
  const context = await newContext();
  try {
    const page = await openSignedIn(context, member);
    const openEmail = async () => {
      await button(page, 'Open profile menu').click();
      await button(page, 'Your Profile').click();
      const profile = dialogNamed(page, 'Your Profile');
      await profile.getByRole('tab', { name: 'Settings', exact: true }).click();
      const email = profile.getByRole('region', { name: 'Email' });
      await email.getByText(emailOf(member)).waitFor({ timeout: WAIT_MS });
      return { profile, email };
    };
    const before = await openEmail();
    expect(await textOf(before.email)).toContain('Not confirmed');
    await before.email.scrollIntoViewIfNeeded();
    await checkScreen(page, PHONE, 'email-not-confirmed', {
      dialog: 'Your Profile',
      primary: button(before.email, 'Resend link'),
    });
    const resentSince = new Date();
    await button(before.email, 'Resend link').click();
    await expectNotice(page, 'We sent you a new link to confirm your email.');
    // The new link replaces the one mailed at sign-up.
    const resentMail = await lastMailTo(emailOf(member), { since: resentSince, subjectContains: 'Confirm' });
    const resent = atBaseUrl(linkIn(resentMail.text, '/#verify-email='));
    expect(resent).not.toBe(link);
    await button(before.profile, 'Close').click();
    await before.profile.waitFor({ state: 'hidden', timeout: WAIT_MS });

    // Opened in the signed-in tab (the address bar): confirmed, with a notice.
    await page.goto(resent);
    await expectNotice(page, 'Your email is confirmed.');
    expect(new URL(page.url()).hash).toBe('');
    const { email: after } = await openEmail();
    await after.getByText('Confirmed', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await textOf(after)).not.toContain('Not confirmed');
    expect(await button(after, 'Resend link').count()).toBe(0);
    await after.scrollIntoViewIfNeeded();
    await checkScreen(page, PHONE, 'email-confirmed', { dialog: 'Your Profile' });
    expect(await apiCall('GET', '/auth/me', { token: member.token })).toMatchObject({ email_verified: true });
  } finally {
    await context.close();
  }
});

it('signed out, a confirmation link says how it went above the landing page', async () => {
  const since = new Date();
  const member = await registerMember('cno', 'Otto Confirm');
  const link = atBaseUrl(
    linkIn(
      (await lastMailTo(emailOf(member), { since, subjectContains: 'Confirm' })).text,
      '/#verify-email=',
    ),
  );
  const context = await newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByText('Your email is confirmed.').waitFor({ timeout: WAIT_MS });
    expect(new URL(page.url()).hash).toBe('');
    await checkScreen(page, PHONE, 'email-confirmed-signed-out', { primary: button(page, 'Dismiss') });
    await button(page, 'Sign In').click();
    // Still shown above the sign-in card, until dismissed.
    await page.getByText('Your email is confirmed.').waitFor({ timeout: WAIT_MS });
    await button(page, 'Dismiss').click();
    expect(await page.getByText('Your email is confirmed.').count()).toBe(0);

    // A link used once more is refused in the server's words.
    await page.goto(link);
    await page.getByText(LINK_INVALID).waitFor({ timeout: WAIT_MS });
  } finally {
    await context.close();
  }
});

describe.each([PHONE, DESKTOP])('the screens at $width px', (viewport: Viewport) => {
  it('forgot password, the new password form and its success', async () => {
    const member = await registerMember('rss', 'Sasha Screens');
    const context = await newContext(viewport);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await button(page, 'Sign In').click();
      await button(page, 'Sign in with a passkey').waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'sign-in-options', { primary: button(page, 'Forgot password?') });
      await button(page, 'Forgot password?').click();
      const form = page.getByRole('form', { name: 'Reset your password' });
      await checkScreen(page, viewport, 'forgot-password', { primary: button(form, 'Send Link') });
      await form.getByLabel('Email', { exact: true }).fill(emailOf(member));
      const since = new Date();
      await button(form, 'Send Link').click();
      await page.getByText(RESET_SENT).waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'forgot-password-sent', { primary: button(page, 'Back to Sign In') });

      const link = atBaseUrl(
        linkIn(
          (await lastMailTo(emailOf(member), { since, subjectContains: 'Reset' })).text,
          '/#reset-password=',
        ),
      );
      await page.goto(link);
      const reset = page.getByRole('form', { name: 'Choose a new password' });
      await reset.waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'reset-password', { primary: button(reset, 'Set Password') });
      await reset.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await reset.getByLabel('Repeat New Password', { exact: true }).fill(NEW_PASSWORD);
      await button(reset, 'Set Password').click();
      await page.getByText(PASSWORD_CHANGED).waitFor({ timeout: WAIT_MS });
      await checkScreen(page, viewport, 'reset-password-done', { primary: button(page, 'Sign In') });

      // The same link again (signed out): a fresh form; the server says it is spent, and a new one is
      // one click away.
      await page.goto(link);
      const again = page.getByRole('form', { name: 'Choose a new password' });
      await again.getByLabel('New Password', { exact: true }).fill('yet another passphrase');
      await again.getByLabel('Repeat New Password', { exact: true }).fill('yet another passphrase');
      await button(again, 'Set Password').click();
      expect(await textOf(again.getByRole('alert'))).toBe(LINK_INVALID);
      await checkScreen(page, viewport, 'reset-password-spent', {
        primary: button(page, 'Ask for a new link'),
      });
      await button(page, 'Ask for a new link').click();
      await page.getByRole('form', { name: 'Reset your password' }).waitFor({ timeout: WAIT_MS });
    } finally {
      await context.close();
    }
  });
});
