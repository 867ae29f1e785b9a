// The notification center's rules (spec 000 §2 "Notifications center", §3, §4, §9).
// Pure module (no DOM, no Vite): unit-tested under node.
import type { Notification } from './types';

/** Spec 000 §9: notifications page 20. */
export const NOTIFICATIONS_PAGE = 20;

export type NotificationTab = 'all' | 'unread' | 'social' | 'earnings';

export const NOTIFICATION_TABS: readonly { id: NotificationTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'social', label: 'Social' },
  { id: 'earnings', label: 'Earnings' },
];

const SOCIAL_TYPES: ReadonlySet<string> = new Set(['like', 'comment', 'follow', 'mention', 'digest']);
const EARNING_TYPES: ReadonlySet<string> = new Set(['tip', 'genie_earning', 'withdrawal']);

/** Coins earned with the notification (metadata.aura_coins_earned), 0 when none. */
export const coinsEarned = (notification: Notification) => notification.metadata?.aura_coins_earned ?? 0;

/** Social: likes, comments, follows, mentions, the daily digest. Earnings: tips, genie earnings, withdrawals, or any that earned AC. */
export function inTab(notification: Notification, tab: NotificationTab): boolean {
  switch (tab) {
    case 'unread':
      return !notification.is_read;
    case 'social':
      return SOCIAL_TYPES.has(notification.type);
    case 'earnings':
      return EARNING_TYPES.has(notification.type) || coinsEarned(notification) > 0;
    default:
      return true;
  }
}

export const filterNotifications = (list: readonly Notification[], tab: NotificationTab) =>
  list.filter((notification) => inTab(notification, tab));

/** Where opening a notification leads (besides marking it read). */
export type NotificationTarget =
  { kind: 'member'; userId: string } | { kind: 'settings'; focus: 'privacy' } | null;

/** The export a "data export ready" notification is about (its refs, in metadata), if it is one. */
export function dataExportIdOf(notification: Notification): string | undefined {
  const refs = notification.metadata as Record<string, unknown> | undefined;
  const id = refs?.data_export_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** A ready data export opens Settings → Privacy (where it is downloaded); one from a member, their profile. */
export function notificationTarget(notification: Notification): NotificationTarget {
  if (dataExportIdOf(notification)) return { kind: 'settings', focus: 'privacy' };
  if (notification.from_user) return { kind: 'member', userId: notification.from_user.id };
  return null;
}

/** Spec 000 §4: is_read goes false to true, singly (an id) or all at once (null). */
export function markNotificationsRead(list: readonly Notification[], id: string | null): Notification[] {
  return list.map((item) =>
    !item.is_read && (id === null || item.id === id) ? { ...item, is_read: true } : item,
  );
}

/** A pushed notification joins the top once (a redelivery replaces it). */
export function addNotification(list: readonly Notification[], notification: Notification): Notification[] {
  return [notification, ...list.filter((item) => item.id !== notification.id)];
}

/** The header badge: the count, "99+" beyond 99, nothing at 0. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** What the members of a group did, after "Nova and 3 others" (issue 23: grouped notifications). */
const GROUP_VERBS: Partial<Record<Notification['type'], string>> = {
  like: 'liked your post',
  comment: 'commented on your post',
  follow: 'started following you',
};

/** One row of the center: a notification alone, or several alike (same type and post) together. */
export interface NotificationGroup {
  /** The newest notification of the group (its id is the row's key). */
  latest: Notification;
  items: Notification[];
  /** "Nova and 3 others liked your post"; the notification's own message when alone. */
  message: string;
  isRead: boolean;
  coins: number;
}

const groupKeyOf = (notification: Notification): string | null => {
  if (!GROUP_VERBS[notification.type] || !notification.from_user) return null;
  const postId = notification.metadata?.post_id ?? '';
  if (notification.type !== 'follow' && !postId) return null;
  return `${notification.type}:${postId}`;
};

const actorName = (notification: Notification) =>
  notification.from_user?.display_name || notification.from_user?.username || 'Someone';

/**
 * Likes and comments on the same post, and follows, grouped into one row each (newest first, at the
 * place of the group's newest), as "Nova and 3 others liked your post"; others stay alone. A group is
 * read when all of it is; its coins are the sum.
 */
export function groupNotifications(list: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byKey = new Map<string, NotificationGroup>();
  for (const notification of list) {
    const key = groupKeyOf(notification);
    const group = key ? byKey.get(key) : undefined;
    if (group) {
      group.items.push(notification);
      continue;
    }
    const created: NotificationGroup = {
      latest: notification,
      items: [notification],
      message: '',
      isRead: true,
      coins: 0,
    };
    groups.push(created);
    if (key) byKey.set(key, created);
  }
  for (const group of groups) {
    group.isRead = group.items.every((item) => item.is_read);
    group.coins = group.items.reduce((sum, item) => sum + coinsEarned(item), 0);
    const actors = new Set(group.items.map((item) => item.from_user?.id ?? ''));
    const verb = GROUP_VERBS[group.latest.type];
    group.message =
      actors.size > 1 && verb
        ? `${actorName(group.latest)} and ${actors.size - 1} ${actors.size === 2 ? 'other' : 'others'} ${verb}`
        : group.latest.message;
  }
  return groups;
}
