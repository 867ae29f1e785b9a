import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { economyEvents, identityEvents, socialEvents } from '@aura/proto';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { eventTime, normaliseTags } from './explore-rules';
import { ExploreChanges, ExploreProjections } from './explore-projections.repository';

/** Consumer groups (prefixed by KAFKA_GROUP_PREFIX): one per topic, so a busy topic never holds up another. */
export const EXPLORE_GROUPS = {
  content: 'social.explore-content',
  tips: 'social.explore-tips',
  aura: 'social.explore-aura',
} as const;

/**
 * Feeds Explore's projections (ExploreProjections) from Kafka, starting when the application boots:
 * - aura.social.content: post.created / story.created (tag uses, posts written), post.liked /
 *   post.unliked (likes given), comment.created (comments written);
 * - aura.economy.ledger: tip.sent (tips received, Top Tipped);
 * - aura.identity.user: user.aura_changed (aura gained, Top Rising).
 * Every write here is insert-once by a deterministic key, so the subscriptions are `idempotent` (no
 * processed_events marker per event), and a run of events is written together (handleAll): a redelivered event, a handler that ran halfway and is retried,
 * or an event published twice under new ids by a producer's retry of the same fact (same post,
 * transfer), still counts once. Aura changes carry no natural key and are keyed by event id.
 */
@Injectable()
export class ExploreConsumer implements OnApplicationBootstrap {
  private started?: Promise<void>;

  constructor(
    @Inject(ExploreProjections) private readonly projections: ExploreProjections,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  /** Subscribes once, however often it is called. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.runtime.subscribe({
        group: EXPLORE_GROUPS.content,
        events: ['post.created', 'story.created', 'post.liked', 'post.unliked', 'comment.created'],
        handler: (event) => this.handle(event),
        batchHandler: (events) => this.handleAll(events),
        idempotent: true, // ExploreProjections' writes are keyed by the event's subject
      });
      await this.runtime.subscribe({
        group: EXPLORE_GROUPS.tips,
        events: ['tip.sent'],
        handler: (event) => this.handle(event),
        batchHandler: (events) => this.handleAll(events),
        idempotent: true, // ExploreProjections' writes are keyed by the event's subject
      });
      await this.runtime.subscribe({
        group: EXPLORE_GROUPS.aura,
        events: ['user.aura_changed'],
        handler: (event) => this.handle(event),
        batchHandler: (events) => this.handleAll(events),
        idempotent: true, // ExploreProjections' writes are keyed by the event's subject
      });
    })();
    return this.started;
  }

  /** Applies one event to the projections (public for tests that drive it without Kafka). */
  handle(event: DomainEvent): Promise<void> {
    return this.handleAll([event]);
  }

  /**
   * Applies a run of events in their order: their facts written together, an unlike after what came
   * before it in the run (the like it takes back may be among them).
   */
  async handleAll(events: readonly DomainEvent[]): Promise<void> {
    let changes = new ExploreChanges();
    for (const event of events) {
      if (event.type !== 'post.unliked') {
        this.collect(event, changes);
        continue;
      }
      const like = event.payload as socialEvents.PostLikeChanged;
      if (!like.postId || !like.likerId) {
        this.skip(event);
        continue;
      }
      await this.projections.apply(changes);
      changes = new ExploreChanges();
      await this.projections.removeLike(like.postId, like.likerId);
    }
    await this.projections.apply(changes);
  }

  /** What an event adds to Explore, into `changes`. */
  private collect(event: DomainEvent, changes: ExploreChanges): void {
    switch (event.type) {
      case 'post.created':
      case 'story.created': {
        const post = event.payload as socialEvents.PostCreated;
        if (!post.postId || !post.authorId) return this.skip(event);
        changes.post({
          postId: post.postId,
          authorId: post.authorId,
          isStory: event.type === 'story.created' || post.isStory,
          tags: normaliseTags(post.tags ?? []),
          at: eventTime(post.createdAt, event.occurredAt),
        });
        return;
      }
      case 'post.liked': {
        const like = event.payload as socialEvents.PostLikeChanged;
        if (!like.postId || !like.likerId) return this.skip(event);
        changes.like(like.postId, like.likerId, eventTime(like.changedAt, event.occurredAt));
        return;
      }
      case 'comment.created': {
        const comment = event.payload as socialEvents.CommentCreated;
        if (!comment.commentId || !comment.commenterId) return this.skip(event);
        changes.comment(
          comment.commentId,
          comment.commenterId,
          eventTime(comment.createdAt, event.occurredAt),
        );
        return;
      }
      case 'tip.sent': {
        const tip = event.payload as economyEvents.TipSent;
        const amountMicro = Number(tip.amountMicro);
        if (!tip.transferId || !tip.recipientId || !(amountMicro > 0)) return this.skip(event);
        changes.tip({
          transferId: tip.transferId,
          senderId: tip.senderId,
          recipientId: tip.recipientId,
          amountMicro,
          at: eventTime(tip.sentAt, event.occurredAt),
        });
        return;
      }
      case 'user.aura_changed': {
        const change = event.payload as identityEvents.UserAuraChanged;
        if (!change.userId) return this.skip(event);
        changes.auraChange({
          eventId: event.id,
          userId: change.userId,
          delta: change.delta,
          at: eventTime(change.changedAt, event.occurredAt),
        });
        return;
      }
      default:
        return;
    }
  }

  private skip(event: DomainEvent): void {
    this.logger.warn({ eventId: event.id, type: event.type }, 'explore: incomplete event ignored');
  }
}
