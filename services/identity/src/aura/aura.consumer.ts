import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import type { identityEvents, socialEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { WellnessService } from '../wellness/wellness.service';
import { AuraChange, AuraLedger } from './aura-ledger';

function when(text: string, fallback: string): Date {
  const at = new Date(text || fallback);
  return Number.isNaN(at.getTime()) ? new Date(fallback) : at;
}

/**
 * The aura moves other services' events cause (PRODUCT-DECISIONS.md "Social"): +1 per like received
 * (once per liker and post, ever; 20 a day), +2 per comment received (20 a day); nothing for acting
 * on one's own content. It also marks the days a member was active (posts, likes, comments: the
 * engagement rate), and re-applies the aura of a first check-in or reflection of the day from
 * identity's own events (a no-op unless the request stopped halfway: the key is the same).
 */
export function auraChangesFor(type: string, payload: unknown, occurredAt: string): AuraChange[] {
  switch (type) {
    case 'post.liked': {
      const like = payload as socialEvents.PostLikeChanged;
      if (!like.authorId || !like.likerId || !like.postId || like.authorId === like.likerId) return [];
      const key = `like_received:${like.postId}:${like.likerId}`;
      return [{ userId: like.authorId, reason: 'like_received', key, at: when(like.changedAt, occurredAt) }];
    }
    case 'comment.created': {
      const comment = payload as socialEvents.CommentCreated;
      const { postAuthorId, commenterId, commentId } = comment;
      if (!postAuthorId || !commenterId || !commentId || postAuthorId === commenterId) return [];
      const at = when(comment.createdAt, occurredAt);
      return [{ userId: postAuthorId, reason: 'comment_received', key: `comment_received:${commentId}`, at }];
    }
    case 'mood.checked_in': {
      const checkin = payload as identityEvents.MoodCheckedIn;
      if (!checkin.firstOfDay || !checkin.userId || !checkin.day) return [];
      const at = when(checkin.createdAt, occurredAt);
      return [
        { userId: checkin.userId, reason: 'check_in', key: `check_in:${checkin.userId}:${checkin.day}`, at },
      ];
    }
    case 'reflection.created': {
      const reflection = payload as identityEvents.ReflectionCreated;
      if (!reflection.firstOfDay || !reflection.userId || !reflection.day) return [];
      const at = when(reflection.createdAt, occurredAt);
      const key = `reflection:${reflection.userId}:${reflection.day}`;
      return [{ userId: reflection.userId, reason: 'reflection', key, at }];
    }
    default:
      return [];
  }
}

/** Who acted in an event of social (a day of activity for the engagement rate), and when. */
export function actorOf(
  type: string,
  payload: unknown,
  occurredAt: string,
): { userId: string; at: Date } | undefined {
  switch (type) {
    case 'post.created': {
      const post = payload as socialEvents.PostCreated;
      return post.authorId ? { userId: post.authorId, at: when(post.createdAt, occurredAt) } : undefined;
    }
    case 'post.liked': {
      const like = payload as socialEvents.PostLikeChanged;
      return like.likerId ? { userId: like.likerId, at: when(like.changedAt, occurredAt) } : undefined;
    }
    case 'comment.created': {
      const comment = payload as socialEvents.CommentCreated;
      return comment.commenterId
        ? { userId: comment.commenterId, at: when(comment.createdAt, occurredAt) }
        : undefined;
    }
    default:
      return undefined;
  }
}

@Injectable()
export class AuraConsumer {
  constructor(
    @Inject(AuraLedger) private readonly ledger: AuraLedger,
    @Inject(WellnessService) private readonly wellness: WellnessService,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'identity.aura',
      events: ['post.created', 'post.liked', 'comment.created', 'mood.checked_in', 'reflection.created'],
      handler: (event) => this.handle(event),
      // Activity days are inserted once; each aura change is applied once by its key (AuraLedger).
      idempotent: true,
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const actor = actorOf(event.type, event.payload, event.occurredAt);
    if (actor) await this.wellness.markActive(actor.userId, actor.at);
    for (const change of auraChangesFor(event.type, event.payload, event.occurredAt)) {
      const outcome = await this.ledger.apply(change);
      if (outcome.outcome === 'unknown_member')
        this.logger.warn(
          { userId: change.userId, key: change.key },
          'aura change for an unknown member ignored',
        );
    }
  }
}
