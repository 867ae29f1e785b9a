import { Caller, callerMetadata, createClientOnChannelOf, createGrpcClient, unaryCall } from '@aura/platform';
import { common, messaging } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** Typed, promise-based calls to the messaging service. Errors are gRPC ServiceErrors. */
@Injectable()
export class MessagingClient implements OnModuleDestroy {
  private readonly client: messaging.MessagingServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(messaging.MessagingServiceClient, config.MESSAGING_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  listConversations(caller: Caller) {
    return unaryCall(this.client, this.client.listConversations, {}, callerMetadata(caller));
  }

  openConversation(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.openConversation, { userId }, callerMetadata(caller));
  }

  getConversation(caller: Caller, conversationId: string) {
    return unaryCall(this.client, this.client.getConversation, { conversationId }, callerMetadata(caller));
  }

  listMessages(caller: Caller, request: messaging.ListMessagesRequest) {
    return unaryCall(this.client, this.client.listMessages, request, callerMetadata(caller));
  }

  sendMessage(caller: Caller, request: messaging.SendMessageRequest) {
    return unaryCall(this.client, this.client.sendMessage, request, callerMetadata(caller));
  }

  getMessage(caller: Caller, messageId: string) {
    return unaryCall(this.client, this.client.getMessage, { messageId }, callerMetadata(caller));
  }

  prepareAttachment(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.prepareAttachment, { userId }, callerMetadata(caller));
  }

  markRead(caller: Caller, request: messaging.MarkReadRequest) {
    return unaryCall(this.client, this.client.markRead, request, callerMetadata(caller));
  }

  setReaction(caller: Caller, request: messaging.SetReactionRequest) {
    return unaryCall(this.client, this.client.setReaction, request, callerMetadata(caller));
  }

  searchMessages(caller: Caller, request: messaging.SearchMessagesRequest) {
    return unaryCall(this.client, this.client.searchMessages, request, callerMetadata(caller));
  }

  listPartners(userId: string) {
    return unaryCall(this.client, this.client.listPartners, { userId }, callerMetadata(), 5000);
  }

  listNotifications(caller: Caller, request: messaging.ListNotificationsRequest) {
    return unaryCall(this.client, this.client.listNotifications, request, callerMetadata(caller));
  }

  notificationStats(caller: Caller) {
    return unaryCall(this.client, this.client.getNotificationStats, {}, callerMetadata(caller));
  }

  markNotificationRead(caller: Caller, notificationId: string) {
    return unaryCall(
      this.client,
      this.client.markNotificationRead,
      { notificationId },
      callerMetadata(caller),
    );
  }

  markAllNotificationsRead(caller: Caller) {
    return unaryCall(this.client, this.client.markAllNotificationsRead, {}, callerMetadata(caller));
  }

  notificationSettings(caller: Caller) {
    return unaryCall(this.client, this.client.getNotificationSettings, {}, callerMetadata(caller));
  }

  updateNotificationSettings(caller: Caller, settings: messaging.NotificationSettings) {
    return unaryCall(this.client, this.client.updateNotificationSettings, settings, callerMetadata(caller));
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
