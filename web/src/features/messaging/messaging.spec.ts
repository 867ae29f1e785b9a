import { CHAT_EMOJI, insertAt } from './emoji';
import { CONVERSATION, fromOther, makeConversation, makeMessage, ME, OTHER } from './fixtures';
import {
  canSend,
  filterConversations,
  isChatBlocked,
  isOnline,
  LAST_MESSAGE_PREVIEW_MAX,
  lastMessagePreview,
  markMessageRead,
  mergeMessage,
  MessagingTexts,
  newClientMessageId,
  newMessageNotice,
  REMOVED_MESSAGE_TEXT,
  tickState,
  unreadFromOthers,
  upsertConversation,
} from './messaging';
import type { PendingMessage } from './types';

describe('messaging dialog rules (spec 000 §2, §4, §5, §9)', () => {
  it('quotes the empty states and alerts letter for letter', () => {
    expect(MessagingTexts.noConversations).toBe('No conversations yet');
    expect(MessagingTexts.noMessages).toBe('No messages yet');
    expect(MessagingTexts.selectConversation).toBe('Select a conversation');
    expect(MessagingTexts.sendFailed).toBe('Failed to send message. Please try again.');
    expect([MessagingTexts.blocked, MessagingTexts.blockFailed]).toEqual([
      'User has been blocked',
      'Failed to block user',
    ]);
    expect([MessagingTexts.unblocked, MessagingTexts.unblockFailed]).toEqual([
      'User has been unblocked',
      'Failed to unblock user',
    ]);
  });

  describe('last message preview', () => {
    it('keeps a text of 50 characters and cuts a longer one at 50', () => {
      const fifty = 'x'.repeat(LAST_MESSAGE_PREVIEW_MAX);
      expect(LAST_MESSAGE_PREVIEW_MAX).toBe(50);
      expect(lastMessagePreview(makeMessage({ content: fifty }))).toBe(fifty);
      expect(lastMessagePreview(makeMessage({ content: `${fifty}yz` }))).toBe(`${fifty}...`);
    });

    it('never splits an emoji and names an attachment without text', () => {
      const text = `${'a'.repeat(49)}😀😀`;
      expect(lastMessagePreview(makeMessage({ content: text }))).toBe(`${'a'.repeat(49)}😀...`);
      expect(lastMessagePreview(makeMessage({ content: '', message_type: 'image' }))).toBe('Photo');
      expect(lastMessagePreview(makeMessage({ content: ' ', message_type: 'audio' }))).toBe('Audio');
      expect(lastMessagePreview(null)).toBe('');
    });

    it('says a message a moderator removed was removed (issue 21 §3)', () => {
      const removed = makeMessage({ content: '', message_type: 'image', removed: true });
      expect(lastMessagePreview(removed)).toBe(REMOVED_MESSAGE_TEXT);
      expect(REMOVED_MESSAGE_TEXT).toBe('This message was removed by a moderator.');
    });
  });

  describe('search', () => {
    const luna = makeConversation({ id: 'c1' });
    const orion = makeConversation(
      { id: 'c2' },
      {
        id: 'o',
        username: 'orion_x',
        display_name: 'Orion Hunter',
        profile_picture: '',
        aura_score: 1,
        is_super_aura: false,
      },
    );

    it('matches the username or the display name, ignoring case, spaces around and a leading @', () => {
      expect(filterConversations([luna, orion], 'LUNA').map((c) => c.id)).toEqual(['c1']);
      expect(filterConversations([luna, orion], ' hunter ').map((c) => c.id)).toEqual(['c2']);
      expect(filterConversations([luna, orion], '@orion_').map((c) => c.id)).toEqual(['c2']);
      expect(filterConversations([luna, orion], 'nobody')).toEqual([]);
    });

    it('keeps everything for an empty search', () => {
      expect(filterConversations([luna, orion], '   ')).toEqual([luna, orion]);
    });
  });

  it('puts an updated conversation in place, latest activity first', () => {
    const older = makeConversation({ id: 'c1', last_message_time: '2026-03-01T10:00:00.000Z' });
    const newer = makeConversation({ id: 'c2', last_message_time: '2026-03-02T10:00:00.000Z' });
    const bumped = { ...older, last_message_time: '2026-03-03T10:00:00.000Z', unread_count: 2 };
    expect(upsertConversation([newer, older], bumped)).toEqual([bumped, newer]);
    const fresh = makeConversation({ id: 'c3', updated_at: '2026-03-01T11:00:00.000Z' });
    expect(upsertConversation([newer, older], fresh).map((c) => c.id)).toEqual(['c2', 'c3', 'c1']);
  });

  it('ticks: a clock on my unread message, a double tick once read, none on theirs', () => {
    expect(tickState(makeMessage({ is_read: false }), ME)).toBe('clock');
    expect(tickState(makeMessage({ is_read: true }), ME)).toBe('read');
    expect(tickState(fromOther({ is_read: false }), ME)).toBe('none');
  });

  it('sends trimmed text or a file, nothing else', () => {
    expect(canSend('  hi ', false)).toBe(true);
    expect(canSend(' \n ', false)).toBe(false);
    expect(canSend('', true)).toBe(true);
  });

  describe('merging messages', () => {
    it('adds a new message once, in time order', () => {
      const a = makeMessage({ id: 'a', created_at: '2026-03-01T10:00:00.000Z' });
      const b = makeMessage({ id: 'b', created_at: '2026-03-01T09:00:00.000Z' });
      const merged = mergeMessage([a], b);
      expect(merged.map((m) => m.id)).toEqual(['b', 'a']);
      expect(mergeMessage(merged, b)).toHaveLength(2);
    });

    it('replaces the pending copy with the echo of the same client_message_id', () => {
      const pending: PendingMessage = {
        ...makeMessage({ id: 'pending-x', client_message_id: 'x' }),
        pending: true,
      };
      const stored = makeMessage({ id: 'real', client_message_id: 'x' });
      const merged = mergeMessage([pending], stored);
      expect(merged).toEqual([stored]);
    });

    it('never takes a read message back to unread (a late push of the send)', () => {
      const read = makeMessage({ id: 'a', is_read: true });
      expect(mergeMessage([read], makeMessage({ id: 'a', is_read: false }))[0]!.is_read).toBe(true);
    });
  });

  it('marks a message read when its read update arrives (and leaves the list alone otherwise)', () => {
    const list = [makeMessage({ id: 'a' }), makeMessage({ id: 'b' })];
    const next = markMessageRead(list, 'b', '2026-03-01T10:05:00.000Z');
    expect(next.map((m) => m.is_read)).toEqual([false, true]);
    expect(next[1]!.read_at).toBe('2026-03-01T10:05:00.000Z');
    expect(markMessageRead(next, 'b', null)).toBe(next);
    expect(markMessageRead(next, 'zzz', null)).toBe(next);
  });

  it('lists the messages to mark read: theirs, unread, stored', () => {
    const mine = makeMessage({ id: 'mine' });
    const theirsRead = fromOther({ id: 'r', is_read: true });
    const theirs = fromOther({ id: 't' });
    expect(unreadFromOthers([mine, theirsRead, theirs], ME).map((m) => m.id)).toEqual(['t']);
  });

  it('tracks presence from events, else what the server said', () => {
    const presence = new Map([[OTHER, false]]);
    expect(isOnline(presence, OTHER, true)).toBe(false);
    expect(isOnline(presence, 'someone', true)).toBe(true);
    expect(isOnline(new Map([[OTHER, true]]), OTHER, false)).toBe(true);
  });

  it('hides the composer while either member blocks the other', () => {
    const open = makeConversation();
    const blocked = makeConversation({ is_blocked: true });
    expect(isChatBlocked(open, false, false)).toBe(false);
    expect(isChatBlocked(open, true, false)).toBe(true);
    expect(isChatBlocked(blocked, false, false)).toBe(true);
    // Unblocked here a moment ago: the conversation's flag may still lag behind.
    expect(isChatBlocked(blocked, false, true)).toBe(false);
    expect(isChatBlocked(blocked, true, true)).toBe(true);
  });

  it('names the sender of a message that arrives while the dialog is closed', () => {
    const event = (display_name: string, username: string) => ({
      conversation_id: CONVERSATION,
      message: fromOther(),
      sender: { id: OTHER, username, display_name, profile_picture: '' },
    });
    expect(newMessageNotice(event('Luna Star', 'luna'))).toBe('New message from Luna Star');
    expect(newMessageNotice(event('', 'luna'))).toBe('New message from luna');
    expect(newMessageNotice(event('', ''))).toBe('New message');
  });

  it('makes client message ids the server accepts', () => {
    expect(newClientMessageId(() => 'c7a4f1e2-9b1d-4c2a-8f3e-1d2c3b4a5f60')).toBe(
      'c7a4f1e2-9b1d-4c2a-8f3e-1d2c3b4a5f60',
    );
    expect(newClientMessageId(() => 'a b/c'.repeat(30))).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(CONVERSATION).toContain(':');
  });
});

describe('emoji picker (spec 000 §2: 20 emoji)', () => {
  it('offers 20 different emoji', () => {
    expect(CHAT_EMOJI).toHaveLength(20);
    expect(new Set(CHAT_EMOJI).size).toBe(20);
  });

  it('inserts at the caret, or at the end when the caret is unknown', () => {
    expect(insertAt('hello world', '✨', 5)).toEqual({ text: 'hello✨ world', caret: 6 });
    expect(insertAt('hi', '🔥', null)).toEqual({ text: 'hi🔥', caret: 4 });
    expect(insertAt('hi', '🔥', 99)).toEqual({ text: 'hi🔥', caret: 4 });
  });
});
