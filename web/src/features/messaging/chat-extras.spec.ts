import {
  canToggleReaction,
  newMessagesLabel,
  quoteText,
  reactedWith,
  unreadMark,
  UNAVAILABLE_QUOTE_TEXT,
  withReactions,
} from './chat-extras';
import { fromOther, makeMessage, ME, OTHER } from './fixtures';
import type { Message } from './types';

const message = (id: string, senderId: string, extra: Partial<Message> = {}) =>
  (senderId === ME ? makeMessage : fromOther)({ id, ...extra });

describe('chat extras', () => {
  it('replaces one message’s reactions and tells which are mine', () => {
    const list = [message('1', ME), message('2', OTHER)];
    const next = withReactions(list, '2', [{ emoji: '👍', count: 1, user_ids: [ME] }]);
    expect(next[0]).toBe(list[0]);
    expect(reactedWith(next[1], '👍', ME)).toBe(true);
    expect(reactedWith(next[1], '👍', OTHER)).toBe(false);
  });

  it('a member may hold 3 different emoji, and take any back', () => {
    const full = message('1', OTHER, {
      reactions: (['❤️', '😂', '👍'] as const).map((emoji) => ({ emoji, count: 1, user_ids: [ME] })),
    });
    expect(canToggleReaction(full, '🙏', ME)).toBe(false);
    expect(canToggleReaction(full, '👍', ME)).toBe(true);
    expect(canToggleReaction(full, '🙏', OTHER)).toBe(true);
  });

  it('quotes text, names an attachment, and says when a message is gone', () => {
    expect(quoteText({ content: 'hi', message_type: 'text', removed: false })).toBe('hi');
    expect(quoteText({ content: '', message_type: 'image', removed: false })).toBe('Image');
    expect(quoteText({ content: 'x', message_type: 'text', removed: true })).toBe(UNAVAILABLE_QUOTE_TEXT);
  });

  it('marks the first unread message to me and counts them', () => {
    const list = [
      message('1', OTHER, { is_read: true }),
      message('2', ME),
      message('3', OTHER),
      message('4', OTHER),
    ];
    expect(unreadMark(list, ME)).toEqual({ firstUnreadId: '3', count: 2 });
    expect(unreadMark(list.slice(0, 2), ME)).toBeUndefined();
    expect(newMessagesLabel(1)).toBe('1 new message');
    expect(newMessagesLabel(4)).toBe('4 new messages');
  });
});
