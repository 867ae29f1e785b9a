import { InvalidInput, RuleViolation } from '@aura/platform';
import { isClientMessageId } from '../common/ids';
import { MESSAGE_TYPES, MessageType } from './message.schema';

export const MAX_MESSAGE_LENGTH = 5000;
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;

export const MessageRules = {
  empty: 'Message cannot be empty',
  tooLong: `Message is too long (at most ${MAX_MESSAGE_LENGTH} characters)`,
  badType: `message_type must be one of ${MESSAGE_TYPES.join(', ')}`,
  mediaRequired: 'An image, video or audio message needs its uploaded file',
  mediaNotAllowed: 'A text message carries no media_url',
  badClientId: 'client_message_id must be 1-64 letters, digits, "-" or "_"',
  blocked: 'You cannot message this user',
  notRecipient: 'Only the recipient can mark a message as read',
  messageNotFound: 'Message not found',
  badCursor: 'cursor is not valid',
  replyNotFound: 'The message you reply to is not in this conversation',
  replyRemoved: 'You cannot reply to a removed message',
  storyNotOfRecipient: 'A story reply goes to the story’s author',
  searchTooShort: `Search for at least ${MIN_SEARCH_LENGTH} characters`,
  searchTooLong: `Search for at most ${MAX_SEARCH_LENGTH} characters`,
} as const;

/** Escapes text for a RegExp that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Search within a conversation: the trimmed text, checked for length (InvalidInput otherwise). */
export function validateSearch(q: string): string {
  const text = (q ?? '').trim();
  if ([...text].length < MIN_SEARCH_LENGTH) throw new InvalidInput(MessageRules.searchTooShort);
  if ([...text].length > MAX_SEARCH_LENGTH) throw new InvalidInput(MessageRules.searchTooLong);
  return text;
}

/** Where media serves message attachments (the gateway passes what media answered). */
const ATTACHMENT_PATH = /^\/api\/media\/messages\/[A-Za-z0-9._-]{1,200}(\?[A-Za-z0-9=&._~%-]*)?$/;

export interface SendInput {
  content: string;
  messageType: string;
  mediaUrl: string;
  mediaFilename: string;
  clientMessageId: string;
}

export interface ValidSend {
  content: string;
  messageType: MessageType;
  mediaUrl: string;
  mediaFilename: string;
  clientMessageId: string;
}

/**
 * A chat message is sendable when its text is not blank after trimming, or a file is attached
 * (spec 000 §5); text is kept trimmed. Malformed input is 422 (InvalidInput), a broken rule 400.
 */
export function validateSend(input: SendInput): ValidSend {
  const messageType = (input.messageType || 'text') as MessageType;
  if (!MESSAGE_TYPES.includes(messageType)) throw new InvalidInput(MessageRules.badType);
  if (input.clientMessageId && !isClientMessageId(input.clientMessageId))
    throw new InvalidInput(MessageRules.badClientId);
  const content = (input.content ?? '').trim();
  if (content.length > MAX_MESSAGE_LENGTH) throw new RuleViolation(MessageRules.tooLong);
  const mediaUrl = input.mediaUrl ?? '';
  if (messageType === 'text') {
    if (mediaUrl) throw new InvalidInput(MessageRules.mediaNotAllowed);
    if (!content) throw new RuleViolation(MessageRules.empty);
  } else if (!ATTACHMENT_PATH.test(mediaUrl)) {
    throw new InvalidInput(MessageRules.mediaRequired);
  }
  return {
    content,
    messageType,
    mediaUrl,
    mediaFilename: input.mediaFilename ?? '',
    clientMessageId: input.clientMessageId ?? '',
  };
}
