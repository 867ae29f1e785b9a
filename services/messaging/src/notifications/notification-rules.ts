import type { DomainEvent } from '@aura/platform';
import type {
  adminEvents,
  economyEvents,
  EventType,
  geniesEvents,
  mediaEvents,
  socialEvents,
} from '@aura/proto';
import type { NotificationType } from './notification.schema';

/**
 * What a notification will say, before the actor's name is known. `{actor}` in `message` is replaced
 * by the acting member's display name (or username).
 */
export interface NotificationDraft {
  /** Names the cause; the notification id is derived from it (one notification per cause). */
  key: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** The member who acted ('' for system notifications). Never the recipient. */
  actorId: string;
  /** AC earned with it, in micro-AC (only when the producing service says coin was earned). */
  coinsMicro?: number;
  refs: Record<string, string>;
}

export type NotificationRule = (event: DomainEvent) => NotificationDraft[];

export const Titles = {
  like: 'New like',
  comment: 'New comment',
  reply: 'New reply',
  follow: 'New follower',
  mention: 'You were mentioned',
  tip: 'Energy received',
  transfer: 'AuraCoin received',
  withdrawalApproved: 'Withdrawal approved',
  withdrawalRejected: 'Withdrawal rejected',
  ticketAnswered: 'Support replied',
  ticketResolved: 'Ticket resolved',
  genieEarnings: 'Genie earnings claimed',
  genieGift: 'You received a Genie',
  moderationWarning: 'A warning from the moderators',
  moderationRemoved: 'Content removed',
  moderationSuspended: 'Account suspended',
  moderationBanned: 'Account banned',
  moderationLifted: 'Restriction lifted',
  dataExportReady: 'Your data export is ready',
} as const;

const MODERATED_THING: Record<string, string> = {
  post: 'post',
  story: 'story',
  comment: 'comment',
  message: 'message',
  member: 'account',
};

/** A moderator's action as the member reads it (dismissing a report tells them nothing). */
function moderationNotice(p: adminEvents.ModerationActionTaken): { title: string; message: string } | null {
  const thing = MODERATED_THING[p.targetType] ?? 'content';
  const reason = preview(p.reason, 200);
  const day = p.until ? new Date(p.until).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '') : '';
  switch (p.action) {
    case 'warn':
      return { title: Titles.moderationWarning, message: `About your ${thing}: ${reason}` };
    case 'remove':
      return { title: Titles.moderationRemoved, message: `Your ${thing} was removed. Reason: ${reason}` };
    case 'suspend':
      return {
        title: Titles.moderationSuspended,
        message: `Your account is suspended until ${day}: you can read but not post, message, tip or withdraw. Reason: ${reason}`,
      };
    case 'ban':
      return { title: Titles.moderationBanned, message: `Your account was banned. Reason: ${reason}` };
    case 'lift':
      return {
        title: Titles.moderationLifted,
        message: `The moderators lifted the restriction on your account: you can post, message, tip and withdraw again. Reason: ${reason}`,
      };
    default:
      return null;
  }
}

