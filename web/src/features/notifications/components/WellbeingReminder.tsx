// The opt-in wellbeing reminder (issue 23, item 6), beside the streaks on the own profile: a switch and
// a time of day. The server sends a gentle notification at that time of the member's day (their time
// zone, from the browser) unless they checked in or wrote a reflection that day; it never mentions a
// streak. Saved at once; goes back if the save fails.
import { useId, useState } from 'react';
import { Switch } from '../../../ui/Switch';
import { useNotificationSettings } from '../hooks/useNotificationSettings';
import styles from './NotificationSettings.module.css';

const DEFAULT_TIME = '20:00';

/** The browser's IANA time zone ("UTC" where it does not say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function WellbeingReminder() {
  const ids = useId();
  const { value, update, saving } = useNotificationSettings();
  const reminder = value?.wellbeing_reminder ?? null;
  const [draftTime, setDraftTime] = useState<string | null>(null);
  if (!value) return null;
  const time = draftTime ?? reminder?.time ?? DEFAULT_TIME;
  const save = (next: string) => {
    setDraftTime(null);
    if (next && next !== reminder?.time)
      update({ wellbeing_reminder: { time: next, time_zone: browserTimeZone() } });
  };

  return (
    <div className={styles.reminder}>
      <div className={styles.row}>
        <span className={styles.text}>
          <span id={`${ids}-label`} className={styles.label}>
            Remind me to check in
          </span>
          <span id={`${ids}-hint`} className={styles.hint}>
            A gentle nudge at this time, only on days you haven&apos;t checked in yet
          </span>
        </span>
        <Switch
          checked={reminder !== null}
          labelledBy={`${ids}-label`}
          describedBy={`${ids}-hint`}
          disabled={saving}
          onChange={(on) =>
            update({
              wellbeing_reminder: on ? { time, time_zone: browserTimeZone() } : null,
            })
          }
        />
      </div>
      {reminder ? (
        <div className={styles.time}>
          <label htmlFor={`${ids}-time`}>Time</label>
          <input
            id={`${ids}-time`}
            type="time"
            className="input"
            value={time}
            required
            aria-describedby={`${ids}-zone`}
            onChange={(event) => setDraftTime(event.target.value)}
            onBlur={(event) => save(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save(event.currentTarget.value);
            }}
          />
          <span id={`${ids}-zone`} className={styles.hint}>
            {reminder.time_zone.replace(/_/g, ' ')}
          </span>
        </div>
      ) : null}
    </div>
  );
}
