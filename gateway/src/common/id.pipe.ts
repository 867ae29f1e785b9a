import { NotFoundException, PipeTransform } from '@nestjs/common';

// Path ids are checked before any call: an id of the wrong form is 404 (ADR 0004), so that static
// segments (/posts/feed/…, /users/search, /users/blocked, /notifications/stats) can never be read as
// ids, and no service sees junk.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OBJECT_ID = '[0-9a-f]{24}';
/** Unanchored, for patterns made of several ids (a conversation id is two member ids). */
export const ID_FORMS = { UUID, OBJECT_ID } as const;
/** Posts, comments, messages, notifications, muted words: UUIDs. */
export const UUID_PATTERN = new RegExp(`^${UUID}$`, 'i');
/** Identity's member ids: MongoDB ObjectIds (24 hex digits). */
export const OBJECT_ID_PATTERN = new RegExp(`^${OBJECT_ID}$`, 'i');

/** A path id of one form: 404 with `notFound` for anything else; the id is lower-cased. */
export class IdPipe implements PipeTransform<string, string> {
  constructor(
    private readonly pattern: RegExp,
    private readonly notFound: string,
  ) {}

  transform(value: string): string {
    if (typeof value !== 'string' || !this.pattern.test(value))
      throw new NotFoundException({ detail: this.notFound });
    return value.toLowerCase();
  }
}
