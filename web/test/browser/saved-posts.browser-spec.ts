// Saving, hiding and sharing a post in a real browser, against the running stack, at 390 and 1366 px
// (issue 23): a member saves a post from its ⋯ menu (by keyboard), finds it in Your Profile → Saved and
// unsaves it there; hides a post (the card leaves the feed at once), undoes it from the notice, hides it
// again and it stays gone after a reload; shares a post without a share sheet: the text is copied to
// the clipboard. The menu's items are 44 px tall; the screens are checked (nothing sideways, axe).
// Nothing of the API is mocked; the browser's navigator.share is taken away for the copy fallback.
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  apiCall,
  BASE_URL,
  button,
  eventually,
  expectNotice,
  launchBrowser,
  registerMember,
  WAIT_MS,
  type Member,
} from './support/browser';
import { checkScreen, DESKTOP, dialogNamed, PHONE, type Viewport, SignedInPages } from './support/screens';

const SLOW_MS = 180_000;
/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;

let browser: Browser;
const pages = new SignedInPages();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
});

/** A signed-in page of that size, allowed to use the clipboard, without a Web Share API. */
const signIn = (member: Member, viewport: Viewport) =>
  pages.open(browser, member, viewport, async (context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
  });

const heightOf = async (scope: Locator, name: string) =>
  (await button(scope, name).boundingBox())?.height ?? 0;

describe.each([PHONE, DESKTOP])('at $width px', (viewport: Viewport) => {
  const tag = randomBytes(4).toString('hex');
  const keepText = `A recipe for slow mornings ${tag}`;
  const dullText = `Yet another gym selfie ${tag}`;
  const shareText = `Grateful for rainy days ${tag}`;
  let reader: Member;
  let author: Member;
  let page: Page;

  beforeAll(async () => {
    [reader, author] = await Promise.all([
      registerMember('sav', 'Sasha Saver'),
      registerMember('aut', 'Ari Author'),
    ]);
    await eventually(
      async () => (await apiCall('POST', `/users/${author.id}/follow`, { token: reader.token }), true),
      PROJECTION_WAIT_MS,
    );
    for (const content of [keepText, dullText, shareText])
      await apiCall('POST', '/posts', { token: author.token, body: { content, category: 'general' } });
    page = await signIn(reader, viewport);
    await page.getByRole('tab', { name: 'Following', exact: true }).click();
  }, PROJECTION_WAIT_MS + 60_000);

  const postIn = (scope: Page | Locator, text: string) =>
    scope.getByRole('article').filter({ hasText: text });
  const menuOf = (scope: Page | Locator, text: string) =>
    button(postIn(scope, text), `More options for ${author.display_name}'s post`);

  it(
    'saves a post from the ⋯ menu by keyboard, finds it in Your Profile → Saved, and unsaves it there',
    async () => {
      const post = postIn(page, keepText);
      await post.waitFor({ timeout: WAIT_MS });
      const menu = menuOf(page, keepText);
      await menu.focus();
      await page.keyboard.press('Enter');
      // The first item has the focus; the arrows move between them.
      await button(post, 'Save').waitFor({ timeout: WAIT_MS });
      expect(await button(post, 'Save').evaluate((element) => element === document.activeElement)).toBe(true);
      for (const name of ['Save', 'Share', 'Hide post', 'Report'])
        expect({ name, tall: (await heightOf(post, name)) >= 44 }).toEqual({ name, tall: true });
      await page.keyboard.press('ArrowDown');
      expect(await button(post, 'Share').evaluate((element) => element === document.activeElement)).toBe(
        true,
      );
      await page.keyboard.press('ArrowUp');
      await checkScreen(page, viewport, 'post-menu', { primary: button(post, 'Report') });
      await page.keyboard.press('Enter');
      await expectNotice(page, 'Post saved');
      await menu.click();
      await button(post, 'Unsave').waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Escape');

      await button(page, 'Open profile menu').click();
      await button(page, 'Your Profile').click();
      const profile = dialogNamed(page, 'Your Profile');
      await profile.getByRole('tab', { name: 'Saved', exact: true }).click();
      const panel = profile.getByRole('tabpanel');
      const saved = postIn(panel, keepText);
      await saved.waitFor({ timeout: WAIT_MS });
      expect(await panel.getByRole('article').count()).toBe(1);
      await checkScreen(page, viewport, 'saved-posts', { dialog: 'Your Profile' });

      await menuOf(panel, keepText).click();
      await button(saved, 'Unsave').click();
      await expectNotice(page, 'Removed from saved');
      await saved.waitFor({ state: 'detached', timeout: WAIT_MS });
      await panel.getByText('No saved posts yet', { exact: true }).waitFor({ timeout: WAIT_MS });
      await button(profile, 'Close').click();
      await profile.waitFor({ state: 'detached', timeout: WAIT_MS });
    },
    SLOW_MS,
  );

  it(
    'hides a post: the card leaves at once, Undo brings it back; hidden again, it stays gone after a reload',
    async () => {
      const post = postIn(page, dullText);
      await post.waitFor({ timeout: WAIT_MS });
      await menuOf(page, dullText).click();
      await button(post, 'Hide post').click();
      await post.waitFor({ state: 'detached', timeout: WAIT_MS });
      await expectNotice(page, "Post hidden. You won't see it in your feeds.");
      const undo = button(page, 'Undo');
      expect((await undo.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await undo.click();
      await post.waitFor({ timeout: WAIT_MS });
      await expectNotice(page, 'Post shown again');

      await menuOf(page, dullText).click();
      await button(post, 'Hide post').click();
      await post.waitFor({ state: 'detached', timeout: WAIT_MS });
      // The notice with its Undo, checked as a screen (it stays a few seconds, then goes).
      await checkScreen(page, viewport, 'post-hidden', { primary: button(page, 'Undo') });
      // The server has it: after a reload the feed comes without it.
      await eventually(async () => {
        await page.reload();
        await page.getByRole('tab', { name: 'Following', exact: true }).click();
        await postIn(page, keepText).waitFor({ timeout: WAIT_MS });
        return (await post.count()) === 0;
      });
      expect(await postIn(page, shareText).count()).toBe(1);
    },
    SLOW_MS,
  );

  it(
    'shares a post without a share sheet: "<text> — @<author>" is copied to the clipboard',
    async () => {
      const post = postIn(page, shareText);
      await post.waitFor({ timeout: WAIT_MS });
      expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
      await menuOf(page, shareText).click();
      await button(post, 'Share').click();
      await expectNotice(page, 'Copied to clipboard');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${shareText} — @${author.username}`,
      );
    },
    SLOW_MS,
  );
});
