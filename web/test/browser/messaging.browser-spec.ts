// The messaging dialog and the notification center of issue 6 in a real browser, against the running
// stack (gateway on AURA_BASE_URL serving web/dist, messaging and the realtime socket behind it): two
// members in two browser contexts chat live with the typing indicator and read ticks (clock, then double
// tick), Enter sends and Shift+Enter adds a line; blocking hides the composer and unblocking restores it;
// a follow shows as a notification with the unread badge, and Mark all read clears it. Nothing is mocked.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  apiCall,
  button,
  BASE_URL,
  launchBrowser,
  newContext,
  openSignedIn,
  registerMember,
  WAIT_MS,
  type Member,
} from './support/browser';

/** Social learns of a new member from identity's events; a follow answers 404 until then. */
const PROJECTION_WAIT_MS = 600_000;
/** A stored attachment is re-encoded by media first; a busy machine may take a while to serve it. */
const MEDIA_WAIT_MS = 45_000;
/** Spec 000 §9: typing stops after 2 s without a keystroke. */
const TYPING_STOP_MS = 2000;

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const conversationItem = (scope: Locator, username: string) =>
  scope.locator(`[data-conversation="${username}"]`);
const composer = (scope: Locator) => scope.getByRole('textbox', { name: 'Message', exact: true });
const bubble = (scope: Locator, text: string) => scope.locator('[data-message-id]').filter({ hasText: text });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openMessages(page: Page): Promise<Locator> {
  await button(page, 'Messages').first().click();
  const messages = dialog(page, 'Messages');
  await messages.waitFor({ timeout: WAIT_MS });
  return messages;
}

async function closeDialog(page: Page, name: string) {
  const open = dialog(page, name);
  await button(open, 'Close').click();
  await open.waitFor({ state: 'hidden', timeout: WAIT_MS });
}

/** The read tick of a message of one's own: 'clock' until read, then 'read'. */
const tickOf = (message: Locator) => message.locator('[data-tick]').getAttribute('data-tick');

async function waitForTick(message: Locator, tick: 'clock' | 'read') {
  await message.locator(`[data-tick="${tick}"]`).waitFor({ timeout: WAIT_MS });
}

/** A follow, repeated while social answers 404 (it has not heard of the member yet). */
async function followWhenKnown(follower: Member, followee: Member) {
  const deadline = Date.now() + PROJECTION_WAIT_MS;
  for (;;) {
    const response = await fetch(`${BASE_URL}/api/users/${followee.id}/follow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${follower.token}` },
    });
    if (response.ok) return;
    if (response.status !== 404 && response.status !== 503)
      throw new Error(`follow answered ${response.status}: ${await response.text()}`);
    if (Date.now() > deadline) throw new Error('social never learned of the member');
    await sleep(500);
  }
}

