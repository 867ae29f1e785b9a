// Text display rules shared by several screens (spec 000 §9: story preview cut at 100 characters,
// search bio preview cut at 50). Pure module: unit-tested under node.

/** The text cut to `max` characters (by code point, so an emoji is never split), with "..." when cut. */
export function cutText(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  return `${chars.slice(0, max).join('').trimEnd()}...`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5m ago", "3h ago", "2d ago", then the date ("12 Mar 2026"). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return new Date(then).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "1 like" / "3 likes". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
