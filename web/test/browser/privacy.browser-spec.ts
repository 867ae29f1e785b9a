// Mutes in a real browser on a phone-sized screen, against the running stack: the member mutes someone
// they follow from that member's profile, the post leaves their Following feed; Settings → Privacy lists
// the muted member, and Unmute brings the post back. Nothing of the API is mocked.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;
const postText = `Shouting about my morning run ${randomBytes(3).toString('hex')}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let me: Member;
let noisy: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: PHONE.width, height: PHONE.height },
  });
  [me, noisy] = await Promise.all([
    registerMember('mut', 'Quiet Reader'),
    registerMember('loud', 'Loud Poster'),
  ]);
  await eventually(
    async () => (await apiCall('POST', `/users/${noisy.id}/follow`, { token: me.token }), true),
    PROJECTION_WAIT_MS,
  );
  await apiCall('POST', '/posts', { token: noisy.token, body: { content: postText, category: 'general' } });
  page = await openSignedIn(context, me);
}, PROJECTION_WAIT_MS + 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const post = () => page.getByRole('article').filter({ hasText: postText });

it('mutes a member from their profile: their post leaves the feed; Privacy lists them; unmute brings it back', async () => {
  await page.getByRole('tab', { name: 'Following', exact: true }).click();
  await post().waitFor({ timeout: WAIT_MS });

  await post()
    .getByRole('button', { name: `Loud Poster @${noisy.username}, view profile` })
    .first()
    .click();
  const profile = page.getByRole('dialog', { name: 'Profile', exact: true });
  await button(profile, 'Mute').click();
  await expectNotice(page, "Muted. You won't see their posts and stories in your feeds.");
  expect(await button(profile, 'Muted').getAttribute('aria-pressed')).toBe('true');
  // Their profile still shows the post.
  await profile.getByRole('article').filter({ hasText: postText }).waitFor({ timeout: WAIT_MS });
  await button(profile, 'Close').click();
  await profile.waitFor({ state: 'hidden', timeout: WAIT_MS });
  await post().waitFor({ state: 'detached', timeout: WAIT_MS });

  await button(page, 'Open profile menu').click();
  await button(page, 'Your Profile').click();
  const own = page.getByRole('dialog', { name: 'Your Profile', exact: true });
  await own.getByRole('tab', { name: 'Settings', exact: true }).click();
  const muted = own.getByRole('region', { name: 'Muted members' });
  const row = muted.getByRole('listitem').filter({ hasText: `@${noisy.username}` });
  expect(await textOf(row)).toContain('Loud Poster');
  await button(muted, `Unmute @${noisy.username}`).click();
  await expectNotice(page, 'Unmuted');
  await muted.getByText("You haven't muted anyone.").waitFor({ timeout: WAIT_MS });
  await button(own, 'Close').click();
  await own.waitFor({ state: 'hidden', timeout: WAIT_MS });
  await post().waitFor({ timeout: WAIT_MS });
});