describe('messaging and notifications in the browser (issue 6; spec 000 §2, §4, §5, §7)', () => {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let sender: Page;
  let reader: Page;
  let ada: Member;
  let bea: Member;

  beforeAll(async () => {
    [ada, bea] = await Promise.all([
      registerMember('mada', 'Ada Messenger'),
      registerMember('mbea', 'Bea Listener'),
    ]);
    // Ada opens the conversation (GET /conversations/{userId} creates it); it has no message yet.
    await apiCall('GET', `/conversations/${bea.id}`, { token: ada.token });
    browser = await launchBrowser();
    contexts = [await newContext(browser), await newContext(browser)];
    sender = await openSignedIn(contexts[0]!, ada);
    reader = await openSignedIn(contexts[1]!, bea);
  }, 120_000);

  // A failed step must not leave a dialog open over the next test's page.
  afterEach(async () => {
    for (const page of [sender, reader].filter(Boolean))
      for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++)
        await page.keyboard.press('Escape');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('chats live: Enter sends, typing shows and stops, ticks go from clock to double tick', async () => {
    const adaChat = await openMessages(sender);
    const beaChat = await openMessages(reader);
    await beaChat.getByText('No conversations yet', { exact: true }).waitFor({ timeout: WAIT_MS });
    await beaChat.getByText('Select a conversation', { exact: true }).waitFor({ timeout: WAIT_MS });

    // Ada opens the empty conversation she started.
    await conversationItem(adaChat, bea.username).click();
    await adaChat.getByText('No messages yet', { exact: true }).waitFor({ timeout: WAIT_MS });
    await adaChat.getByText('Connected', { exact: true }).waitFor({ timeout: WAIT_MS });
    // Phone and video are there and do nothing.
    await button(adaChat, 'Voice call').click();
    await button(adaChat, 'Video call').click();

    // The emoji picker offers 20 emoji and puts one in the text.
    await button(adaChat, 'Emoji').click();
    expect(await adaChat.getByRole('group', { name: 'Emoji' }).getByRole('button').count()).toBe(20);
    await button(adaChat, 'Insert ✨').click();
    await composer(adaChat).pressSequentially(' Hello Bea');
    expect(await composer(adaChat).inputValue()).toBe('✨ Hello Bea');
    await composer(adaChat).press('Enter');
    expect(await composer(adaChat).inputValue()).toBe('');

    const first = bubble(adaChat, '✨ Hello Bea');
    await first.waitFor({ timeout: WAIT_MS });
    // Not read yet: a clock.
    await waitForTick(first, 'clock');

    // Bea's list gets the conversation live, with an unread badge and the last message.
    const item = conversationItem(beaChat, ada.username);
    await item.waitFor({ timeout: WAIT_MS });
    await item.getByText('✨ Hello Bea').waitFor({ timeout: WAIT_MS });
    await item.getByTestId('unread-badge').waitFor({ timeout: WAIT_MS });
    expect((await item.getByTestId('unread-badge').innerText()).trim()).toBe('1');
    // Search by display name and by username.
    const search = beaChat.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('nobody-like-this');
    await beaChat.getByText('No conversations yet', { exact: true }).waitFor({ timeout: WAIT_MS });
    await search.fill('ada mess');
    await item.waitFor({ timeout: WAIT_MS });
    await search.fill(ada.username);
    await item.click();
    await bubble(beaChat, '✨ Hello Bea').waitFor({ timeout: WAIT_MS });
    // Bea reads it: Ada's clock becomes a double tick, and Bea's badge goes.
    await waitForTick(first, 'read');
    await item.getByTestId('unread-badge').waitFor({ state: 'detached', timeout: WAIT_MS });
    // Both are online to each other.
    await adaChat.getByTestId('presence').filter({ hasText: 'Online' }).waitFor({ timeout: WAIT_MS });

    // Bea types: Ada sees it; 2 s without a keystroke and it stops.
    await composer(beaChat).pressSequentially('Hi Ada', { delay: 40 });
    await adaChat.getByTestId('typing-indicator').waitFor({ timeout: WAIT_MS });
    await sleep(TYPING_STOP_MS);
    await adaChat.getByTestId('typing-indicator').waitFor({ state: 'detached', timeout: WAIT_MS });

    // Typing again, then Shift+Enter adds a line and Enter sends (and typing stops on send).
    await composer(beaChat).pressSequentially('!', { delay: 40 });
    await adaChat.getByTestId('typing-indicator').waitFor({ timeout: WAIT_MS });
    await composer(beaChat).press('Shift+Enter');
    await composer(beaChat).pressSequentially('How are you?');
    expect(await composer(beaChat).inputValue()).toBe('Hi Ada!\nHow are you?');
    await composer(beaChat).press('Enter');
    const reply = bubble(adaChat, 'How are you?');
    await reply.waitFor({ timeout: WAIT_MS });
    expect(await reply.locator('p').innerText()).toBe('Hi Ada!\nHow are you?');
    await adaChat.getByTestId('typing-indicator').waitFor({ state: 'detached', timeout: WAIT_MS });
    // Ada has the chat open, so Bea's message is read at once: Bea sees the double tick.
    await waitForTick(bubble(beaChat, 'How are you?'), 'read');
    // Messages of the other member carry no tick.
    expect(await reply.locator('[data-tick]').count()).toBe(0);
    expect(await tickOf(first)).toBe('read');
    // Issue 23: today's line above the messages; "Seen" on Bea's last read message only; Ada's message
    // to Bea shows Ada's avatar beside it.
    await beaChat.getByRole('list', { name: 'Messages' }).getByText('Today', { exact: true }).waitFor();
    await bubble(beaChat, 'How are you?').getByText('Seen', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await beaChat.getByText('Seen', { exact: true }).count()).toBe(1);
    expect(await bubble(beaChat, '✨ Hello Bea').locator('[data-tier]').count()).toBe(1);
  }, 180_000); // two live pages and some twenty steps: slow on a busy 2-core machine

  it('sends a photo with a caption through the attachment picker; both members see it', async () => {
    const photo = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#f59e0b' } })
      .png()
      .toBuffer();
    const adaChat = await openMessages(sender);
    await conversationItem(adaChat, bea.username).click();
    await adaChat
      .locator('input[type="file"][aria-label="Attachment file"]')
      .setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: photo });
    await adaChat.getByText('sunrise.png', { exact: true }).waitFor({ timeout: WAIT_MS });
    await composer(adaChat).fill('A sunrise for you');
    await button(adaChat, 'Send').click();

    const beaChat = await openMessages(reader);
    await conversationItem(beaChat, ada.username).click();
    // Stored through media, readable by both members: the picture loads on each side.
    for (const chat of [adaChat, beaChat]) {
      const sent = bubble(chat, 'A sunrise for you');
      await sent
        .locator('[data-kind="image"][data-state="ready"] img')
        .waitFor({ state: 'attached', timeout: MEDIA_WAIT_MS })
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\nthe message: ${await sent.innerHTML().catch(String)}`);
        });
    }
  });

  it('blocking closes the chat and hides the composer; unblocking restores it', async () => {
    const adaChat = await openMessages(sender);
    await conversationItem(adaChat, bea.username).click();
    await button(adaChat, 'Block').click();
    await sender.getByText('User has been blocked', { exact: true }).waitFor({ timeout: WAIT_MS });
    // The open conversation closes.
    await adaChat.getByText('Select a conversation', { exact: true }).waitFor({ timeout: WAIT_MS });

    await conversationItem(adaChat, bea.username).click();
    await button(adaChat, 'Unblock').waitFor({ timeout: WAIT_MS });
    expect(await composer(adaChat).count()).toBe(0);
    await button(adaChat, 'Unblock').click();
    await sender.getByText('User has been unblocked', { exact: true }).waitFor({ timeout: WAIT_MS });
    await button(adaChat, 'Block').waitFor({ timeout: WAIT_MS });
    await composer(adaChat).waitFor({ timeout: WAIT_MS });
    // Writing works again; Bea, her messaging dialog closed, is told of the message (message_notification).
    await composer(adaChat).fill('Back again');
    await composer(adaChat).press('Enter');
    await bubble(adaChat, 'Back again').waitFor({ timeout: WAIT_MS });
    await reader.getByText('New message from Ada Messenger', { exact: true }).waitFor({ timeout: WAIT_MS });
    await closeDialog(sender, 'Messages');
  });

  it(
    'a notification shows in the center with the unread badge; Mark all read clears it',
    async () => {
      const bell = button(sender, 'Notifications');
      const badge = bell.getByTestId('notification-badge');
      expect(await badge.count()).toBe(0);

      await followWhenKnown(bea, ada);
      // Pushed live (new_notification): the badge appears without a reload.
      await badge.waitFor({ timeout: 60_000 });
      expect((await badge.innerText()).trim()).toBe('1');

      await bell.click();
      const center = dialog(sender, 'Notifications');
      await center.waitFor({ timeout: WAIT_MS });
      for (const tab of ['All', 'Unread', 'Social', 'Earnings'])
        await center.getByRole('tab', { name: tab, exact: true }).waitFor({ timeout: WAIT_MS });
      const follow = center.locator('li[data-type="follow"]');
      await follow.getByText('New follower', { exact: true }).waitFor({ timeout: WAIT_MS });
      expect(await follow.getAttribute('data-read')).toBe('false');

      // Earnings holds no follow; Unread and Social do.
      await center.getByRole('tab', { name: 'Earnings', exact: true }).click();
      await center.getByText('No earnings yet', { exact: true }).waitFor({ timeout: WAIT_MS });
      await center.getByRole('tab', { name: 'Unread', exact: true }).click();
      await follow.waitFor({ timeout: WAIT_MS });

      await button(center, 'Mark all read').click();
      await center.getByText('You are all caught up', { exact: true }).waitFor({ timeout: WAIT_MS });
      await badge.waitFor({ state: 'detached', timeout: WAIT_MS });
      await center.getByRole('tab', { name: 'All', exact: true }).click();
      expect(await follow.getAttribute('data-read')).toBe('true');

      // The server agrees.
      const stats = await apiCall<{ unread_count: number }>('GET', '/notifications/stats', {
        token: ada.token,
      });
      expect(stats.unread_count).toBe(0);
      await closeDialog(sender, 'Notifications');
    },
    PROJECTION_WAIT_MS + 60_000,
  );
});
