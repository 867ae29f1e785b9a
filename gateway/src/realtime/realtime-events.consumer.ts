import { DomainEvent, eventTrace, KafkaEventBus, recordError } from '@aura/platform';
import { EventType, isEventType, messagingEvents } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { context, SpanKind, trace } from '@opentelemetry/api';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { toConversation, toMessage, toReactions } from '../messaging/messaging.mappers';
import { toNotification } from '../notifications/notifications.mappers';
import { PresenceService } from './presence.service';
import { PRICE_EVENT, toPriceUpdate } from './price-update';
import { RealtimeEmitter } from './realtime.emitter';
import { REALTIME_GROUP, realtimeNamespace } from './realtime.keys';

/** Pushing an event older than this helps nobody: the client reads the API when it (re)connects. */
export const STALE_AFTER_MS = 5 * 60_000;
/** How long an event id is remembered to drop a redelivery. */
const DEDUPE_SECONDS = 15 * 60;

const MESSAGING_EVENTS: EventType[] = [
  'message.sent',
  'message.read',
  'message.reactions_changed',
  'message.removed',
  'conversation.updated',
  'notification.created',
];

/**
 * What services publish for members, pushed to their sockets, through the platform's event bus. All
 * gateway processes share ONE consumer group (`<prefix>.gateway.realtime`): each event is handled by
 * one process, which emits to rooms, and socket.io's Redis adapter carries the emit to every process
 * holding a socket of that room. (A group per process would also work without the adapter, but every
 * process would then read every event; with one group the reading scales out with partitions and the
 * adapter fans out.)
 *
 * A new group starts at the latest offset: realtime is about now; history is in the API. An event id
 * is remembered for 15 minutes (SET NX) so a redelivery after a rebalance is not pushed twice; clients
 * still dedupe messages by id (reconnects, the API page and the push can overlap).
 */
