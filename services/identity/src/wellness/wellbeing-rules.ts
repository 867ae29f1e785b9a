import { InvalidInput } from '@aura/platform';
import { utcDay } from './wellness-rules';

// Issue 23 item 6 "Wellbeing, beyond Daylio": the mood calendar, the trend and the streaks
// (docs/wellbeing.md). Every day is a UTC day, like the daily rewards.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A check-in's mood on a 1 (low) to 5 (high) scale, for the trend's average. */
export const MOOD_SCORE: Record<string, number> = {
  happy: 5,
  excited: 5,
  positive: 4,
  neutral: 3,
  anxious: 2,
  sad: 1,
};

export const TREND_DAYS = [30, 90] as const;
/** The newest rows of each kind in the CSV export (keeps one answer under the gRPC message limit). */
export const EXPORT_MAX_ROWS = 1000;

export const WellbeingMessages = {
  month: 'month must be a calendar month YYYY-MM from 2000-01 to 2100-12',
  days: 'days must be 30 or 90',
} as const;

const MONTH = /^(\d{4})-(\d{2})$/;

export interface MonthRange {
  month: string;
  start: Date;
  /** The first moment of the next month (exclusive). */
  end: Date;
  days: string[];
}

/** "YYYY-MM" → its UTC days; a clear 422 for anything else. */
export function monthRange(month: string): MonthRange {
  const match = MONTH.exec(month ?? '');
  const year = match ? Number(match[1]) : 0;
  const index = match ? Number(match[2]) : 0;
  if (!match || year < 2000 || year > 2100 || index < 1 || index > 12)
    throw new InvalidInput(WellbeingMessages.month);
  const start = new Date(Date.UTC(year, index - 1, 1));
  const end = new Date(Date.UTC(year, index, 1));
  const days: string[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) days.push(utcDay(new Date(at)));
  return { month, start, end, days };
}

export function trendDays(days: number): 30 | 90 {
  if (!days) return 30;
  if (days !== 30 && days !== 90) throw new InvalidInput(WellbeingMessages.days);
  return days;
}

/** The `count` UTC days ending with today's, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) days.push(utcDay(new Date(today - i * DAY_MS)));
  return days;
}

export interface CheckinPoint {
  mood: string;
  energyLevel: number;
  createdAt: Date;
}

export interface CalendarDay {
  day: string;
  /** The mood of the day's latest check-in; '' on a day without one. */
  mood: string;
  checkins: number;
  reflections: number;
}

/**
 * Each day of the month: the mood of its latest check-in (the member's last word on the day wins;
 * ties on the same moment: the later in the list), how many check-ins and reflections it had.
 */
export function moodCalendar(
  days: string[],
  checkins: readonly CheckinPoint[],
  reflectionTimes: readonly Date[],
): CalendarDay[] {
  const byDay = new Map<string, CalendarDay>(
    days.map((day) => [day, { day, mood: '', checkins: 0, reflections: 0 }]),
  );
  const latest = new Map<string, number>();
  for (const checkin of checkins) {
    const entry = byDay.get(utcDay(checkin.createdAt));
    if (!entry) continue;
    entry.checkins += 1;
    const at = checkin.createdAt.getTime();
    if (at >= (latest.get(entry.day) ?? -Infinity)) {
      latest.set(entry.day, at);
      entry.mood = checkin.mood;
    }
  }
  for (const at of reflectionTimes) {
    const entry = byDay.get(utcDay(at));
    if (entry) entry.reflections += 1;
  }
  return days.map((day) => byDay.get(day)!);
}

export interface TrendPoint {
  day: string;
  checkins: number;
  /** Average MOOD_SCORE of the day's check-ins, one decimal; 0 without any. */
  moodScore: number;
  /** Average energy (1-10) of the day's check-ins, one decimal; 0 without any. */
  energy: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Per day (oldest first): the average mood score and energy of its check-ins. */
export function moodTrend(days: string[], checkins: readonly CheckinPoint[]): TrendPoint[] {
  const sums = new Map<string, { count: number; mood: number; energy: number }>(
    days.map((day) => [day, { count: 0, mood: 0, energy: 0 }]),
  );
  for (const checkin of checkins) {
    const sum = sums.get(utcDay(checkin.createdAt));
    if (!sum) continue;
    sum.count += 1;
    sum.mood += MOOD_SCORE[checkin.mood] ?? MOOD_SCORE.neutral;
    sum.energy += checkin.energyLevel;
  }
  return days.map((day) => {
    const sum = sums.get(day)!;
    return {
      day,
      checkins: sum.count,
      moodScore: sum.count ? oneDecimal(sum.mood / sum.count) : 0,
      energy: sum.count ? oneDecimal(sum.energy / sum.count) : 0,
    };
  });
}

export interface Streak {
  /** Consecutive days up to today, or up to yesterday while today is not done yet; 0 when broken. */
  current: number;
  longest: number;
  doneToday: boolean;
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);

/** Streaks in UTC days from the days with at least one entry. A day without one breaks a streak. */
export function streak(days: Iterable<string>, now: Date): Streak {
  const numbers = [...new Set([...days].map(dayNumber))].filter(Number.isFinite).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < numbers.length; i += 1) {
    run = i > 0 && numbers[i] === numbers[i - 1] + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const today = dayNumber(utcDay(now));
  const present = new Set(numbers);
  const doneToday = present.has(today);
  let current = 0;
  for (let day = doneToday ? today : today - 1; present.has(day); day -= 1) current += 1;
  return { current, longest, doneToday };
}

export interface ExportCheckin extends CheckinPoint {
  id: string;
  moodDescription: string;
}

export interface ExportReflection {
  id: string;
  content: string;
  mood: string;
  category: string;
  createdAt: Date;
}

export const EXPORT_COLUMNS = [
  'type',
  'created_at',
  'mood',
  'energy_level',
  'text',
  'category',
  'id',
] as const;

/** The CSV export's rows, newest first: check-ins and reflections in one table (docs/wellbeing.md). */
export function exportRecords(
  checkins: readonly ExportCheckin[],
  reflections: readonly ExportReflection[],
): Record<(typeof EXPORT_COLUMNS)[number], string | number>[] {
  const rows = [
    ...checkins.map((c) => ({
      at: c.createdAt.getTime(),
      row: {
        type: 'check_in',
        created_at: c.createdAt.toISOString(),
        mood: c.mood,
        energy_level: c.energyLevel,
        text: c.moodDescription,
        category: '',
        id: c.id,
      },
    })),
    ...reflections.map((r) => ({
      at: r.createdAt.getTime(),
      row: {
        type: 'reflection',
        created_at: r.createdAt.toISOString(),
        mood: r.mood,
        energy_level: '',
        text: r.content,
        category: r.category,
        id: r.id,
      },
    })),
  ];
  return rows.sort((a, b) => b.at - a.at).map((entry) => entry.row);
}
