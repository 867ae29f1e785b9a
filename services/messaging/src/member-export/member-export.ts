import {
  decodeExportCursor,
  encodeExportCursor,
  EXPORT_PAGE_SIZE,
  ExportRecord,
  ExportRecords,
  ExportMessages,
  exportPageOf,
  InvalidInput,
  isoDate,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { otherMember } from '../common/ids';
import type { ConversationDoc } from '../conversations/conversation.schema';
import { ConversationsRepository, type ExportPosition } from '../conversations/conversations.repository';
import { MembersRepository } from '../members/members.repository';
import type { Participant } from '../members/participant';
import type { MessageDoc } from '../messages/message.schema';
import { NotificationSettingsRepository } from '../notifications/notification-settings.repository';

/** What messaging holds of a member's data export (docs/data-export.md). */
export const MESSAGING_EXPORT_PARTS = ['conversations', 'messages', 'notification_settings'] as const;
export type MessagingExportPart = (typeof MESSAGING_EXPORT_PARTS)[number];

/** Conversations are walked this many at a time while filling a page of messages. */
const CONVERSATION_BATCH = 100;

/** Conversations another member opened: how many are checked for a message at once. */
const EXISTS_BATCH = 25;

const ms = (date: Date) => new Date(date).getTime();

/**
 * Reads a member's conversations and the messages in them for their data export, a page at a time,
 * and their notification settings.
 * What the member sees in the app: the conversations in their list (the other member's ones without a
 * message yet are not), every message of both sides but those a moderator removed. Messages come
 * conversation by conversation (in the order of the conversations part), each oldest first.
 */
@Injectable()
export class MessagingExport {
  /** Records per page (tests lower it). */
  pageSize = EXPORT_PAGE_SIZE;

  constructor(
    @Inject(ConversationsRepository) private readonly store: ConversationsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(NotificationSettingsRepository)
    private readonly notificationSettings: NotificationSettingsRepository,
  ) {}

  page(userId: string, part: MessagingExportPart, cursor: string): Promise<ExportRecords> {
    switch (part) {
      case 'conversations':
        return this.conversationsPage(userId, cursor);
      case 'messages':
        return this.messagesPage(userId, cursor);
      case 'notification_settings':
        return this.notificationSettingsRecord(userId);
    }
  }

  /** One record: the kinds turned off, the daily digest, the wellbeing reminder (null: off). */
  private async notificationSettingsRecord(userId: string): Promise<ExportRecords> {
    const preferences = await this.notificationSettings.preferencesOf(userId);
    return {
      records: [
        {
          muted_types: preferences.mutedTypes,
          daily_digest: preferences.dailyDigest,
          wellbeing_reminder_time: preferences.reminder?.time ?? null,
          wellbeing_reminder_time_zone: preferences.reminder?.timeZone ?? null,
        },
      ],
      nextCursor: '',
    };
  }

  private async conversationsPage(userId: string, cursor: string): Promise<ExportRecords> {
    const position = decodeExportCursor(cursor, ['number', 'string'] as const);
    const fetched = await this.store.exportConversationsAfter(userId, position, this.pageSize + 1);
    const page = exportPageOf(fetched, this.pageSize, (last) => [ms(last.created_at), last._id]);
    const shown = await this.visibleTo(userId, page.items);
    const docs = page.items.filter((doc) => shown.has(doc._id));
    const other = (doc: ConversationDoc) => otherMember(doc._id, userId) ?? '';
    const people = await this.known(docs.map(other));
    return {
      records: docs.map((doc) => ({
        id: doc._id,
        created_at: isoDate(doc.created_at),
        other_member_id: other(doc),
        other_member_username: people.get(other(doc))?.username ?? '',
      })),
      nextCursor: page.nextCursor,
    };
  }

  private async messagesPage(userId: string, cursor: string): Promise<ExportRecords> {
    // [conversation created_at ms, conversation id, message created_at ms, message id]
    const position = decodeExportCursor(cursor, ['number', 'string', 'number', 'string'] as const);
    if (position && !otherMember(position[1], userId)) throw new InvalidInput(ExportMessages.badCursor);
    const want = this.pageSize + 1;
    const fetched: { conversation: Pick<ConversationDoc, '_id' | 'created_at'>; message: MessageDoc }[] = [];
    const take = async (conversation: Pick<ConversationDoc, '_id' | 'created_at'>, after: ExportPosition) => {
      const messages = await this.store.exportMessagesAfter(conversation._id, after, want - fetched.length);
      fetched.push(...messages.map((message) => ({ conversation, message })));
    };
    let walked: ExportPosition = undefined;
    if (position) {
      const conversation = { _id: position[1], created_at: new Date(position[0]) };
      await take(conversation, [position[2], position[3]]);
      walked = [position[0], position[1]];
    }
    while (fetched.length < want) {
      const batch = await this.store.exportConversationsAfter(userId, walked, CONVERSATION_BATCH);
      for (const conversation of batch) {
        await take(conversation, undefined);
        if (fetched.length >= want) break;
      }
      if (batch.length < CONVERSATION_BATCH) break;
      const last = batch[batch.length - 1];
      walked = [ms(last.created_at), last._id];
    }
    const items = fetched.slice(0, this.pageSize);
    const last = items[items.length - 1];
    const nextCursor =
      fetched.length > this.pageSize && last
        ? encodeExportCursor([
            ms(last.conversation.created_at),
            last.conversation._id,
            ms(last.message.created_at),
            last.message._id,
          ])
        : '';
    const messages = items.map((item) => item.message);
    const [people, reads] = await Promise.all([
      this.known(messages.map((message) => message.sender_id)),
      this.store.readsOf(messages.map((message) => message._id)),
    ]);
    return {
      records: messages.map((message): ExportRecord => ({
        id: message._id,
        conversation_id: message.conversation_id,
        sender_id: message.sender_id,
        sender_username: people.get(message.sender_id)?.username || message.sender?.username || '',
        recipient_id: message.recipient_id,
        message_type: message.message_type,
        content: message.content ?? '',
        attachment_url: message.media_url ?? '',
        attachment_filename: message.media_filename ?? '',
        sent_at: isoDate(message.created_at),
        read_at: isoDate(reads.get(message._id)),
      })),
      nextCursor,
    };
  }

  /**
   * The conversations in the member's list: those they opened, and the others' once a message is in
   * them (before, only the member who opened one sees it).
   */
  private async visibleTo(userId: string, docs: ConversationDoc[]): Promise<Set<string>> {
    const shown = new Set(docs.filter((doc) => doc.created_by === userId).map((doc) => doc._id));
    const others = docs.filter((doc) => !shown.has(doc._id));
    for (let start = 0; start < others.length; start += EXISTS_BATCH)
      await Promise.all(
        others.slice(start, start + EXISTS_BATCH).map(async (doc) => {
          if (await this.store.hasMessages(doc._id)) shown.add(doc._id);
        }),
      );
    return shown;
  }

  /** Members' names as messaging knows them ("if known": an unreachable identity leaves them out). */
  private known(ids: string[]): Promise<Map<string, Participant>> {
    return this.members.getMany(ids.filter(Boolean)).catch(() => new Map<string, Participant>());
  }
}
