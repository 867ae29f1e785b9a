import { Inject, Injectable } from '@nestjs/common';
import type { NotificationDraft } from './notification-rules';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { localDayOf, nextReminderAt } from './reminder-time';

/** The reminder's words: an invitation, never a count of days missed or a streak at risk. */
export const REMINDER = {
  title: 'A moment for you',
  message: 'How are you feeling today? Your check-in is here whenever you are ready.',
} as const;

/** A reminder more than this late (the service was down) is skipped rather than sent at an odd hour. */
const STALE_AFTER_MS = 2 * 3_600_000;

/**
 * The opt-in wellbeing reminder (issue 23, item 6): at the time a member chose, in their own time zone,
 * a notification invites a check-in, unless they already checked in or wrote a reflection that day
 * (their day, in their zone). Every instance looks for due reminders each minute; the notification's id
 * is the member and their day, so instances running at once, or a run after a crash, send it once.
 */
@Injectable()
export class WellbeingReminders {
  constructor(
    @Inject(NotificationSettingsRepository) private readonly settings: NotificationSettingsRepository,
  ) {}

  /** A check-in or reflection (identity's events): no reminder for the rest of that day. */
  async noteCheckIn(userId: string, at: Date): Promise<void> {
    await this.settings.noteCheckIn(userId, at);
  }

  /** Sends the reminders due at `now` with `deliver` (the notification center's create). */
  async sendDue(
    now: Date,
    deliver: (draft: NotificationDraft, at: Date) => Promise<unknown>,
  ): Promise<number> {
    const due = await this.settings.remindersDue(now, 500);
    let sent = 0;
    for (const doc of due) {
      if (!doc.reminder_time || !doc.reminder_next_at) continue;
      const reminder = { time: doc.reminder_time, timeZone: doc.reminder_time_zone || 'UTC' };
      const day = localDayOf(now, reminder.timeZone);
      const checkedIn = doc.last_check_in_at && localDayOf(doc.last_check_in_at, reminder.timeZone) === day;
      const stale = now.getTime() - new Date(doc.reminder_next_at).getTime() > STALE_AFTER_MS;
      if (!checkedIn && !stale) {
        await deliver(
          {
            key: `wellbeing-reminder:${doc._id}:${day}`,
            userId: doc._id,
            actorId: '',
            type: 'reminder',
            title: REMINDER.title,
            message: REMINDER.message,
            refs: { day },
          },
          now,
        );
        sent += 1;
      }
      await this.settings.moveReminderOn(doc, nextReminderAt(now, reminder));
    }
    return sent;
  }
}