@Injectable()
export class RealtimeEventsConsumer implements OnModuleInit, OnModuleDestroy {
  private readonly bus: KafkaEventBus;
  private joined = false;
  private readonly namespace: string;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    private readonly emitter: RealtimeEmitter,
    private readonly presence: PresenceService,
  ) {
    this.namespace = realtimeNamespace(config);
    this.bus = new KafkaEventBus({
      clientId: 'aura-gateway-realtime',
      brokers: config.KAFKA_BROKERS,
      groupPrefix: config.KAFKA_GROUP_PREFIX,
      logger,
    });
  }

  onModuleInit(): void {
    // Kafka may be down or slow to join: the gateway serves HTTP meanwhile and the bus keeps trying.
    void this.subscribeWithRetry();
  }

  private async subscribeWithRetry(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.bus.subscribe({
          group: REALTIME_GROUP,
          events: [...MESSAGING_EVENTS, ...[PRICE_EVENT].filter(isEventType)],
          newGroupStart: 'latest',
          // Its effects are pushes, deduped by event id below: no processed-event store.
          idempotent: true,
          // Each run of a partition handled at once: one Redis round trip dedupes it, one more looks
          // up presence for it; the emits themselves are synchronous.
          batchHandler: (events) => this.handleBatch(events),
          handler: (event) => this.handleBatch([event]),
          maxAttempts: 1,
          // The gateway is ready once it is in the group; a killed gateway's partitions (and its
          // successor's join) should not wait long.
          sessionTimeoutMs: 15_000,
          onJoined: () => {
            if (!this.joined) this.logger.info('realtime consumer joined its group');
            this.joined = true;
          },
        });
        return;
      } catch (error) {
        this.logger.warn({ err: error, attempt }, 'realtime consumer could not start; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 1000, 10000)));
      }
    }
  }

  /**
   * Drops events already pushed (a redelivery after a rebalance, or a republish after a crash: same
   * id) and stale ones, then pushes the rest in order. conversation.updated is a state snapshot:
   * pushing it twice is harmless, so it is not remembered.
   */
  async handleBatch(all: DomainEvent[]): Promise<void> {
    const events = all.filter((event) => Date.now() - Date.parse(event.occurredAt) <= STALE_AFTER_MS);
    if (events.length === 0) return;
    const remembered = events.filter((event) => event.type !== 'conversation.updated');
    const firsts = new Set<DomainEvent>(events.filter((event) => !remembered.includes(event)));
    if (remembered.length > 0) {
      const pipeline = this.redis.pipeline();
      for (const event of remembered)
        pipeline.set(`${this.namespace}:evt:${event.id}`, '1', 'EX', DEDUPE_SECONDS, 'NX');
      const results = await pipeline.exec().catch(() => null);
      remembered.forEach((event, index) => {
        const [error, answer] = results?.[index] ?? [null, 'OK'];
        if (error || answer === 'OK') firsts.add(event);
      });
    }
    const fresh = events.filter((event) => firsts.has(event));
    const others = fresh
      .map(
        ({ payload }) => (payload as { conversation?: { otherParticipant?: { id?: string } } })?.conversation,
      )
      .map((conversation) => conversation?.otherParticipant?.id)
      .filter((id): id is string => Boolean(id));
    const online = await this.presence.onlineAmong([...new Set(others)]).catch(() => new Set<string>());
    for (const event of fresh) {
      const span = trace.getTracer('aura').startSpan(
        'realtime push',
        {
          kind: SpanKind.CONSUMER,
          attributes: { 'aura.event_type': event.type, 'messaging.message.id': event.id },
        },
        eventTrace(event) ?? context.active(),
      );
      try {
        context.with(trace.setSpan(context.active(), span), () =>
          this.push(event.type, event.payload, online),
        );
      } catch (error) {
        recordError(span, error);
        this.logger.warn({ err: error, type: event.type, eventId: event.id }, 'realtime push failed');
      } finally {
        span.end();
      }
    }
  }

  /** Ready once it has joined its group (later hiccups do not make the gateway unready). */
  get ready(): boolean {
    return this.joined;
  }

  /** Event → socket events (spec 000 §7; new_notification is ours). */
  push(type: string, payload: unknown, online: Set<string>): void {
    if (!payload) return;
    switch (type) {
      case 'message.sent': {
        const { message, memberIds } = payload as messagingEvents.MessageSent;
        if (!message) return;
        const wire = toMessage(message);
        this.emitter.toMembers(memberIds, 'new_message', wire, message.conversationId);
        this.emitter.toMembers([message.recipientId], 'message_notification', {
          conversation_id: message.conversationId,
          message: wire,
          sender: {
            id: wire.sender.id,
            username: wire.sender.username,
            display_name: wire.sender.display_name,
            profile_picture: wire.sender.profile_picture,
          },
        });
        return;
      }
      case 'message.read': {
        const read = payload as messagingEvents.MessageRead;
        this.emitter.toMembers(
          [read.senderId, read.readerId],
          'message_read_update',
          {
            message_id: read.messageId,
            conversation_id: read.conversationId,
            is_read: true,
            read_by: read.readerId,
            read_at: read.readAt,
          },
          read.conversationId,
        );
        return;
      }
      case 'message.reactions_changed': {
        const changed = payload as messagingEvents.MessageReactionsChanged;
        this.emitter.toMembers(
          changed.memberIds,
          'message_reaction_update',
          {
            message_id: changed.messageId,
            conversation_id: changed.conversationId,
            reactions: toReactions(changed.reactions),
            user_id: changed.userId,
            emoji: changed.emoji,
            on: changed.on,
          },
          changed.conversationId,
        );
        return;
      }
      case 'message.removed': {
        const removed = payload as messagingEvents.MessageRemoved;
        this.emitter.toMembers(
          removed.memberIds,
          'message_removed',
          { message_id: removed.messageId, conversation_id: removed.conversationId },
          removed.conversationId,
        );
        return;
      }
      case 'conversation.updated': {
        const { userId, conversation } = payload as messagingEvents.ConversationUpdated;
        if (!conversation) return;
        const otherId = conversation.otherParticipant?.id ?? '';
        this.emitter.toMembers(
          [userId],
          'conversation_updated',
          toConversation(conversation, online.has(otherId)),
        );
        return;
      }
      case 'notification.created': {
        const { userId, notification } = payload as messagingEvents.NotificationCreated;
        if (notification) this.emitter.toMembers([userId], 'new_notification', toNotification(notification));
        return;
      }
      default:
        if (type === PRICE_EVENT) this.emitter.priceUpdate(toPriceUpdate(payload as Record<string, unknown>));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.bus.close();
  }
}
