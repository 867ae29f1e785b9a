import { RUNTIME, type DomainEvent, type ServiceRuntime } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type {
  economyEvents,
  EventType,
  geniesEvents,
  identityEvents,
  messagingEvents,
  socialEvents,
} from '@aura/proto';
import { DashboardChanges, DashboardReadModel, DISTRIBUTING_ACCOUNTS } from './read-model.repository';

const MEMBER_PREFIX = 'user:';

/** An event's time: the payload's, else when it occurred, else now. */
export function when(text: string | undefined, fallback: string): Date {
  const at = new Date(text || fallback || Date.now());
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/**
 * The events the dashboard follows (group admin.dashboard); identity's member events are the member
 * directory's (src/members, group admin.members), which also records when each member registered.
 */
export const DASHBOARD_EVENTS: EventType[] = [
  'post.created',
  'story.created',
  'comment.created',
  'post.liked',
  'comment.liked',
  'user.followed',
  'message.sent',
  'mood.checked_in',
  'reflection.created',
  'transfer.completed',
  'topup.completed',
  'withdrawal.requested',
  'withdrawal.processed',
  'genie.revealed',
];

/** Other services' events → the dashboard's read model. */
@Injectable()
export class DashboardConsumer {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(DashboardReadModel) private readonly model: DashboardReadModel,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'admin.dashboard',
      events: DASHBOARD_EVENTS,
      handler: (event) => this.handle(event),
      // A backlog is written a run at a time: a few bulk writes instead of two or three per event.
      batchHandler: (events) => this.handleAll(events),
      // Insert-once documents keyed by the subject, `$max` and latest-wins upserts in per-key order:
      // a redelivered event changes nothing, so no processed-event store is needed.
      idempotent: true,
    });
  }

  handle(event: DomainEvent): Promise<void> {
    return this.handleAll([event]);
  }

  handleAll(events: readonly DomainEvent[]): Promise<void> {
    const changes = new DashboardChanges();
    for (const event of events) changesOf(event, changes);
    return this.model.apply(changes);
  }
}

/** What an event changes in the read model, added to `changes`. */
function changesOf(event: DomainEvent, changes: DashboardChanges): void {
  const occurred = event.occurredAt;
  switch (event.type) {
    case 'post.created':
    case 'story.created': {
      const post = event.payload as socialEvents.PostCreated;
      const at = when(post.createdAt, occurred);
      changes.contentCreated(post.isStory ? 'story' : 'post', post.postId, at);
      changes.memberActive(post.authorId, at);
      return;
    }
    case 'comment.created': {
      const comment = event.payload as socialEvents.CommentCreated;
      const at = when(comment.createdAt, occurred);
      changes.contentCreated('comment', comment.commentId, at);
      changes.memberActive(comment.commenterId, at);
      return;
    }
    case 'post.liked': {
      const like = event.payload as socialEvents.PostLikeChanged;
      changes.memberActive(like.likerId, when(like.changedAt, occurred));
      return;
    }
    case 'comment.liked': {
      const like = event.payload as socialEvents.CommentLikeChanged;
      changes.memberActive(like.likerId, when(like.changedAt, occurred));
      return;
    }
    case 'user.followed': {
      const follow = event.payload as socialEvents.FollowChanged;
      changes.memberActive(follow.followerId, when(follow.changedAt, occurred));
      return;
    }
    case 'message.sent': {
      const sent = event.payload as messagingEvents.MessageSent;
      changes.memberActive(sent.message?.sender?.id ?? '', when(sent.message?.createdAt, occurred));
      return;
    }
    case 'mood.checked_in': {
      const checkin = event.payload as identityEvents.MoodCheckedIn;
      changes.memberActive(checkin.userId, when(checkin.createdAt, occurred));
      return;
    }
    case 'reflection.created': {
      const reflection = event.payload as identityEvents.ReflectionCreated;
      changes.memberActive(reflection.userId, when(reflection.createdAt, occurred));
      return;
    }
    case 'transfer.completed': {
      const transfer = event.payload as economyEvents.TransferCompleted;
      const at = when(transfer.completedAt, occurred);
      if (transfer.memberInitiated) changes.memberActive(transfer.senderId, at);
      if (DISTRIBUTING_ACCOUNTS.has(transfer.fromAccount) && transfer.toAccount.startsWith(MEMBER_PREFIX))
        changes.distributed(transfer.transferId, transfer.fromAccount, Number(transfer.amountMicro), at);
      return;
    }
    case 'topup.completed': {
      const topup = event.payload as economyEvents.TopUpCompleted;
      changes.revenueReceived(
        `topup:${topup.sessionId}`,
        Number(topup.usdCents),
        when(topup.completedAt, occurred),
      );
      return;
    }
    case 'withdrawal.requested': {
      const request = event.payload as economyEvents.WithdrawalRequested;
      changes.withdrawalRequested(request.withdrawalId);
      return;
    }
    case 'withdrawal.processed': {
      const processed = event.payload as economyEvents.WithdrawalProcessed;
      changes.withdrawalProcessed(processed.withdrawalId, processed.status);
      return;
    }
    case 'genie.revealed': {
      const revealed = event.payload as geniesEvents.GenieRevealed;
      changes.memberActive(revealed.userId, when(revealed.revealedAt, occurred));
      return;
    }
    default:
      return;
  }
}
