// The chat of issue 23 (item 3, and item 5's reply to a story) in a real browser against the running
// stack, at 390 and 1366 px: opening a conversation with unread messages shows "N new messages" at the
// first of them; "Jump to latest" appears when scrolled up; a message is answered from its Reply button
// (the "Replying to" bar cancels, then the reply shows its quote, which scrolls to the original);
// reactions toggle on and off with the count under the bubble, and a fourth different one is not
// offered; the header's search finds a message and jumps to it; a quick reaction on a story opens the
// chat with the author, the story quoted. Nothing of the API is mocked.
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  apiCall,
  button,
  eventually,
  launchBrowser,
  registerMember,
  WAIT_MS,
  type Member,
} from './support/browser';
import {
  DESKTOP,
  dialogNamed,
  expectNoSidewaysOverflow,
  PHONE,
  type Viewport,
  SignedInPages,
} from './support/screens';

/** A just-registered member reaches social's projection a moment later (it learns of them by event). */
const PROJECTION_WAIT_MS = 120_000;
const FILLERS = 24;

let browser: Browser;
const pages = new SignedInPages();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
});

const signIn = (member: Member, viewport: Viewport) => pages.open(browser, member, viewport);

const bubble = (scope: Locator, text: string) => scope.locator('[data-message-id]').filter({ hasText: text });
const composer = (scope: Locator) => scope.getByRole('textbox', { name: 'Message', exact: true });

