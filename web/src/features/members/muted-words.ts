// Muted words: the form's rule for a phrase (the server's, so that its message shows before the call),
// how long a mute lasts (the choices of the form) and how a muted word's row reads. Pure module.
import { plural, timeAgo } from '../../ui/text';

/** The choices of "Mute For": hours until the mute ends, 0 for until unmuted. */
export const MUTE_DURATIONS = [
  { hours: 0, label: 'Forever' },
  { hours: 24, label: '24 hours' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;

export const MUTED_PHRASE_MAX = 50;

export const MutedWordMessages = {
  phrase: `A muted word must be 1 to ${MUTED_PHRASE_MAX} characters`,
  muteFailed: 'Failed to mute the word',
  unmuteFailed: 'Failed to unmute the word',
} as const;

/** The phrase as the server stores it: trimmed, inner spaces collapsed (the server lower-cases it too). */
export const tidyPhrase = (phrase: string) => phrase.trim().replace(/\s+/g, ' ');

/** The server's message for a phrase it would refuse, or null. */
export function mutedPhraseProblem(phrase: string): string | null {
  const tidy = tidyPhrase(phrase);
  return tidy.length === 0 || tidy.length > MUTED_PHRASE_MAX || tidy === '#'
    ? MutedWordMessages.phrase
    : null;
}

const HOUR = 3_600_000;

/** "forever", "ends in 24 hours" (under two days left) or "until 5 Dec 2026". */
export function mutedUntilText(expiresAt: string | null | undefined, now: number = Date.now()): string {
  const at = expiresAt ? Date.parse(expiresAt) : NaN;
  if (!Number.isFinite(at)) return 'forever';
  const left = at - now;
  if (left < 48 * HOUR) return `ends in ${plural(Math.max(1, Math.ceil(left / HOUR)), 'hour')}`;
  return `until ${new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** The second line of a muted word's row: "Muted just now · forever". */
export function mutedWordDetails(
  word: { created_at: string; expires_at: string | null },
  now: number = Date.now(),
): string {
  return `Muted ${timeAgo(word.created_at, now)} · ${mutedUntilText(word.expires_at, now)}`;
}
