import {
  ModerationActionTaken,
  TicketCreated,
  TicketResponded,
  TicketStatusChanged,
} from './gen/aura/admin/v1/events';
import {
  PriceUpdated,
  RewardPaid,
  SuperAuraChanged,
  TipSent,
  TopUpCompleted,
  TransferCompleted,
  WalletAdjusted,
  WithdrawalProcessed,
  WithdrawalRequested,
} from './gen/aura/economy/v1/events';
import {
  BottlesPurchased,
  FeaturedGenieChanged,
  GenieEarningsClaimed,
  GenieRevealed,
  GenieSent,
} from './gen/aura/genies/v1/events';
import {
  MoodCheckedIn,
  ReflectionCreated,
  UserAuraChanged,
  UserBlockChanged,
  UserDeleted,
  UserProfileChanged,
  UserRegistered,
} from './gen/aura/identity/v1/events';
import { BannerSet, DataExportReady, MediaStored, ProfilePictureSet } from './gen/aura/media/v1/events';
import {
  ConversationUpdated,
  MessageReactionsChanged,
  MessageRemoved,
  MessageRead,
  MessageSent,
  NotificationCreated,
} from './gen/aura/messaging/v1/events';
import {
  CommentCreated,
  CommentLikeChanged,
  FollowChanged,
  PostCreated,
  PostLikeChanged,
} from './gen/aura/social/v1/events';

/** Encoder/decoder pair that ts-proto generates for every message. */
export interface MessageCodec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
  fromPartial(object: Partial<T>): T;
}

function event<T>(topic: string, version: number, codec: MessageCodec<T>) {
  return { topic, version, codec };
}

/**
 * Every domain event of Aura: its type name, topic, schema version and protobuf message.
 * The Kafka record key is the aggregate id, so order holds per aggregate.
 */
export const EventCatalog = {
  'user.registered': event('aura.identity.user', 1, UserRegistered),
  'user.profile_changed': event('aura.identity.user', 1, UserProfileChanged),
  'user.aura_changed': event('aura.identity.user', 1, UserAuraChanged),
  'user.deleted': event('aura.identity.user', 1, UserDeleted),
  'user.blocked': event('aura.identity.user', 1, UserBlockChanged),
  'user.unblocked': event('aura.identity.user', 1, UserBlockChanged),
  'mood.checked_in': event('aura.identity.user', 1, MoodCheckedIn),
  'reflection.created': event('aura.identity.user', 1, ReflectionCreated),
  'media.profile_picture_set': event('aura.media.object', 1, ProfilePictureSet),
  'media.banner_set': event('aura.media.object', 1, BannerSet),
  'media.stored': event('aura.media.object', 1, MediaStored),
  'data_export.ready': event('aura.media.object', 1, DataExportReady),
  'post.created': event('aura.social.content', 1, PostCreated),
  'story.created': event('aura.social.content', 1, PostCreated),
  'post.liked': event('aura.social.content', 1, PostLikeChanged),
  'post.unliked': event('aura.social.content', 1, PostLikeChanged),
  'comment.created': event('aura.social.content', 1, CommentCreated),
  'comment.liked': event('aura.social.content', 1, CommentLikeChanged),
  'comment.unliked': event('aura.social.content', 1, CommentLikeChanged),
  'user.followed': event('aura.social.graph', 1, FollowChanged),
  'user.unfollowed': event('aura.social.graph', 1, FollowChanged),
  'tip.sent': event('aura.economy.ledger', 1, TipSent),
  'transfer.completed': event('aura.economy.ledger', 1, TransferCompleted),
  'reward.paid': event('aura.economy.ledger', 1, RewardPaid),
  'wallet.adjusted': event('aura.economy.ledger', 1, WalletAdjusted),
  'withdrawal.requested': event('aura.economy.ledger', 1, WithdrawalRequested),
  'withdrawal.processed': event('aura.economy.ledger', 1, WithdrawalProcessed),
  'auracoin.price_updated': event('aura.economy.ledger', 1, PriceUpdated),
  'topup.completed': event('aura.economy.ledger', 1, TopUpCompleted),
  'superaura.changed': event('aura.economy.ledger', 1, SuperAuraChanged),
  'genie.bottles_purchased': event('aura.genies.genie', 1, BottlesPurchased),
  'genie.revealed': event('aura.genies.genie', 1, GenieRevealed),
  'genie.earnings_claimed': event('aura.genies.genie', 1, GenieEarningsClaimed),
  'genie.sent': event('aura.genies.genie', 1, GenieSent),
  'genie.featured_changed': event('aura.genies.genie', 1, FeaturedGenieChanged),
  'message.sent': event('aura.messaging.message', 1, MessageSent),
  'message.read': event('aura.messaging.message', 1, MessageRead),
  'message.reactions_changed': event('aura.messaging.message', 1, MessageReactionsChanged),
  'message.removed': event('aura.messaging.message', 1, MessageRemoved),
  'conversation.updated': event('aura.messaging.message', 1, ConversationUpdated),
  'notification.created': event('aura.messaging.message', 1, NotificationCreated),
  'support.ticket_created': event('aura.admin.support', 1, TicketCreated),
  'support.ticket_responded': event('aura.admin.support', 1, TicketResponded),
  'support.ticket_status_changed': event('aura.admin.support', 1, TicketStatusChanged),
  'moderation.action_taken': event('aura.admin.moderation', 1, ModerationActionTaken),
} as const;

export type EventType = keyof typeof EventCatalog;
export type EventPayload<T extends EventType> =
  (typeof EventCatalog)[T]['codec'] extends MessageCodec<infer P> ? P : never;

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(EventCatalog, type);
}
