import type { messaging } from '@aura/proto';
import type { NotificationResponse, NotificationTypeName } from './notifications.dto';

/** micro-AC → AC as a number with at most 3 decimals, truncated (never rounded up). */
export function microToAc(micro: number): number {
  return Math.trunc(micro / 1000) / 1000;
}

export function toNotification(notification: messaging.Notification): NotificationResponse {
  const metadata = notification.metadata;
  const from = notification.fromUser;
  return {
    id: notification.id,
    type: notification.type as NotificationTypeName,
    title: notification.title,
    message: notification.message,
    is_read: notification.isRead,
    created_at: notification.createdAt,
    from_user: from
      ? {
          id: from.id,
          username: from.username,
          display_name: from.displayName || from.username,
          profile_picture: from.profilePicture,
          aura_score: from.auraScore,
        }
      : null,
    metadata: {
      ...(metadata?.refs ?? {}),
      ...(metadata?.coinsEarned ? { aura_coins_earned: microToAc(metadata.auraCoinsEarnedMicro) } : {}),
    },
  };
}
