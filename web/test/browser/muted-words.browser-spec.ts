// Muted words in a real browser, against the running stack, at 390 and 1366 px: the member sees a post
// of someone they follow holding a word; mutes the word in Settings → Privacy → Muted Words (a phrase the
// server would refuse is refused first, in its words); back on the Following feed that post is gone and
// a post without the word is still there; Unmute brings the post back. A refusal only the server knows
// (the 100-word limit) shows in its words. The screens are checked (nothing sideways, axe). Nothing of
// the API is mocked.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  apiCall,
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
  contextAt,
  DESKTOP,
  dialogNamed,
  openProfileSettings,
  PHONE,
  type Viewport,
} from './support/screens';

/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;
const PHRASE_REFUSED = 'A muted word must be 1 to 50 characters';
const NO_WORDS = "You haven't muted any words.";

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function openSignedInAt(member: Member, viewport: Viewport): Promise<Page> {
  const context = await contextAt(browser, viewport);
  contexts.push(context);
  return openSignedIn(context, member);
}

async function openMutedWords(page: Page): Promise<Locator> {
  const section = (await openProfileSettings(page)).getByRole('region', { name: 'Muted words' });
  await button(section, 'Mute Word').waitFor({ timeout: WAIT_MS });
  return section;
}

async function closeProfile(page: Page) {
  const profile = dialogNamed(page, 'Your Profile');
  await button(profile, 'Close').click();
  await profile.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

describe.each([PHONE, DESKTOP])('at $width px', (viewport: Viewport) => {
  // A word of this run only, so that no other test's posts are hidden or counted.
  const word = `quokka${randomBytes(3).toString('hex')}`;
  const mutedText = `Big news about the ${word[0]!.toUpperCase()}${word.slice(1)}! Spoilers inside`;
  const keptText = `A calm walk by the river ${randomBytes(3).toString('hex')}`;
  let me: Member;
  let page: Page;

  beforeAll(async () => {
    let poster: Member;
    [me, poster] = await Promise.all([
      registerMember('mw', 'Mona Words'),
      registerMember('mwp', 'Pete Poster'),
    ]);
    await eventually(
      async () => (await apiCall('POST', `/users/${poster.id}/follow`, { token: me.token }), true),
      PROJECTION_WAIT_MS,
    );
    for (const content of [mutedText, keptText])
      await apiCall('POST', '/posts', { token: poster.token, body: { content, category: 'general' } });
    page = await openSignedInAt(me, viewport);
  }, PROJECTION_WAIT_MS + 60_000);

  const post = (text: string) => page.getByRole('article').filter({ hasText: text });

  it('a muted word hides the post holding it from the feed; unmuting brings it back', async () => {
    await page.getByRole('tab', { name: 'Following', exact: true }).click();
    await post(mutedText).waitFor({ timeout: WAIT_MS });
    await post(keptText).waitFor({ timeout: WAIT_MS });

    const section = await openMutedWords(page);
    await section.getByText(NO_WORDS).waitFor({ timeout: WAIT_MS });
    const form = section.getByRole('form', { name: 'Mute a word' });
    const phrase = form.getByLabel('Word, Phrase or #Tag', { exact: true });
    // What the server would refuse is refused before the call, in its words.
    await phrase.fill('  #  ');
    await button(form, 'Mute Word').click();
    expect(await textOf(form.getByRole('alert'))).toBe(PHRASE_REFUSED);
    await checkScreen(page, viewport, 'muted-words-refused', {
      dialog: 'Your Profile',
      primary: button(form, 'Mute Word'),
    });

    // Any case: the server keeps it lower-cased, and matches it whole in any case.
    await phrase.fill(` ${word.toUpperCase()} `);
    const duration = form.getByLabel('Mute For', { exact: true });
    expect((await duration.locator('option').allInnerTexts()).map((option) => option.trim())).toEqual([
      'Forever',
      '24 hours',
      '7 days',
      '30 days',
    ]);
    await duration.selectOption({ label: '24 hours' });
    await button(form, 'Mute Word').click();
    await expectNotice(page, `Muted “${word}”`);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await phrase.inputValue()).toBe('');
    const row = section.getByRole('list', { name: 'Your muted words' }).getByRole('listitem');
    expect(await textOf(row)).toBe(`${word} Muted just now · ends in 24 hours Unmute`);
    const stored = await apiCall<{ phrase: string; expires_at: string | null }[]>('GET', '/muted-words', {
      token: me.token,
    });
    expect(stored).toEqual([expect.objectContaining({ phrase: word, expires_at: expect.any(String) })]);
    const hoursLeft = (Date.parse(stored[0]!.expires_at!) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.5);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    await row.scrollIntoViewIfNeeded();
    await checkScreen(page, viewport, 'muted-words-list', {
      dialog: 'Your Profile',
      primary: button(section, `Unmute ${word}`),
    });

    await closeProfile(page);
    await post(mutedText).waitFor({ state: 'detached', timeout: WAIT_MS });
    await post(keptText).waitFor({ timeout: WAIT_MS });
    // Not merely out of this page's cache: a fresh load leaves it out too.
    await page.reload();
    await page.getByRole('tab', { name: 'Following', exact: true }).click();
    await post(keptText).waitFor({ timeout: WAIT_MS });
    expect(await post(mutedText).count()).toBe(0);

    const again = await openMutedWords(page);
    await button(again, `Unmute ${word}`).click();
    await expectNotice(page, 'Unmuted');
    await again.getByText(NO_WORDS).waitFor({ timeout: WAIT_MS });
    expect(await apiCall('GET', '/muted-words', { token: me.token })).toEqual([]);
    await closeProfile(page);
    await post(mutedText).waitFor({ timeout: WAIT_MS });
    await post(keptText).waitFor({ timeout: WAIT_MS });
  });
});

it("shows the server's refusal in its words: at most 100 muted words", async () => {
  const member = await registerMember('mwl', 'Lots Muted');
  for (let start = 0; start < 100; start += 20)
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apiCall('POST', '/muted-words', { token: member.token, body: { phrase: `word${start + index}` } }),
      ),
    );
  const page = await openSignedInAt(member, PHONE);
  const section = await openMutedWords(page);
  const words = section.getByRole('list', { name: 'Your muted words' }).getByRole('listitem');
  await words.nth(99).waitFor({ timeout: WAIT_MS });
  expect(await words.count()).toBe(100);

  const form = section.getByRole('form', { name: 'Mute a word' });
  await form.getByLabel('Word, Phrase or #Tag', { exact: true }).fill('one too many');
  await button(form, 'Mute Word').click();
  expect(await textOf(form.getByRole('alert'))).toBe('You can mute at most 100 words');
  expect(await form.getByLabel('Word, Phrase or #Tag', { exact: true }).inputValue()).toBe('one too many');
  expect(await words.count()).toBe(100);
});
