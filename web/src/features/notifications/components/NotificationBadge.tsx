// The unread badge on the header's Notifications button (GET /api/notifications/stats), kept current
// by new_notification. It also keeps the notification center's list live while the app is open.
import { badgeText } from '../notifications';
import { useLiveNotifications, useNotificationStats } from '../hooks/useNotifications';
import styles from './Notifications.module.css';

export function NotificationBadge() {
  useLiveNotifications();
  const stats = useNotificationStats();
  const text = badgeText(stats.data?.unread_count ?? 0);
  if (!text) return null;
  return (
    <span
      className={styles.badge}
      data-testid="notification-badge"
      aria-label={`${text} unread notifications`}
    >
      {text}
    </span>
  );
}
