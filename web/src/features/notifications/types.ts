import type { components } from '../../api/schema';

/** Spec 000 §3 "Notification". */
export type Notification = components['schemas']['NotificationResponse'];
export type NotificationStats = components['schemas']['NotificationStatsResponse'];