describe.each([PHONE, DESKTOP])('the chat at $width px', (viewport: Viewport) => {
  const tag = randomBytes(4).toString('hex');
  const walk = `Morning walk at 7 ${tag}`;
  const water = `Bring water ${tag}`;
  const storyText = `Sunrise over the lake ${tag}`;
  let ada: Member;
  let bea: Member;
  let page: Page;
  let chat: Locator;

  beforeAll(async () => {
    [ada, bea] = await Promise.all([
      registerMember('cra', 'Ada Reader'),
      registerMember('crb', 'Bea Writer'),
    ]);
    // Bea writes; Ada has read nothing yet.
    await apiCall('POST', '/messages', { token: bea.token, body: { recipient_id: ada.id, content: walk } });
    for (let n = 1; n <= FILLERS; n += 1)
      await apiCall('POST', '/messages', {
        token: bea.token,
        body: { recipient_id: ada.id, content: `Line ${n} of a long story ${tag}` },
      });
    await apiCall('POST', '/messages', { token: bea.token, body: { recipient_id: ada.id, content: water } });
    // Ada follows Bea, whose story then shows in Ada's story bar.
    await eventually(
      async () => (await apiCall('POST', `/users/${bea.id}/follow`, { token: ada.token }), true),
      PROJECTION_WAIT_MS,
    );
    await apiCall('POST', '/posts', {
      token: bea.token,
      body: { content: storyText, category: 'general', is_story: true },
    });
    page = await signIn(ada, viewport);
  }, PROJECTION_WAIT_MS + 120_000);

  it('opens at "N new messages", offers "Jump to latest" when scrolled up', async () => {
    await button(page, 'Messages').first().click();
    const messages = dialogNamed(page, 'Messages');
    await messages.waitFor({ timeout: WAIT_MS });
    await messages.locator(`[data-conversation="${bea.username}"]`).click();
    chat = messages.getByRole('region', { name: `Chat with ${bea.display_name}` });
    const line = chat.getByTestId('new-messages');
    await line.waitFor({ timeout: WAIT_MS });
    expect((await line.innerText()).trim()).toBe(`${FILLERS + 2} new messages`);
    // It opened at the first unread message, not at the bottom.
    await eventually(async () => (await button(chat, 'Jump to latest ↓').count()) === 1);
    await button(chat, 'Jump to latest ↓').click();
    await eventually(async () => (await button(chat, 'Jump to latest ↓').count()) === 0);
    await bubble(chat, water).waitFor({ timeout: WAIT_MS });
    await expectNoSidewaysOverflow(page, 'Messages');
  });

  it('replies to a message: the bar cancels, the reply quotes it, the quote scrolls back to it', async () => {
    const original = bubble(chat, walk);
    await original.hover();
    await original.getByRole('button', { name: /^Reply to the message sent at / }).click();
    const bar = chat.getByRole('status', { name: 'Replying' });
    await bar.getByText(walk).waitFor({ timeout: WAIT_MS });
    await button(bar, 'Cancel reply').click();
    await bar.waitFor({ state: 'hidden', timeout: WAIT_MS });

    await original.hover();
    await original.getByRole('button', { name: /^Reply to the message sent at / }).click();
    // A send the server refuses gives back the text and what it replied to.
    await page.route(
      '**/api/messages',
      (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Try again"}' }),
      { times: 1 },
    );
    await composer(chat).fill(`Yes, see you there ${tag}`);
    await composer(chat).press('Enter');
    await bar.getByText(walk).waitFor({ timeout: WAIT_MS });
    await eventually(async () => (await composer(chat).inputValue()) === `Yes, see you there ${tag}`);
    await composer(chat).press('Enter');
    const reply = bubble(chat, `Yes, see you there ${tag}`);
    const quote = reply.getByTestId('message-quote');
    await quote.getByText(walk).waitFor({ timeout: WAIT_MS });
    await quote.getByText(bea.display_name).waitFor({ timeout: WAIT_MS });
    await chat.getByRole('status', { name: 'Replying' }).waitFor({ state: 'hidden', timeout: WAIT_MS });
    await quote.click();
    await original.and(chat.locator('[data-highlighted]')).waitFor({ timeout: WAIT_MS });
    // Bea reads the quote from the API too.
    const conversationId = [ada.id, bea.id].sort().join(':');
    await eventually(async () => {
      const list = await apiCall<{ content: string; reply_to: { excerpt: string } | null }[]>(
        'GET',
        `/conversations/${conversationId}/messages`,
        { token: bea.token },
      );
      return list.some((m) => m.content === `Yes, see you there ${tag}` && m.reply_to?.excerpt === walk);
    });
  });

  it('reacts: toggles on and off with a count, and offers no fourth different emoji', async () => {
    const target = bubble(chat, water);
    const pick = async (emoji: string) => {
      await target.hover();
      await target.getByRole('button', { name: /^React to the message sent at / }).click();
      await target
        .getByRole('group', { name: 'React with' })
        .getByRole('button', { name: `React with ${emoji}` })
        .click();
    };
    await pick('👍');
    const mine = target
      .getByRole('list', { name: 'Reactions' })
      .getByRole('button', { name: '👍 1, yours: take it back' });
    await mine.waitFor({ timeout: WAIT_MS });
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    await mine.click();
    await target.getByRole('list', { name: 'Reactions' }).waitFor({ state: 'hidden', timeout: WAIT_MS });

    for (const emoji of ['❤️', '😂', '😮']) {
      await pick(emoji);
      await target
        .getByRole('button', { name: `${emoji} 1, yours: take it back` })
        .waitFor({ timeout: WAIT_MS });
    }
    await target.hover();
    await target.getByRole('button', { name: /^React to the message sent at / }).click();
    const picker = target.getByRole('group', { name: 'React with' });
    expect(await picker.getByRole('button', { name: 'React with 🙏' }).isDisabled()).toBe(true);
    expect(await picker.getByRole('button', { name: 'React with ❤️' }).isDisabled()).toBe(false);
    await target.getByRole('button', { name: /^React to the message sent at / }).click();
  });

  it('searches the conversation from the header and jumps to a result', async () => {
    await button(chat, 'Search messages').click();
    await chat.getByRole('searchbox', { name: 'Search messages' }).fill('MORNING WALK');
    const results = chat.getByRole('list', { name: 'Search results' });
    await results.getByText(walk).waitFor({ timeout: WAIT_MS });
    // The reply quotes it but does not contain it: one result.
    expect(await results.getByRole('button').count()).toBe(1);
    await results.getByRole('button').first().click();
    await bubble(chat, walk).and(chat.locator('[data-highlighted]')).waitFor({ timeout: WAIT_MS });
    await chat.getByRole('searchbox', { name: 'Search messages' }).fill('nothing-like-this');
    await chat.getByText('No messages contain “nothing-like-this”.').waitFor({ timeout: WAIT_MS });
    await button(chat.getByRole('search'), 'Close').click();
    await expectNoSidewaysOverflow(page, 'Messages');
    await button(dialogNamed(page, 'Messages'), 'Close').first().click();
  });

  it('a quick reaction on a story opens the chat with the author, the story quoted', async () => {
    await page.reload();
    const storyBubble = page.getByRole('button', { name: new RegExp(`^Story by ${bea.display_name}`) });
    await storyBubble.first().waitFor({ timeout: WAIT_MS });
    await storyBubble.first().click();
    const viewer = page.getByRole('dialog', { name: new RegExp(`^${bea.display_name}'s story`) });
    await viewer.waitFor({ timeout: WAIT_MS });
    await button(viewer.getByRole('group', { name: 'Quick reactions' }), 'React with 🔥').click();
    await viewer.waitFor({ state: 'hidden', timeout: WAIT_MS });
    const messages = dialogNamed(page, 'Messages');
    await messages.waitFor({ timeout: WAIT_MS });
    const sent = messages
      .locator('[data-message-id]')
      .filter({ has: page.getByTestId('story-quote') })
      .last();
    await sent.getByText(storyText).waitFor({ timeout: WAIT_MS });
    await sent.getByText('🔥').waitFor({ timeout: WAIT_MS });
    await expectNoSidewaysOverflow(page, 'Messages');
  });
});
