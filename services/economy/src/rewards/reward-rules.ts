import type { TraceContext } from '@aura/platform';
import type { EventType } from '@aura/proto';
import type { identityEvents, socialEvents } from '@aura/proto';

// PRODUCT-DECISIONS.md "Money": rewards paid from the rewards account, ×1.5 for SuperAura members,
// nothing for acting on your own content, each action paid at most once.

export type RewardReason =
  'post_created' | 'like_received' | 'comment_received' | 'comment_written' | 'check_in' | 'reflection';

export interface RewardRule {
  /** micro-AC before the SuperAura bonus. */
  amountMicro: number;
  /** At most this many per member and UTC day (none: unlimited). */
  dailyLimit?: number;
}

export const REWARD_RULES: Record<RewardReason, RewardRule> = {
  post_created: { amountMicro: 10_000, dailyLimit: 20 },
  // Once per liker and post, ever: the key is post + liker, so a like after an unlike pays nothing.
  like_received: { amountMicro: 10_000 },
  comment_received: { amountMicro: 50_000, dailyLimit: 50 },
  comment_written: { amountMicro: 30_000, dailyLimit: 50 },
  // From identity's mood.checked_in / reflection.created (first of the day only).
  check_in: { amountMicro: 1_000, dailyLimit: 1 },
  reflection: { amountMicro: 1_000, dailyLimit: 1 },
};

/**
 * The amount paid: ×1.5 for SuperAura members, exact in micro-AC (every base amount is even). The
 * post reward's base comes from the super admin's settings (src/settings) when given.
 */
export function rewardAmount(reason: RewardReason, superAura: boolean, baseMicro?: number): number {
  const base = baseMicro ?? REWARD_RULES[reason].amountMicro;
  return superAura ? (base * 3) / 2 : base;
}

/** "YYYY-MM-DD" of the UTC day of a moment. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** One reward owed for an action: to whom, for what, and the thing it is paid once for. */
export interface RewardClaim {
  reason: RewardReason;
  userId: string;
  /** What is rewarded; the reward's idempotency key is reason + sourceId. */
  sourceId: string;
  /** When the action happened (its UTC day counts toward the daily limit). */
  at: Date;
  /** The trace of the event it came from, when it is paid with others (grantAll): its span goes there. */
  trace?: TraceContext;
}

function when(text: string, fallback: string): Date {
  const at = new Date(text || fallback);
  return Number.isNaN(at.getTime()) ? new Date(fallback) : at;
}

/** The rewards an event of social or identity earns. Self-interaction earns nothing; stories earn nothing. */
export function rewardsFor(type: EventType, payload: unknown, occurredAt: string): RewardClaim[] {
  switch (type) {
    case 'post.created': {
      const post = payload as socialEvents.PostCreated;
      if (post.isStory || !post.authorId || !post.postId) return [];
      return [
        {
          reason: 'post_created',
          userId: post.authorId,
          sourceId: post.postId,
          at: when(post.createdAt, occurredAt),
        },
      ];
    }
    case 'post.liked': {
      const like = payload as socialEvents.PostLikeChanged;
      if (!like.authorId || !like.likerId || like.authorId === like.likerId) return [];
      return [
        {
          reason: 'like_received',
          userId: like.authorId,
          sourceId: `${like.postId}:${like.likerId}`,
          at: when(like.changedAt, occurredAt),
        },
      ];
    }
    case 'comment.created': {
      const comment = payload as socialEvents.CommentCreated;
      const { postAuthorId, commenterId, commentId } = comment;
      if (!postAuthorId || !commenterId || !commentId || postAuthorId === commenterId) return [];
      const at = when(comment.createdAt, occurredAt);
      return [
        { reason: 'comment_received', userId: postAuthorId, sourceId: commentId, at },
        { reason: 'comment_written', userId: commenterId, sourceId: commentId, at },
      ];
    }
    // Identity's wellness events: only the first check-in and reflection of a member's UTC day is
    // rewarded (identity marks it); the key is member + day, so a redelivery or a race pays once.
    case 'mood.checked_in': {
      const checkin = payload as identityEvents.MoodCheckedIn;
      if (!checkin.firstOfDay || !checkin.userId || !checkin.day) return [];
      const at = when(checkin.createdAt, occurredAt);
      return [
        { reason: 'check_in', userId: checkin.userId, sourceId: `${checkin.userId}:${checkin.day}`, at },
      ];
    }
    case 'reflection.created': {
      const reflection = payload as identityEvents.ReflectionCreated;
      if (!reflection.firstOfDay || !reflection.userId || !reflection.day) return [];
      const at = when(reflection.createdAt, occurredAt);
      return [
        {
          reason: 'reflection',
          userId: reflection.userId,
          sourceId: `${reflection.userId}:${reflection.day}`,
          at,
        },
      ];
    }
    default:
      return [];
  }
}
