import type { components } from '../../api/schema';

/** Spec 000 §3 "Notification". */
export type Notification = components['schemas']['NotificationResponse'];
export type NotificationStats = components['schemas']['NotificationStatsResponse'];
/** A kind of notification a member may turn off (GET/PUT /api/notifications/settings). */
export type MutableNotificationType =
  components['schemas']['UpdateNotificationSettingsRequest']['muted_types'][number];

/** The member's notification settings (GET/PUT /api/notifications/settings). */
export type NotificationSettingsValue = components['schemas']['NotificationSettingsResponse'];
