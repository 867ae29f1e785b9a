// Leaving Aura in a real browser, against the running stack, at 390 and 1366 px: a member with a post
// opens Settings → Account Security → Delete Account; a wrong password is refused in the server's words;
// the right one schedules the deletion, signs the member out and lands on the landing page, told when
// the account will be deleted. Signing in again keeps it ("Welcome back"). Asked again, the test clock
// (identity erases what is due 31 days from now) erases the account: the old credentials are refused,
// and a member who followed them sees "Deleted member" with no posts, and the post gone from the feed.
// The screens are checked (nothing sideways, axe). Nothing of the API is mocked.
import { randomBytes } from 'node:crypto';
import { closeTestClock, runAccountDeletionsAt } from '@aura/platform/testing';
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
import {
  checkScreen,
  DESKTOP,
  dialogNamed,
  openProfileSettings,
  PHONE,
  type Viewport,
} from './support/screens';

const DAY_MS = 86_400_000;
/** The screen checks (axe on the whole page) are slow on a busy machine. */
const SCREENS_MS = 240_000;
/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;
const INCORRECT_PASSWORD = 'Incorrect password';
const SCHEDULED = 'Your account is scheduled for deletion';
const SCHEDULED_MESSAGE =
  /^Your account will be deleted on \d{1,2} \w+ \d{4}\. Sign in before then to keep it\.$/;
const WELCOME_BACK = 'Welcome back — your account will not be deleted.';
const WRONG_CREDENTIALS = 'Invalid username or password. Please check your credentials.';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  closeTestClock();
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

/** A browser of its own, looking like one more client (the sign-in limits are per address). */
async function contextFor(viewport: Viewport): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: viewport.width, height: viewport.height },
    extraHTTPHeaders: { 'x-forwarded-for': `198.20.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250 || 1}` },
  });
  contexts.push(context);
  return context;
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));
const postCard = (scope: Page | Locator, text: string) =>
  scope.getByRole('article').filter({ hasText: text });