/** AC for display: micro-AC truncated to 3 decimals, trailing zeros dropped (0.0015 → "0.001"). */
export function formatAc(micro: number): string {
  const thousandths = Math.trunc(micro / 1000);
  const whole = Math.trunc(thousandths / 1000);
  const fraction = Math.abs(thousandths % 1000)
    .toString()
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** USD for display: micro-USD as dollars and cents ($25.00). */
export function formatUsd(micro: number): string {
  const cents = Math.round(micro / 10_000);
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Text cut to `max` characters (code points) with an ellipsis. */
function preview(text: string, max: number): string {
  const chars = [...(text ?? '').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** Drops drafts for acting on one's own content and keeps one per recipient (the first wins). */
function finish(drafts: NotificationDraft[]): NotificationDraft[] {
  const seen = new Set<string>();
  return drafts.filter((draft) => {
    if (!draft.userId || draft.userId === draft.actorId || seen.has(draft.userId)) return false;
    seen.add(draft.userId);
    return true;
  });
}

/**
 * Event → notifications. A service that wants to notify members publishes an event and adds its rule
 * here (see README.md "Notifications"): withdrawal decisions (withdrawal), genie earnings
 * (genie_earning) and genie gifts (system), ticket answers and resolutions (system) are here.
 */
export const NOTIFICATION_RULES: Partial<Record<EventType, NotificationRule>> = {
  'post.liked': (event) => {
    const p = event.payload as socialEvents.PostLikeChanged;
    return finish([
      {
        key: `like:post:${p.postId}:${p.likerId}`,
        userId: p.authorId,
        type: 'like',
        title: Titles.like,
        message: '{actor} liked your post',
        actorId: p.likerId,
        refs: { post_id: p.postId },
      },
    ]);
  },
  'comment.liked': (event) => {
    const p = event.payload as socialEvents.CommentLikeChanged;
    return finish([
      {
        key: `like:comment:${p.commentId}:${p.likerId}`,
        userId: p.commentAuthorId,
        type: 'like',
        title: Titles.like,
        message: '{actor} liked your comment',
        actorId: p.likerId,
        refs: { post_id: p.postId, comment_id: p.commentId },
      },
    ]);
  },
  'comment.created': (event) => {
    const p = event.payload as socialEvents.CommentCreated;
    const refs = { post_id: p.postId, comment_id: p.commentId };
    const key = (userId: string) => `comment:${p.commentId}:${userId}`;
    return finish([
      {
        key: key(p.postAuthorId),
        userId: p.postAuthorId,
        type: 'comment',
        title: Titles.comment,
        message: '{actor} commented on your post',
        actorId: p.commenterId,
        refs,
      },
      {
        key: key(p.parentAuthorId),
        userId: p.parentAuthorId,
        type: 'comment',
        title: Titles.reply,
        message: '{actor} replied to your comment',
        actorId: p.commenterId,
        refs,
      },
      ...(p.mentionedUserIds ?? []).map((userId) => ({
        key: key(userId),
        userId,
        type: 'mention' as const,
        title: Titles.mention,
        message: '{actor} mentioned you in a comment',
        actorId: p.commenterId,
        refs,
      })),
    ]);
  },
  'post.created': (event) => mentionsIn(event.payload as socialEvents.PostCreated),
  'story.created': (event) => mentionsIn(event.payload as socialEvents.PostCreated),
  'user.followed': (event) => {
    const p = event.payload as socialEvents.FollowChanged;
    return finish([
      {
        key: `follow:${p.followerId}:${p.followeeId}`,
        userId: p.followeeId,
        type: 'follow',
        title: Titles.follow,
        message: '{actor} started following you',
        actorId: p.followerId,
        refs: { user_id: p.followerId },
      },
    ]);
  },
  'tip.sent': (event) => {
    const p = event.payload as economyEvents.TipSent;
    const note = p.message?.trim() ? `: “${p.message.trim()}”` : '';
    return finish([
      {
        key: `tip:${p.transferId}`,
        userId: p.recipientId,
        type: 'tip',
        title: Titles.tip,
        message: `{actor} sent you ${formatAc(Number(p.amountMicro))} AC${note}`,
        actorId: p.senderId,
        coinsMicro: Number(p.amountMicro),
        refs: { transfer_id: p.transferId },
      },
    ]);
  },
  'transfer.completed': (event) => {
    const p = event.payload as economyEvents.TransferCompleted;
    // Tips have their own event (tip.sent); rewards and adjustments are not member-to-member.
    if (p.kind !== 'transfer' || !p.senderId || !p.recipientId) return [];
    const note = p.memo?.trim() ? `: “${p.memo.trim()}”` : '';
    return finish([
      {
        key: `transfer:${p.transferId}`,
        userId: p.recipientId,
        type: 'tip',
        title: Titles.transfer,
        message: `{actor} sent you ${formatAc(Number(p.amountMicro))} AC${note}`,
        actorId: p.senderId,
        coinsMicro: Number(p.amountMicro),
        refs: { transfer_id: p.transferId },
      },
    ]);
  },
  'genie.earnings_claimed': (event) => {
    const p = event.payload as geniesEvents.GenieEarningsClaimed;
    const amount = Number(p.amountMicro);
    const genies = `${p.genies} genie${p.genies === 1 ? '' : 's'}`;
    return finish([
      {
        key: `genie-claim:${p.transferId || `${p.userId}:${p.claimedAt}`}`,
        userId: p.userId,
        type: 'genie_earning',
        title: Titles.genieEarnings,
        message: `Your ${genies} earned you ${formatAc(amount)} AC${p.superAuraBonus ? ' (SuperAura ×1.5)' : ''}.`,
        actorId: '',
        coinsMicro: amount,
        refs: { transfer_id: p.transferId },
      },
    ]);
  },
  'genie.sent': (event) => {
    const p = event.payload as geniesEvents.GenieSent;
    const note = p.message?.trim() ? `: "${preview(p.message, 120)}"` : '';
    return finish([
      {
        key: `genie-gift:${p.userGenieId}`,
        userId: p.recipientId,
        type: 'system',
        title: Titles.genieGift,
        message: `{actor} sent you ${p.genieName} (${p.rarity})${note}`,
        actorId: p.senderId,
        refs: { user_genie_id: p.userGenieId },
      },
    ]);
  },
  'withdrawal.processed': (event) => {
    const p = event.payload as economyEvents.WithdrawalProcessed;
    const usd = formatUsd(Number(p.amountUsdMicro));
    const approved = p.status === 'approved';
    const notes = p.adminNotes?.trim() ? `: ${p.adminNotes.trim()}` : '';
    return finish([
      {
        key: `withdrawal:${p.withdrawalId}`,
        userId: p.userId,
        type: 'withdrawal',
        title: approved ? Titles.withdrawalApproved : Titles.withdrawalRejected,
        message: approved
          ? `Your withdrawal of ${usd} to PayPal was approved (reference ${p.payoutReference}). It reaches your PayPal account in 1 to 3 business days.`
          : `Your withdrawal of ${usd} was rejected${notes}. The ${formatAc(Number(p.amountMicro))} AC held for it are back in your wallet.`,
        actorId: '',
        refs: { withdrawal_id: p.withdrawalId, status: p.status },
      },
    ]);
  },
  'support.ticket_responded': (event) => {
    const p = event.payload as adminEvents.TicketResponded;
    return finish([
      {
        key: `ticket-response:${p.responseId}`,
        userId: p.userId,
        type: 'system',
        title: Titles.ticketAnswered,
        message: `Support answered your ticket "${preview(p.subject, 60)}": ${preview(p.message, 140)}`,
        actorId: '',
        refs: { ticket_id: p.ticketId, status: p.status },
      },
    ]);
  },
  'support.ticket_status_changed': (event) => {
    const p = event.payload as adminEvents.TicketStatusChanged;
    if (p.status !== 'resolved') return [];
    return finish([
      {
        key: `ticket-resolved:${event.id}`,
        userId: p.userId,
        type: 'system',
        title: Titles.ticketResolved,
        message: `Your support ticket "${preview(p.subject, 60)}" was resolved`,
        actorId: '',
        refs: { ticket_id: p.ticketId, status: p.status },
      },
    ]);
  },
  'moderation.action_taken': (event) => {
    const p = event.payload as adminEvents.ModerationActionTaken;
    const notice = moderationNotice(p);
    if (!notice) return [];
    return finish([
      {
        key: `moderation:${p.actionId}`,
        userId: p.memberId,
        type: 'system',
        ...notice,
        actorId: '',
        refs: { case_id: p.caseId, action: p.action },
      },
    ]);
  },
  'data_export.ready': (event) => {
    const p = event.payload as mediaEvents.DataExportReady;
    const until = new Date(p.expiresAt).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
    return finish([
      {
        key: `data-export:${p.exportId}`,
        userId: p.ownerId,
        type: 'system',
        title: Titles.dataExportReady,
        message: `Your Aura data is ready to download from Settings → Privacy until ${until}.`,
        actorId: '',
        refs: { data_export_id: p.exportId },
      },
    ]);
  },
};

function mentionsIn(p: socialEvents.PostCreated): NotificationDraft[] {
  const what = p.isStory ? 'story' : 'post';
  return finish(
    (p.mentionedUserIds ?? []).map((userId) => ({
      key: `mention:${p.postId}:${userId}`,
      userId,
      type: 'mention' as const,
      title: Titles.mention,
      message: `{actor} mentioned you in a ${what}`,
      actorId: p.authorId,
      refs: { post_id: p.postId },
    })),
  );
}

export const NOTIFYING_EVENTS = Object.keys(NOTIFICATION_RULES) as EventType[];

/**
 * Economy's reward.paid → the cause (draft key) of the notification that earned it, so the like or
 * comment notification shows `metadata.aura_coins_earned` (the amount economy paid, SuperAura bonus
 * included). Rewards for one's own actions (posting, check-ins, writing a comment) notify nobody.
 */
export function rewardedCause(p: economyEvents.RewardPaid): string | undefined {
  if (p.reason === 'like_received') return `like:post:${p.sourceId}`;
  if (p.reason === 'comment_received') return `comment:${p.sourceId}:${p.userId}`;
  return undefined;
}

export function draftsFor(event: DomainEvent): NotificationDraft[] {
  return NOTIFICATION_RULES[event.type]?.(event) ?? [];
}
