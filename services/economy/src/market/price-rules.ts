// The coin market's rules (PRODUCT-DECISIONS.md "Money"), pure: no I/O. USD is integer micro-USD,
// AC integer micro-AC; only the percentages are floating point.

export const MICRO = 1_000_000;
export const BASE_PRICE_MICRO_USD = 1_000_000;
/** $0.001 per full 1,000 members. */
export const PER_USERS_MICRO_USD = 1_000;
export const USERS_STEP = 1_000;
/** $0.0001 per full 10,000 engagements. */
export const PER_ENGAGEMENTS_MICRO_USD = 100;
export const ENGAGEMENTS_STEP = 10_000;
/** The price never rises more than 5% above the price at the start of the UTC day. */
export const DAILY_CAP_PERCENT = 5;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const MAX_HISTORY_HOURS = 720;
export const DEFAULT_HISTORY_HOURS = 24;
/** At most this many points per history answer. */
export const MAX_HISTORY_POINTS = 300;

/** $1.00 + $0.001 × ⌊users / 1,000⌋ + $0.0001 × ⌊engagements / 10,000⌋, in micro-USD. */
export function formulaPrice(users: number, engagements: number): number {
  return (
    BASE_PRICE_MICRO_USD +
    PER_USERS_MICRO_USD * Math.floor(Math.max(0, users) / USERS_STEP) +
    PER_ENGAGEMENTS_MICRO_USD * Math.floor(Math.max(0, engagements) / ENGAGEMENTS_STEP)
  );
}

/** The highest price of a day that opened at `dayOpen` (5% above it, rounded down to a micro-USD). */
export function dailyCap(dayOpen: number): number {
  return Math.floor((dayOpen * (100 + DAILY_CAP_PERCENT)) / 100);
}

/** The formula's price, held at the day's cap. */
export function cappedPrice(formula: number, dayOpen: number): number {
  return Math.min(formula, dailyCap(dayOpen));
}

export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The minute a time falls in, as a Date at its start. */
export const minuteOf = (at: Date): Date => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * The price at the start of the UTC day of `at`: the last snapshot's price when it was taken on an
 * earlier day (the price the day opened with), its own day open when it is of the same day, and the
 * formula's price on the very first snapshot.
 */
export function dayOpenFor(
  at: Date,
  previous: { at: Date; priceMicroUsd: number; dayOpenMicroUsd: number } | undefined,
  formula: number,
): number {
  if (!previous) return formula;
  if (utcDayOf(previous.at) === utcDayOf(at)) return previous.dayOpenMicroUsd;
  return previous.priceMicroUsd;
}

/** Percent change from `before` to `now` (0 without a before). Rounded to 4 decimals. */
export function percentChange(now: number, before: number | undefined): number {
  if (!before) return 0;
  return Math.round(((now - before) / before) * 100 * 10_000) / 10_000;
}

/** micro-AC × micro-USD per AC → micro-USD, rounded down, without leaving safe integers for sane sizes. */
export function usdOf(amountMicroAc: number, priceMicroUsd: number): number {
  return Number((BigInt(Math.trunc(amountMicroAc)) * BigInt(Math.trunc(priceMicroUsd))) / BigInt(MICRO));
}

/**
 * `hours` of a history request: an integer 1–720, 24 when absent (0). Anything else is refused with
 * the message the API answers (422).
 */
export const HOURS_MESSAGE = `hours must be an integer from 1 to ${MAX_HISTORY_HOURS}`;
export function historyHours(hours: number | undefined): number {
  if (hours === undefined || hours === 0) return DEFAULT_HISTORY_HOURS;
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_HISTORY_HOURS) throw new RangeError(HOURS_MESSAGE);
  return hours;
}

/**
 * At most `max` points, evenly spread over [from, to]: the window is cut in `max` equal buckets and
 * each bucket keeps its last point (a chart of the close of each bucket). Points are sorted by time.
 */
export function downsample<T extends { at: Date }>(
  points: T[],
  from: Date,
  to: Date,
  max = MAX_HISTORY_POINTS,
): T[] {
  const inside = points.filter((point) => point.at >= from && point.at <= to);
  if (inside.length <= max) return inside;
  const width = (to.getTime() - from.getTime()) / max;
  const kept = new Map<number, T>();
  for (const point of inside) {
    const bucket = Math.min(max - 1, Math.floor((point.at.getTime() - from.getTime()) / width));
    kept.set(bucket, point);
  }
  return [...kept.entries()].sort(([a], [b]) => a - b).map(([, point]) => point);
}

/** The latest point at or before `at` (points sorted by time), else the oldest one. */
export function pointAtOrBefore<T extends { at: Date }>(points: T[], at: Date): T | undefined {
  let found: T | undefined;
  for (const point of points) {
    if (point.at <= at) found = point;
    else break;
  }
  return found ?? points[0];
}
