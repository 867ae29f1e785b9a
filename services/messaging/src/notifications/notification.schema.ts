import { Schema } from 'mongoose';
import type { SenderSnapshot } from '../messages/message.schema';

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'mention',
  'tip',
  'genie_earning',
  'withdrawal',
  'system',
  // One a day for a member who chose the daily digest (daily-digest.ts).
  'digest',
  // The opt-in wellbeing reminder (wellbeing-reminders.ts).
  'reminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A notification: `_id` is derived from what caused it (e.g. the like of a post by a member), so the
 * same cause never notifies twice however often its event arrives (an insert-once record). `read_at`
 * changes only from null to a time (a conditional update), and `coins_micro` is set when its reward
 * is paid.
 */
export interface NotificationDoc {
  _id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  from_user_id: string;
  from_user: (SenderSnapshot & { id: string }) | null;
  coins_micro: number | null;
  refs: Record<string, string>;
  source_key: string;
  created_at: Date;
  read_at: Date | null;
}

export const notificationSchema = new Schema<NotificationDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    type: { type: String, required: true },
    title: { type: String, required: true },
    message: { type: String, default: '' },
    from_user_id: { type: String, default: '' },
    from_user: { type: Schema.Types.Mixed, default: null },
    coins_micro: { type: Number, default: null },
    refs: { type: Schema.Types.Mixed, default: {} },
    source_key: { type: String, default: '' },
    created_at: { type: Date, required: true },
    read_at: { type: Date, default: null },
  },
  { collection: 'notifications', versionKey: false },
);
// A member's notifications, newest first (the list and its pages; the cache's window).
notificationSchema.index({ user_id: 1, created_at: -1, _id: -1 });
// A member's unread ones (the unread count when the cache is rebuilt, mark all read).
notificationSchema.index({ user_id: 1, read_at: 1 });
