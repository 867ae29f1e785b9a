// Test data for the messaging specs.
import type { Conversation, Message } from './types';

export const ME = 'a00000000000000000000001';
export const OTHER = 'b00000000000000000000002';
export const CONVERSATION = `${ME}:${OTHER}`;

const person = (id: string, username: string, display_name: string) => ({
  id,
  username,
  display_name,
  profile_picture: '',
  aura_score: 500,
  is_super_aura: false,
});

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    conversation_id: CONVERSATION,
    sender: person(ME, 'me', 'Me'),
    recipient_id: OTHER,
    content: 'hello',
    message_type: 'text',
    media_url: null,
    is_read: false,
    read_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    client_message_id: null,
    removed: false,
    reply_to: null,
    reactions: [],
    story: null,
    ...overrides,
  };
}

export function makeConversation(
  overrides: Partial<Conversation> = {},
  other = person(OTHER, 'luna', 'Luna Star'),
) {
  return {
    id: CONVERSATION,
    other_participant: { ...other, is_online: false },
    unread_count: 0,
    is_blocked: false,
    last_message: null,
    last_message_time: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    ...overrides,
  } satisfies Conversation;
}

export const fromOther = (overrides: Partial<Message> = {}) =>
  makeMessage({ sender: person(OTHER, 'luna', 'Luna Star'), recipient_id: ME, ...overrides });
