import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { BlocksConsumer } from './blocks/blocks.consumer';
import { BlocksRepository } from './blocks/blocks.repository';
import { MessagingCache } from './common/cache';
import { MetaRepository } from './common/meta.repository';
import type { MessagingConfig } from './config';
import { ConversationCache } from './conversations/conversation-cache';
import { ConversationsRepository } from './conversations/conversations.repository';
import { ConversationsService } from './conversations/conversations.service';
import { CoalescingPublisher } from './events/event-publisher';
import { OutboxFinisher } from './events/outbox-finisher';
import { MessagingGrpcController } from './grpc/messaging.grpc-controller';
import { IDENTITY_LOOKUP, IdentityLookup } from './members/identity-lookup';
import { MembersConsumer } from './members/members.consumer';
import { MembersRepository } from './members/members.repository';
import { MessagingExport } from './member-export/member-export';
import { MessagesService } from './messages/messages.service';
import { ReactionsService } from './messages/reactions.service';
import { ReactionsRepository } from './messages/reactions.repository';
import { NotificationCache } from './notifications/notification-cache';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { MessageRemovalConsumer } from './messages/message-removal.consumer';
import { NotificationsConsumer } from './notifications/notifications.consumer';
import { NotificationsService } from './notifications/notifications.service';
import { DailyDigest } from './notifications/daily-digest';
import { DigestItemsRepository } from './notifications/digest-items.repository';
import { NotificationsRepository } from './notifications/notifications.repository';
import { WellbeingReminders } from './notifications/wellbeing-reminders';
import { NotificationSettingsRepository } from './notifications/notification-settings.repository';

@Module({})
export class MessagingModule {
  static register(runtime: ServiceRuntime, config: MessagingConfig, identity: IdentityLookup): DynamicModule {
    return {
      module: MessagingModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: IDENTITY_LOOKUP, useValue: identity },
        MetaRepository,
        MessagingCache,
        CoalescingPublisher,
        OutboxFinisher,
        ConversationCache,
        NotificationCache,
        MembersRepository,
        MembersConsumer,
        BlocksRepository,
        BlocksConsumer,
        ConversationsRepository,
        ConversationsService,
        MessagesService,
        ReactionsRepository,
        ReactionsService,
        NotificationsRepository,
        NotificationsService,
        NotificationSettingsRepository,
        DigestItemsRepository,
        DailyDigest,
        WellbeingReminders,
        NotificationsConsumer,
        MessageRemovalConsumer,
        AccountErasureConsumer,
        MessagingExport,
        MessagingGrpcController,
      ],
    };
  }
}
