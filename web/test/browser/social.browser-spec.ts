// The social screens of issue 4 in a real browser, against the running stack (gateway on AURA_BASE_URL
// serving web/dist, the social service behind it): create a post and a story, like, comment, follow a
// member and see their post in Following, find a post by a tag in Explore, the story viewer closing
// after 5 seconds, and the live landing page. Nothing of the social API is mocked.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
  button,
  launchBrowser,
  newContext,
  openSignedIn,
  registerMember,
  textOf,
  WAIT_MS,
  type Member,
} from './support/browser';

interface ApiPost {
  id: string;
  content: string;
  likes_count: number;
  comments_count: number;
  is_liked: boolean;
}

interface ApiComment {
  id: string;
  content: string;
  parent_comment_id: string | null;
}

const STORY_MS = 5000;
/**
 * How long a just-registered member may take to reach social's projection. A fresh test stack's
 * consumer groups start from the beginning of the shared topics, so social first replays every earlier
 * run's identity events (minutes on a busy machine) before it sees ours.
 */
const PROJECTION_WAIT_MS = 600_000;

/** A tag no other test run uses, so searching it finds exactly our post. */
const tag = `calm${randomBytes(4).toString('hex')}`;
const stamp = randomBytes(3).toString('hex');
const myPostText = `Grateful for slow mornings ${stamp} #${tag}`;
const myStoryText = `Sunrise on the balcony ${stamp}`;
const authorPostText = `Breathing with the ocean today ${stamp} #${tag}`;

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const feedTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const postCard = (page: Page | Locator, text: string) => page.getByRole('article').filter({ hasText: text });

