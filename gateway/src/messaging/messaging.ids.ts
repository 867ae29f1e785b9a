import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';

// Path ids are checked before any call: an id of the wrong form is 404 (ADR 0004), so static
// segments (/users/blocked, /notifications/stats) can never be read as ids and no service sees junk.

export const USER_NOT_FOUND = 'User not found';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const MESSAGE_NOT_FOUND = 'Message not found';

const MEMBER_ID = '(?:[0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
/** Identity's member ids: MongoDB ObjectIds (24 hex digits), or UUIDs should they become so. */
export const MEMBER_ID_PATTERN = new RegExp(`^${MEMBER_ID}$`, 'i');
/** A conversation is named by its two members, sorted: `<a>:<b>`. */
export const CONVERSATION_ID_PATTERN = new RegExp(`^${MEMBER_ID}:${MEMBER_ID}$`, 'i');
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class PatternPipe implements PipeTransform<string, string> {
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

@Injectable()
export class MemberIdPipe extends PatternPipe {
  constructor() {
    super(MEMBER_ID_PATTERN, USER_NOT_FOUND);
  }
}

@Injectable()
export class ConversationIdPipe extends PatternPipe {
  constructor() {
    super(CONVERSATION_ID_PATTERN, CONVERSATION_NOT_FOUND);
  }
}

@Injectable()
export class NotificationIdPipe extends PatternPipe {
  constructor() {
    super(UUID_PATTERN, NOTIFICATION_NOT_FOUND);
  }
}

@Injectable()
export class MessageIdPipe extends PatternPipe {
  constructor() {
    super(UUID_PATTERN, MESSAGE_NOT_FOUND);
  }
}
