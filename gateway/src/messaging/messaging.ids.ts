import { Injectable } from '@nestjs/common';
import { IdPipe, UUID_PATTERN } from '../common/id.pipe';
import { MEMBER_ID } from '../common/member-id.pipe';

// Path ids are checked before any call (common/id.pipe.ts); members' ids: common/member-id.pipe.ts.

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const MESSAGE_NOT_FOUND = 'Message not found';

/** A conversation is named by its two members, sorted: `<a>:<b>`. */
export const CONVERSATION_ID_PATTERN = new RegExp(`^${MEMBER_ID}:${MEMBER_ID}$`, 'i');

@Injectable()
export class ConversationIdPipe extends IdPipe {
  constructor() {
    super(CONVERSATION_ID_PATTERN, CONVERSATION_NOT_FOUND);
  }
}

@Injectable()
export class NotificationIdPipe extends IdPipe {
  constructor() {
    super(UUID_PATTERN, NOTIFICATION_NOT_FOUND);
  }
}

@Injectable()
export class MessageIdPipe extends IdPipe {
  constructor() {
    super(UUID_PATTERN, MESSAGE_NOT_FOUND);
  }
}
