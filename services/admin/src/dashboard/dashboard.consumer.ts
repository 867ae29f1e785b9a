import type { DomainEvent, ServiceRuntime } from '@aura/platform';
import type {
  economyEvents,
  EventType,
  geniesEvents,
  identityEvents,
  messagingEvents,
  socialEvents,
} from '@aura/proto';
import { DashboardReadModel, DISTRIBUTING_ACCOUNTS } from './read-model';

const MEMBER_PREFIX = 'user:';

function when(text: string | undefined, fallback: string): Date {
  const at = new Date(text || fallback || Date.now());
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** The events the dashboard follows (group admin.dashboard). */
export const DASHBOARD_EVENTS: EventType[] = [
  'user.registered',
  'user.profile_changed',
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
export class DashboardConsumer {
  constructor(
    private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    private readonly model: DashboardReadModel,
  ) {}

  /** True once the consumer has joined its group (the service is ready only then). */
  joined = false;

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'admin.dashboard',
      events: DASHBOARD_EVENTS,
      handler: (event) => this.handle(event),
      // Insert-once documents keyed by the subject, `$max` and latest-wins upserts in per-key order:
      // a redelivered event changes nothing, so no processed-event store is needed.
      idempotent: true,
      onJoined: () => (this.joined = true),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const occurred = event.occurredAt;
    switch (event.type) {
      case 'user.registered': {
        const user = event.payload as identityEvents.UserRegistered;
        if (!user.userId) return;
        return this.model.memberRegistered({
          id: user.userId,
          username: user.username,
          displayName: user.displayName,
          role: user.role || 'user',
          at: when(user.createdAt, occurred),
        });
      }
      case 'user.profile_changed': {
        const user = event.payload as identityEvents.UserProfileChanged;
        if (!user.userId) return;
        return this.model.memberChanged({
          id: user.userId,
          username: user.username,
          displayName: user.displayName,
          role: user.role || 'user',
        });
      }
      case 'post.created':
      case 'story.created': {
        const post = event.payload as socialEvents.PostCreated;
        const at = when(post.createdAt, occurred);
        await this.model.contentCreated(post.isStory ? 'story' : 'post', post.postId, at);
        return this.model.memberActive(post.authorId, at);
      }
      case 'comment.created': {
        const comment = event.payload as socialEvents.CommentCreated;
        const at = when(comment.createdAt, occurred);
        await this.model.contentCreated('comment', comment.commentId, at);
        return this.model.memberActive(comment.commenterId, at);
      }
      case 'post.liked': {
        const like = event.payload as socialEvents.PostLikeChanged;
        return this.model.memberActive(like.likerId, when(like.changedAt, occurred));
      }
      case 'comment.liked': {
        const like = event.payload as socialEvents.CommentLikeChanged;
        return this.model.memberActive(like.likerId, when(like.changedAt, occurred));
      }
      case 'user.followed': {
        const follow = event.payload as socialEvents.FollowChanged;
        return this.model.memberActive(follow.followerId, when(follow.changedAt, occurred));
      }
      case 'message.sent': {
        const sent = event.payload as messagingEvents.MessageSent;
        return this.model.memberActive(
          sent.message?.sender?.id ?? '',
          when(sent.message?.createdAt, occurred),
        );
      }
      case 'mood.checked_in': {
        const checkin = event.payload as identityEvents.MoodCheckedIn;
        return this.model.memberActive(checkin.userId, when(checkin.createdAt, occurred));
      }
      case 'reflection.created': {
        const reflection = event.payload as identityEvents.ReflectionCreated;
        return this.model.memberActive(reflection.userId, when(reflection.createdAt, occurred));
      }
      case 'transfer.completed': {
        const transfer = event.payload as economyEvents.TransferCompleted;
        const at = when(transfer.completedAt, occurred);
        if (transfer.memberInitiated) await this.model.memberActive(transfer.senderId, at);
        if (DISTRIBUTING_ACCOUNTS.has(transfer.fromAccount) && transfer.toAccount.startsWith(MEMBER_PREFIX))
          await this.model.distributed(
            transfer.transferId,
            transfer.fromAccount,
            Number(transfer.amountMicro),
            at,
          );
        return;
      }
      case 'topup.completed': {
        const topup = event.payload as economyEvents.TopUpCompleted;
        return this.model.revenueReceived(
          `topup:${topup.sessionId}`,
          Number(topup.usdCents),
          when(topup.completedAt, occurred),
        );
      }
      case 'withdrawal.requested': {
        const request = event.payload as economyEvents.WithdrawalRequested;
        return this.model.withdrawalRequested(request.withdrawalId);
      }
      case 'withdrawal.processed': {
        const processed = event.payload as economyEvents.WithdrawalProcessed;
        return this.model.withdrawalProcessed(processed.withdrawalId, processed.status);
      }
      case 'genie.revealed': {
        const revealed = event.payload as geniesEvents.GenieRevealed;
        return this.model.memberActive(revealed.userId, when(revealed.revealedAt, occurred));
      }
      default:
        return;
    }
  }
}
