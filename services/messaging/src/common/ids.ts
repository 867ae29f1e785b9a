import { createHash } from 'node:crypto';

/** Identity names members by MongoDB ObjectId; a UUID is accepted too (see the gateway's MemberIdPipe). */
const MEMBER_ID = /^(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const CLIENT_MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isMemberId = (value: string): boolean => MEMBER_ID.test(value);
export const isClientMessageId = (value: string): boolean => CLIENT_MESSAGE_ID.test(value);
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A conversation is the pair of its members: `<a>:<b>` with the two ids sorted. So there is one
 * conversation per pair whatever the concurrency (its id is the unique key), and membership can be
 * read from the id itself.
 */
export function conversationId(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** The two members of a conversation id, or undefined for anything that is not one. */
export function membersOf(id: string): [string, string] | undefined {
  const parts = id.split(':');
  if (parts.length !== 2) return undefined;
  const [a, b] = parts;
  if (!isMemberId(a) || !isMemberId(b) || a >= b) return undefined;
  return [a, b];
}

export function otherMember(id: string, userId: string): string | undefined {
  const members = membersOf(id);
  if (!members || !members.includes(userId)) return undefined;
  return members[0] === userId ? members[1] : members[0];
}

/** A UUID-shaped id derived from a name (same name, same id): for ids that must repeat on a retry. */
export function derivedId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  // RFC 4122 layout with version 8 ("custom") and the variant bits set.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Position in a newest-first list ordered by (time, id): opaque to clients. */
export interface Cursor {
  ms: number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.ms}:${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): Cursor | undefined {
  if (!value) return undefined;
  const text = Buffer.from(value, 'base64url').toString();
  const match = /^(\d{1,15}):([A-Za-z0-9:_-]{1,200})$/.exec(text);
  return match ? { ms: Number(match[1]), id: match[2] } : undefined;
}

/** True when (ms, id) comes strictly before the cursor in newest-first order (i.e. is older). */
export function olderThan(ms: number, id: string, cursor: Cursor): boolean {
  return ms < cursor.ms || (ms === cursor.ms && id < cursor.id);
}
