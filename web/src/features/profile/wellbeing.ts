// Wellbeing on the own profile (issue 23 item 6, docs/wellbeing.md): the mood calendar's month grid, the
// 30/90-day mood and energy chart and the streaks' gentle words. Pure module: unit-tested under node.
import { dispositionFileName } from '../../api/content-disposition';
import { moodLabel } from './wellness';

export interface CalendarDay {
  day: string;
  /** The mood of the day's latest check-in; '' on a day without one. */
  mood: string;
  checkins: number;
  reflections: number;
}

export interface TrendPoint {
  day: string;
  checkins: number;
  mood_score: number;
  energy: number;
}

export interface Streak {
  current: number;
  longest: number;
  done_today: boolean;
}

export interface Streaks {
  check_ins: Streak;
  reflections: Streak;
}

export const TREND_RANGES = [30, 90] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "YYYY-MM" of a moment's UTC month. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The month `delta` months from "YYYY-MM". */
export function shiftMonth(month: string, delta: number): string {
  const [year, index] = month.split('-').map(Number);
  return monthOf(new Date(Date.UTC(year!, index! - 1 + delta, 1)));
}

/** "November 2026". */
export function monthTitle(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface CalendarCell extends CalendarDay {
  date: number;
  isToday: boolean;
  /** What a screen reader says: "November 3: Happy, 2 check-ins, 1 reflection". */
  label: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function cellLabel(day: CalendarDay, isToday: boolean): string {
  const date = new Date(`${day.day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const parts = [day.mood ? moodLabel(day.mood) : 'no check-in'];
  if (day.checkins > 1) parts.push(plural(day.checkins, 'check-in'));
  if (day.reflections > 0) parts.push(plural(day.reflections, 'reflection'));
  return `${isToday ? 'Today, ' : ''}${date}: ${parts.join(', ')}`;
}

/** The month as weeks of seven cells, Monday first; null before the 1st and after the last day. */
export function calendarWeeks(days: readonly CalendarDay[], today: string): (CalendarCell | null)[][] {
  if (days.length === 0) return [];
  const first = new Date(`${days[0]!.day}T00:00:00Z`).getUTCDay();
  const cells: (CalendarCell | null)[] = Array.from({ length: (first + 6) % 7 }, () => null);
  for (const day of days)
    cells.push({
      ...day,
      date: Number(day.day.slice(8, 10)),
      isToday: day.day === today,
      label: cellLabel(day, day.day === today),
    });
  while (cells.length % 7) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * An SVG path through the values on a width × height box (y up, from `min` to `max`); a day without a
 * check-in (null) leaves a gap, and a lone day is a dot-sized segment.
 */
export function linePath(
  values: readonly (number | null)[],
  min: number,
  max: number,
  width: number,
  height: number,
): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) => height - ((value - min) / (max - min)) * height;
  const parts: string[] = [];
  let open = false;
  values.forEach((value, index) => {
    if (value === null) {
      open = false;
      return;
    }
    const point = `${round(index * step)} ${round(y(value))}`;
    const next = values[index + 1];
    if (open) parts.push(`L${point}`);
    else parts.push(`M${point}`, ...(next === null || next === undefined ? [`h0.01`] : []));
    open = true;
  });
  return parts.join(' ');
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The chart's series: mood (1-5) and energy (1-10), null on days without a check-in. */
export function trendSeries(points: readonly TrendPoint[]) {
  return {
    mood: points.map((p) => (p.checkins ? p.mood_score : null)),
    energy: points.map((p) => (p.checkins ? p.energy : null)),
    days: points.filter((p) => p.checkins > 0).length,
  };
}

export type StreakKind = 'check-in' | 'reflection';

/**
 * Gentle words (no shame on a broken streak): "3-day check-in streak" while it runs (today not done yet
 * does not break it); after a break only the longest, "Longest check-in streak: 5 days"; nothing at all
 * before the first entry.
 */
export function streakText(streak: Streak | undefined, kind: StreakKind): string {
  if (!streak) return '';
  if (streak.current > 0) return `${streak.current}-day ${kind} streak`;
  if (streak.longest > 0) return `Longest ${kind} streak: ${plural(streak.longest, 'day')}`;
  return '';
}

/** The download's name: the server's (content-disposition), reduced to a plain file name. */
export function exportFileName(disposition: string | null, today: string): string {
  const name = dispositionFileName(disposition);
  return name && /\.csv$/i.test(name) ? name : `aura-wellness-${today}.csv`;
}
