import { CallContext, NotFound, Unauthenticated } from '@aura/platform';
import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OBJECT_ID = /^[0-9a-f]{24}$/i;

export const newId = (): string => randomUUID();

/** Posts, stories and comments have UUID ids. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Member ids are identity's (24-hex ObjectIds); UUIDs are accepted too. */
export const isMemberId = (value: string): boolean => OBJECT_ID.test(value) || UUID.test(value);

export const Messages = {
  signInRequired: 'Authentication required',
  postNotFound: 'Post not found',
  storyNotFound: 'Story not found',
  commentNotFound: 'Comment not found',
  userNotFound: 'User not found',
} as const;

/** The calling member, or Unauthenticated (401) for calls that act for someone. */
export function requireCaller(context: CallContext): string {
  const userId = context.caller?.userId;
  if (!userId) throw new Unauthenticated(Messages.signInRequired);
  return userId;
}

/** A post id from a request: anything but a UUID is a post that does not exist (404). */
export function postIdOf(value: string): string {
  if (!isUuid(value)) throw new NotFound(Messages.postNotFound);
  return value.toLowerCase();
}

export function commentIdOf(value: string): string {
  if (!isUuid(value)) throw new NotFound(Messages.commentNotFound);
  return value.toLowerCase();
}

export function memberIdOf(value: string): string {
  if (!isMemberId(value)) throw new NotFound(Messages.userNotFound);
  return value;
}