async function closeDialog(page: Page, name: string) {
  const open = dialog(page, name);
  await button(open, 'Close').click();
  await open.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

async function showFeed(page: Page, name: string) {
  await feedTab(page, name).click();
  expect(await feedTab(page, name).getAttribute('aria-selected')).toBe('true');
}

/** Reads until `read()` gives `expected` (compared as JSON), or fails with the last value after WAIT_MS. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(last).toEqual(expected);
}

/**
 * Social keeps its own projection of members from identity's events (ADR 0004), so a member registered a
 * moment ago is searchable (and named on posts) shortly after, not at once: wait for it.
 */
async function waitUntilProjected(member: Member, viewer: Member) {
  await eventually(
    async () => {
      const found = await apiCall<{ users: { id: string; display_name: string }[] }>(
        'GET',
        `/search?query=${member.username}&content_type=users&limit=20`,
        { token: viewer.token },
      ).catch(() => ({ users: [] })); // a busy stack may answer 503 for a moment: ask again
      return found.users.some((u) => u.id === member.id && u.display_name === member.display_name);
    },
    true,
    PROJECTION_WAIT_MS,
  );
}

/** The toast (a polite live region) shows `message`. */
async function expectNotice(page: Page, message: string) {
  await page.getByRole('status').filter({ hasText: message }).waitFor({ timeout: WAIT_MS });
}

describe('social screens in the browser (issue 4; spec 000 §2, §4, §5, §8; 001 comments)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let me: Member;
  let author: Member;

  beforeAll(async () => {
    [me, author] = await Promise.all([
      registerMember('so', 'Luna Social'),
      registerMember('sa', 'Orion Author'),
    ]);
    // Social names members from identity's events: wait until both are known there (see PROJECTION_WAIT_MS).
    await Promise.all([waitUntilProjected(me, author), waitUntilProjected(author, me)]);
    await apiCall('POST', '/posts', {
      token: author.token,
      body: { content: authorPostText, content_type: 'text', category: 'inspiration', is_story: false },
    });
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await openSignedIn(context, me);
  }, PROJECTION_WAIT_MS + 60_000);

  // A failed step must not leave a dialog open over the next test's page.
  afterEach(async () => {
    if (!page) return;
    for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++)
      await page.keyboard.press('Escape');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates a post: the empty-post message first, then the post in the Following feed', async () => {
    await button(page, 'Create').click();
    const create = dialog(page, 'Create');
    await create.waitFor({ timeout: WAIT_MS });
    expect(await create.getByRole('tab', { name: 'Post', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );

    await button(create, 'Share Post').click();
    expect(await textOf(create.getByRole('alert'))).toBe('Please add content or media to your post');

    await create.getByLabel("What's on your mind?").fill(myPostText);
    await create.getByLabel('Category').selectOption('personal');
    await button(create, 'Share Post').click();
    await expectNotice(page, 'Post created successfully!');
    await create.waitFor({ state: 'hidden', timeout: WAIT_MS });

    await showFeed(page, 'Following');
    const card = postCard(page, myPostText);
    await card.waitFor({ timeout: WAIT_MS });
    expect((await textOf(card)).toLowerCase()).toContain('personal');
    expect(await textOf(card)).toContain(`@${me.username}`);
  });

  it('likes a post: at once on screen, and kept by the server', async () => {
    const card = postCard(page, myPostText);
    const like = card.getByRole('button', { name: /^Like/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await card.getByRole('button', { name: 'Like, 1 like' }).waitFor({ timeout: WAIT_MS });
    expect(await like.getAttribute('aria-pressed')).toBe('true');

    await eventually(
      async () => {
        const posts = await apiCall<ApiPost[]>('GET', `/users/${me.id}/posts?limit=10`, { token: me.token });
        const mine = posts.find((p) => p.content === myPostText);
        return mine && { likes: mine.likes_count, liked: mine.is_liked };
      },
      { likes: 1, liked: true },
    );
  });

  it('comments on a post: counter, reward hint, the comment in the list and on the server', async () => {
    const card = postCard(page, myPostText);
    await card.getByRole('button', { name: /^Comments/ }).click();
    const box = card.getByLabel('Add a comment');
    await box.waitFor({ timeout: WAIT_MS });
    expect(await textOf(card)).toContain('+0.03 AC');
    expect(await button(card, 'Comment').isDisabled()).toBe(true); // blank

    const comment = `So true, thank you ${stamp}`;
    await box.fill(comment);
    expect(await textOf(card)).toContain(`${comment.length}/300`);
    await button(card, 'Comment').click();

    await card.getByRole('listitem').filter({ hasText: comment }).waitFor({ timeout: WAIT_MS });
    await card.getByRole('button', { name: 'Comments, 1 comment' }).waitFor({ timeout: WAIT_MS });
    expect(await box.inputValue()).toBe('');

    const posts = await apiCall<ApiPost[]>('GET', `/users/${me.id}/posts?limit=10`, { token: me.token });
    const mine = posts.find((p) => p.content === myPostText)!;
    const comments = await apiCall<ApiComment[]>('GET', `/posts/${mine.id}/comments`, { token: me.token });
    expect(comments.map((c) => [c.content, c.parent_comment_id])).toEqual([[comment, null]]);
  });

  it('a post with more than 50 comments shows the first 50, then "Load more comments" the rest', async () => {
    const posts = await apiCall<ApiPost[]>('GET', `/users/${me.id}/posts?limit=10`, { token: me.token });
    const mine = posts.find((p) => p.content === myPostText)!;
    // 51 more (two members, within the per-minute comment limit): 52 with the one above.
    for (let i = 0; i < 51; i++)
      await apiCall('POST', `/posts/${mine.id}/comments`, {
        token: (i % 2 ? me : author).token,
        body: { post_id: mine.id, content: `Thread ${i} ${stamp}`, content_type: 'text' },
      });
    await page.reload();
    await showFeed(page, 'Following');
    const card = postCard(page, myPostText);
    await card.getByRole('button', { name: 'Comments, 52 comments' }).click();
    const item = (i: number) => card.getByRole('listitem').filter({ hasText: `Thread ${i} ${stamp}` });
    await item(48).waitFor({ timeout: WAIT_MS });
    expect(await item(49).count()).toBe(0);
    await button(card, 'Load more comments').click();
    await item(50).waitFor({ timeout: WAIT_MS });
    expect(await item(49).count()).toBe(1);
    expect(await button(card, 'Load more comments').count()).toBe(0);
  });

  it('follows a member from Explore and then sees their post in the Following feed', async () => {
    // Not followed yet: their post is not in Following.
    await showFeed(page, 'Following');
    await postCard(page, myPostText).waitFor({ timeout: WAIT_MS });
    expect(await postCard(page, authorPostText).count()).toBe(0);

    await button(page, 'Explore').click();
    const explore = dialog(page, 'Explore');
    await explore.getByRole('searchbox').fill(author.username);
    await explore
      .getByRole('region', { name: 'Users' })
      .getByRole('button', { name: `${author.display_name} @${author.username}, view profile` })
      .click();

    const profile = dialog(page, 'Profile');
    await profile.getByRole('heading', { name: author.display_name }).waitFor({ timeout: WAIT_MS });
    expect(await textOf(profile)).toContain(`@${author.username}`);
    const followers = profile.getByRole('definition').first();
    expect(await textOf(followers)).toBe('0');

    await button(profile, 'Follow').click();
    await button(profile, 'Following').waitFor({ timeout: WAIT_MS });
    expect(await textOf(followers)).toBe('1');
    // The server agrees (its profile counts settle a moment after the follow's own answer).
    await eventually(
      async () => {
        const answer = await apiCall<{ is_following: boolean; followers_count: number }>(
          'GET',
          `/users/${author.id}/profile`,
          { token: me.token },
        );
        return { following: answer.is_following, followers: answer.followers_count };
      },
      { following: true, followers: 1 },
    );
    // Their post shows on their profile too.
    await postCard(profile, authorPostText).waitFor({ timeout: WAIT_MS });
    // Dialogs stack (issue 22): closing the profile returns to Explore, which is closed next.
    await closeDialog(page, 'Profile');
    await closeDialog(page, 'Explore');

    await showFeed(page, 'Following');
    await postCard(page, authorPostText).waitFor({ timeout: WAIT_MS });
  });

  it('finds a post by its tag in Explore, from the search box and from a tag in a post', async () => {
    await button(page, 'Explore').click();
    const explore = dialog(page, 'Explore');
    await explore.getByRole('searchbox').fill(`#${tag}`);
    const postsTab = explore.getByRole('tab', { name: /^Posts/ });
    await explore.getByRole('tab', { name: 'Posts (2)', exact: true }).waitFor({ timeout: WAIT_MS });
    await postCard(explore, authorPostText).waitFor({ timeout: WAIT_MS });
    await postCard(explore, myPostText).waitFor({ timeout: WAIT_MS });

    await postsTab.click();
    expect(await postsTab.getAttribute('aria-selected')).toBe('true');
    await postCard(explore, authorPostText).waitFor({ timeout: WAIT_MS });

    // Clearing the text clears the results.
    await explore.getByRole('searchbox').fill('');
    await explore.getByText('Explore the community').waitFor({ timeout: WAIT_MS });
    await closeDialog(page, 'Explore');

    // A #tag in a post opens Explore searching it.
    await postCard(page, authorPostText)
      .getByRole('button', { name: `Search #${tag}` })
      .click();
    await dialog(page, 'Explore').waitFor({ timeout: WAIT_MS });
    expect(await dialog(page, 'Explore').getByRole('searchbox').inputValue()).toBe(`#${tag}`);
    await postCard(dialog(page, 'Explore'), authorPostText).waitFor({ timeout: WAIT_MS });
    await closeDialog(page, 'Explore');
  });

  it('creates a story from the strip: the empty-story message, then its bubble', async () => {
    await button(page, 'Create story').click();
    const create = dialog(page, 'Create');
    await create.waitFor({ timeout: WAIT_MS });
    expect(await create.getByRole('tab', { name: 'Story', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await button(create, 'Share Story').click();
    expect(await textOf(create.getByRole('alert'))).toBe('Please add content or media to your story');

    await create.getByLabel('Your story').fill(myStoryText);
    await button(create, 'Share Story').click();
    await expectNotice(page, 'Story created successfully!');
    await create.waitFor({ state: 'hidden', timeout: WAIT_MS });

    await page
      .getByRole('region', { name: 'Stories' })
      .getByRole('button', { name: `Story by ${me.display_name}: ${myStoryText}` })
      .waitFor({ timeout: WAIT_MS });
    // Stories are never in the feeds.
    expect(await postCard(page, myStoryText).count()).toBe(0);
  });

  it('the story viewer closes by itself after 5 seconds', async () => {
    const bubble = page.getByRole('button', { name: `Story by ${me.display_name}: ${myStoryText}` });
    await bubble.click();
    const viewer = dialog(page, `${me.display_name}'s story`);
    await viewer.waitFor({ timeout: WAIT_MS });
    const opened = Date.now();
    expect(await textOf(viewer)).toContain(myStoryText);
    await viewer.getByRole('progressbar', { name: 'Story progress' }).waitFor();

    await viewer.waitFor({ state: 'hidden', timeout: STORY_MS + 5000 });
    const shownFor = Date.now() - opened;
    expect(shownFor).toBeGreaterThanOrEqual(STORY_MS - 500);
    expect(shownFor).toBeLessThan(STORY_MS + 3000);
  });

  it('pausing holds the story viewer open; play lets it close', async () => {
    await page.getByRole('button', { name: `Story by ${me.display_name}: ${myStoryText}` }).click();
    const viewer = dialog(page, `${me.display_name}'s story`);
    await viewer.waitFor({ timeout: WAIT_MS });
    await button(viewer, 'Pause story').click();
    await button(viewer, 'Play story').waitFor();
    await page.waitForTimeout(300);
    const progress = await viewer.getByRole('progressbar').getAttribute('aria-valuenow');

    await page.waitForTimeout(STORY_MS + 1000);
    expect(await viewer.isVisible()).toBe(true);
    expect(await viewer.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(progress);

    await button(viewer, 'Play story').click();
    await viewer.waitFor({ state: 'hidden', timeout: STORY_MS + 3000 });
  });

  it('the own story: one bar segment per story of the author; Delete story from its menu, after a confirmation', async () => {
    const bubble = page.getByRole('button', { name: `Story by ${me.display_name}: ${myStoryText}` });
    await bubble.click();
    const viewer = dialog(page, `${me.display_name}'s story`);
    await viewer.waitFor({ timeout: WAIT_MS });
    const bar = viewer.getByRole('progressbar', { name: 'Story progress' });
    expect(await bar.locator(':scope > span').count()).toBe(1);
    // The menu holds the story (it does not close by itself meanwhile).
    await button(viewer, 'More options for your story').click();
    await button(viewer, 'Delete story').click();
    const confirm = viewer.getByRole('alertdialog', { name: 'Delete story?' });
    await confirm.waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(STORY_MS + 500);
    expect(await viewer.isVisible()).toBe(true);
    // Escape cancels the confirmation, not the viewer.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached', timeout: WAIT_MS });
    expect(await viewer.isVisible()).toBe(true);
    await button(viewer, 'More options for your story').click();
    await button(viewer, 'Delete story').click();
    await button(confirm, 'Delete').click();
    await viewer.waitFor({ state: 'hidden', timeout: WAIT_MS });
    await expectNotice(page, 'Story deleted');
    expect(await bubble.count()).toBe(0);
  });

  it('the landing page shows live figures and the community preview', async () => {
    const visitor = await newContext(browser);
    try {
      const stats = () => apiCall<{ total_users: number }>('GET', '/public/stats');
      const before = await stats();
      const landing = await visitor.newPage();
      await landing.goto('/');
      const preview = landing.getByRole('region', { name: 'Live Community Feed' });
      await preview.getByText('Live', { exact: true }).waitFor({ timeout: WAIT_MS });
      await preview.getByRole('listitem').filter({ hasText: authorPostText }).waitFor({ timeout: WAIT_MS });
      // The server's figure replaces the default (other test files may register members meanwhile).
      const card = landing.getByRole('article', { name: 'Total Users' });
      await eventually(async () => {
        const shown = Number((await textOf(card)).split(' ')[0]);
        return shown >= before.total_users && shown <= (await stats()).total_users;
      }, true);
    } finally {
      await visitor.close();
    }
  });
});
