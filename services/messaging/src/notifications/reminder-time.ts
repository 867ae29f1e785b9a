import { InvalidInput } from '@aura/platform';

/** The wellbeing reminder's time of day, in the member's own time zone. */
export interface ReminderTime {
  /** "HH:MM", 24-hour. */
  time: string;
  /** An IANA time zone, e.g. "Europe/Berlin". */
  timeZone: string;
}

export const ReminderMessages = {
  badTime: 'The reminder time must be HH:MM (00:00 to 23:59)',
  badTimeZone: (zone: string) => `Unknown time zone: ${zone}`,
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function formatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Checks a reminder time and zone; answers them as stored. */
export function validateReminderTime(time: string, timeZone: string): ReminderTime {
  if (!TIME.test(time)) throw new InvalidInput(ReminderMessages.badTime);
  try {
    formatter(timeZone);
  } catch {
    throw new InvalidInput(ReminderMessages.badTimeZone(timeZone.slice(0, 60)));
  }
  return { time, timeZone: formatter(timeZone).resolvedOptions().timeZone };
}

/** The wall clock of a moment in a zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The member's calendar day ("YYYY-MM-DD") at a moment. */
export function localDayOf(at: Date, timeZone: string): string {
  const { year, month, day } = wallClock(at, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at a moment, in ms. */
function offsetMs(at: number, timeZone: string): number {
  const wall = wallClock(new Date(at), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The moment a wall-clock time of a day happens in a zone (the later one across a DST change). */
function momentOf(year: number, month: number, day: number, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

/** The first moment after `after` at which it is `time` in the member's zone. */
export function nextReminderAt(after: Date, reminder: ReminderTime): Date {
  const today = wallClock(after, reminder.timeZone);
  for (let days = 0; days < 3; days++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const at = momentOf(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      reminder.time,
      reminder.timeZone,
    );
    if (at.getTime() > after.getTime()) return at;
  }
  return new Date(after.getTime() + 24 * 3_600_000);
}
