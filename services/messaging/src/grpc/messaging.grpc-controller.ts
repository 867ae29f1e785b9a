import { AsyncService, CallContext, CallerPolicy, exportRequest, toExportPage } from '@aura/platform';
import { common, messaging } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { ConversationsService } from '../conversations/conversations.service';
import { MESSAGING_EXPORT_PARTS, MessagingExport } from '../member-export/member-export';
import { MessagesService } from '../messages/messages.service';
import { ReactionsService } from '../messages/reactions.service';
import { NotificationsService } from '../notifications/notifications.service';

/** Who may call what: the gateway everything but a member's data export, which only media gathers. */
export const MESSAGING_CALLERS: CallerPolicy<messaging.MessagingServiceServer> = {
  methods: { exportMemberData: ['media'] },
};

/** The gRPC face of messaging: decodes, delegates, encodes. No rules here. */
@Injectable()
export class MessagingGrpcController implements AsyncService<messaging.MessagingServiceServer> {
  constructor(
    @Inject(ConversationsService) private readonly conversations: ConversationsService,
    @Inject(MessagesService) private readonly messages: MessagesService,
    @Inject(ReactionsService) private readonly reactions: ReactionsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(MessagingExport) private readonly memberExport: MessagingExport,
  ) {}

  async listConversations(_request: unknown, context: CallContext) {
    return { conversations: await this.conversations.list(context.caller) };
  }

  openConversation(request: messaging.MemberRef, context: CallContext) {
    return this.conversations.open(context.caller, request.userId);
  }

  getConversation(request: messaging.ConversationRef, context: CallContext) {
    return this.conversations.get(context.caller, request.conversationId);
  }

  listMessages(request: messaging.ListMessagesRequest, context: CallContext) {
    return this.messages.list(context.caller, request);
  }

  sendMessage(request: messaging.SendMessageRequest, context: CallContext) {
    return this.messages.send(context.caller, request);
  }

  getMessage(request: messaging.MessageRef, context: CallContext) {
    return this.messages.get(context.caller, request.messageId);
  }

  prepareAttachment(request: messaging.MemberRef, context: CallContext) {
    return this.messages.prepare(context.caller, request.userId);
  }

  markRead(request: messaging.MarkReadRequest, context: CallContext) {
    return this.messages.markRead(context.caller, request);
  }

  setReaction(request: messaging.SetReactionRequest, context: CallContext) {
    return this.reactions.set(context.caller, request);
  }

  searchMessages(request: messaging.SearchMessagesRequest, context: CallContext) {
    return this.messages.search(context.caller, request);
  }

  async listPartners(request: messaging.MemberRef) {
    return { userIds: await this.conversations.partners(request.userId) };
  }

  listNotifications(request: messaging.ListNotificationsRequest, context: CallContext) {
    return this.notifications.list(context.caller, request);
  }

  getNotificationStats(_request: unknown, context: CallContext) {
    return this.notifications.stats(context.caller);
  }

  markNotificationRead(request: messaging.NotificationRef, context: CallContext) {
    return this.notifications.markRead(context.caller, request.notificationId);
  }

  markAllNotificationsRead(_request: unknown, context: CallContext) {
    return this.notifications.markAllRead(context.caller);
  }

  getNotificationSettings(_request: unknown, context: CallContext) {
    return this.notifications.getSettings(context.caller);
  }

  updateNotificationSettings(request: messaging.NotificationSettings, context: CallContext) {
    return this.notifications.updateSettings(context.caller, request);
  }

  /** Media only (MESSAGING_CALLERS), no member caller: the request names the member whose data is exported. */
  async exportMemberData(request: common.ExportPageRequest): Promise<common.ExportPage> {
    const { userId, part, cursor } = exportRequest(request, MESSAGING_EXPORT_PARTS);
    return toExportPage(await this.memberExport.page(userId, part, cursor));
  }
}