/** Settings → Account Security → Delete Account, scrolled to. */
async function openDeleteAccount(page: Page): Promise<Locator> {
  const card = (await openProfileSettings(page)).getByRole('region', { name: 'Delete Account' });
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The confirmation dialog, opened from the card. */
async function confirmDialog(card: Locator, page: Page): Promise<Locator> {
  await button(card, 'Delete Account').click();
  const dialog = dialogNamed(page, 'Delete Your Account');
  await dialog.getByLabel('Password', { exact: true }).waitFor({ timeout: WAIT_MS });
  return dialog;
}

/** Deletes with the right password; answers once the landing page shows the scheduled notice. */
async function deleteAccount(page: Page, member: Member): Promise<Locator> {
  const dialog = await confirmDialog(await openDeleteAccount(page), page);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await button(dialog, 'Delete Account').click();
  const notice = page.getByRole('status').filter({ hasText: SCHEDULED });
  await notice.waitFor({ timeout: WAIT_MS });
  await button(page, 'Create Account').waitFor({ timeout: WAIT_MS });
  return notice;
}

/** The sign-in card, from the landing page. */
async function signIn(page: Page, member: Member) {
  await button(page, 'Sign In').click();
  await page.getByLabel('Username', { exact: true }).fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await button(page, 'Sign In').click();
}

const expectHome = (page: Page, member: Member) =>
  page.getByText(`@${member.username}`, { exact: true }).first().waitFor({ timeout: WAIT_MS });

/** The member's own token still opens a session (false once every session has ended). */
const tokenWorks = async (token: string) =>
  (await fetch(`${BASE_URL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status === 200;

describe.each([PHONE, DESKTOP])('at $width px', (viewport: Viewport) => {
  const postText = `My last words here ${randomBytes(3).toString('hex')}`;
  let leaver: Member;
  let friend: Member;
  let page: Page;

  beforeAll(async () => {
    [leaver, friend] = await Promise.all([
      registerMember('del', 'Lea Leaving'),
      registerMember('delf', 'Fred Friend'),
    ]);
    await eventually(
      async () => (await apiCall('POST', `/users/${leaver.id}/follow`, { token: friend.token }), true),
      PROJECTION_WAIT_MS,
    );
    await apiCall('POST', '/posts', {
      token: leaver.token,
      body: { content: postText, category: 'general' },
    });
    page = await openSignedIn(await contextFor(viewport), leaver);
  }, PROJECTION_WAIT_MS + 60_000);

  it(
    "refuses a wrong password in the server's words; the right one schedules the deletion and signs out",
    async () => {
      const card = await openDeleteAccount(page);
      const explained = await textOf(card);
      expect(explained).toContain('30 days');
      expect(explained).toContain('Sign in again before then');
      expect(explained).toContain('AuraCoin in your wallet is lost');
      await checkScreen(page, viewport, 'delete-account-card', {
        dialog: 'Your Profile',
        primary: button(card, 'Delete Account'),
      });

      const dialog = await confirmDialog(card, page);
      await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
      await button(dialog, 'Delete Account').click();
      expect(await textOf(dialog.getByRole('alert'))).toBe(INCORRECT_PASSWORD);
      await checkScreen(page, viewport, 'delete-account-refused', {
        dialog: 'Delete Your Account',
        primary: button(dialog, 'Delete Account'),
      });
      // Still signed in: Cancel goes back to Settings.
      expect(await tokenWorks(leaver.token)).toBe(true);
      await button(dialog, 'Cancel').click();
      await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
      const profile = dialogNamed(page, 'Your Profile');
      await button(profile, 'Close').click();
      await profile.waitFor({ state: 'hidden', timeout: WAIT_MS });

      const notice = await deleteAccount(page, leaver);
      expect(await textOf(notice)).toMatch(new RegExp(`^${SCHEDULED} Your account will be deleted on`));
      expect(await textOf(notice.getByText(SCHEDULED_MESSAGE))).toMatch(SCHEDULED_MESSAGE);
      expect(await storedToken(page)).toBeNull();
      // Every session ended on the server: the one the test registered with too.
      expect(await tokenWorks(leaver.token)).toBe(false);
      await checkScreen(page, viewport, 'delete-account-scheduled', { primary: button(page, 'Dismiss') });
      // The notice stays above the sign-in card until dismissed.
      await button(page, 'Sign In').click();
      await notice.waitFor({ timeout: WAIT_MS });
      await button(page, 'Dismiss').click();
      expect(await notice.count()).toBe(0);
      await button(page, 'Back to home').click();
      await button(page, 'Create Account').waitFor({ timeout: WAIT_MS });
    },
    SCREENS_MS,
  );

  it('signing in again keeps the account, and says so', async () => {
    await signIn(page, leaver);
    await expectHome(page, leaver);
    await expectNotice(page, WELCOME_BACK);
    const me = await storedToken(page);
    expect(me).not.toBeNull();
    leaver.token = me!;
    expect(await tokenWorks(leaver.token)).toBe(true);
    // Nothing is due any more: the test clock a month on leaves the account alone.
    expect(await runAccountDeletionsAt(new Date(Date.now() + 31 * DAY_MS))).not.toContain(leaver.id);
    expect(await tokenWorks(leaver.token)).toBe(true);
  });

  it(
    'asked again, 30 days later the account is erased: the old password is refused, others see "Deleted member"',
    async () => {
      // The friend sees the post in Following, and its author's profile.
      const friendPage = await openSignedIn(await contextFor(viewport), friend);
      await friendPage.getByRole('tab', { name: 'Following', exact: true }).click();
      const card = postCard(friendPage, postText);
      await card.waitFor({ timeout: WAIT_MS });

      await deleteAccount(page, leaver);
      const erased = await runAccountDeletionsAt(new Date(Date.now() + 31 * DAY_MS));
      expect(erased).toContain(leaver.id);

      // The old credentials open nothing.
      await signIn(page, leaver);
      expect(await textOf(page.getByRole('alert'))).toBe(WRONG_CREDENTIALS);
      expect(await storedToken(page)).toBeNull();

      // The anonymous member reaches social's search (by event) a moment after the erasure.
      const tombstone = `deleted_${leaver.id}`;
      await eventually(async () => {
        const found = await apiCall<{ users: { username: string; display_name: string }[] }>(
          'GET',
          `/search?query=${tombstone}&content_type=users`,
          { token: friend.token },
        );
        return found.users.some((user) => user.display_name === 'Deleted member');
      });
      await eventually(async () => {
        const posts = await apiCall<{ content: string }[]>('GET', `/users/${leaver.id}/posts`, {
          token: friend.token,
        });
        return posts.length === 0;
      });

      // The friend's feed no longer holds the post (nor the follow).
      await friendPage.reload();
      await friendPage.getByRole('tab', { name: 'Following', exact: true }).click();
      await friendPage.getByRole('tab', { name: 'Following', exact: true, selected: true }).waitFor();
      await eventually(async () => (await postCard(friendPage, postText).count()) === 0);

      // Their profile: "Deleted member", nothing posted.
      await button(friendPage, 'Explore').click();
      const explore = dialogNamed(friendPage, 'Explore');
      await explore.getByRole('searchbox').fill(tombstone);
      await explore
        .getByRole('region', { name: 'Users' })
        .getByRole('button', { name: `Deleted member @${tombstone}, view profile` })
        .click();
      const profile = dialogNamed(friendPage, 'Profile');
      await profile.getByRole('heading', { name: 'Deleted member' }).waitFor({ timeout: WAIT_MS });
      await profile.getByText(`${tombstone} hasn't posted yet`).waitFor({ timeout: WAIT_MS });
      expect(await textOf(profile)).not.toContain(`@${leaver.username}`);
      expect(await postCard(profile, postText).count()).toBe(0);
      // Nothing to follow, message or tip: the profile says why instead.
      await profile.getByText('This account was deleted.').waitFor({ timeout: WAIT_MS });
      expect(await profile.getByRole('button', { name: /^(Follow|Message|Send Energy)/ }).count()).toBe(0);
      await checkScreen(friendPage, viewport, 'deleted-member-profile', { dialog: 'Profile' });
    },
    SCREENS_MS,
  );
});
