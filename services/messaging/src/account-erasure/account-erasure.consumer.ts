import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConversationCache } from '../conversations/conversation-cache';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ReactionsRepository } from '../messages/reactions.repository';
import { NotificationsService } from '../notifications/notifications.service';

/**
 * An erased account (identity's user.deleted): every message it sent is deleted (with the
 * reactions to them, its own reactions, and the quotes of them in replies), its conversations are
 * dropped from the cache (the other member's view is rebuilt from what remains), and its notifications
 * go. The other members' own messages stay theirs. Every step deletes, so a redelivery is harmless.
 */
@Injectable()
export class AccountErasureConsumer {
  constructor(
    @Inject(ConversationsRepository) private readonly store: ConversationsRepository,
    @Inject(ConversationCache) private readonly cache: ConversationCache,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'messaging.account-erasure',
      events: ['user.deleted'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const { userId } = event.payload as identityEvents.UserDeleted;
    if (!userId) return;
    const conversations = await this.store.conversationIdsOf(userId);
    let messages = 0;
    for (const conversation of conversations) {
      const deleted = await this.store.deleteMessagesOf(conversation._id, userId);
      await this.reactions.deleteFor(conversation._id, userId, deleted);
      messages += deleted.length;
      await this.cache.drop(conversation._id);
    }
    const notifications = await this.notifications.deleteAllOf(userId);
    this.logger.info({ userId, messages, notifications }, 'account erased: messages removed');
  }
}
