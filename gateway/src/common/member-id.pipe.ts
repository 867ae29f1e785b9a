import { Injectable } from '@nestjs/common';
import { ID_FORMS, IdPipe, OBJECT_ID_PATTERN } from './id.pipe';

export const USER_NOT_FOUND = 'User not found';

/** One member id, unanchored, for the patterns made of member ids (a conversation id is two). */
export const MEMBER_ID = `(?:${ID_FORMS.OBJECT_ID}|${ID_FORMS.UUID})`;
/**
 * Identity's member ids: MongoDB ObjectIds (24 hex digits); a UUID is accepted too so that the
 * routes keep working should member ids become UUIDs like social's.
 */
export const MEMBER_ID_PATTERN = new RegExp(`^${MEMBER_ID}$`, 'i');

/** A member id in a path: 404 "User not found" for anything that is not one; lower-cased. */
@Injectable()
export class MemberIdPipe extends IdPipe {
  constructor() {
    super(MEMBER_ID_PATTERN, USER_NOT_FOUND);
  }
}

const memberIds = new MemberIdPipe();
const objectIdMemberIds = new IdPipe(OBJECT_ID_PATTERN, USER_NOT_FOUND);

/**
 * The pipe's check, for a handler that reads its body first: there a malformed body (422) is
 * answered before a wrong id, as the pipe on the parameter would not.
 */
export function memberIdOf(value: string): string {
  return memberIds.transform(value);
}

/** The same for PUT /admin/users/:id, which takes ObjectIds only (a UUID is 404 at the gateway). */
export function objectIdMemberIdOf(value: string): string {
  return objectIdMemberIds.transform(value);
}
