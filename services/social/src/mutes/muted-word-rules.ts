// Muted words and tags: what a phrase may be, and whether a post's text holds one. Pure module.
import { InvalidInput, RuleViolation } from '@aura/platform';

export const MUTED_PHRASE_MAX = 50;
export const MAX_MUTED_WORDS = 100;
export const MUTED_WORD_MAX_HOURS = 8760;

export const MutedWordMessages = {
  phrase: `A muted word must be 1 to ${MUTED_PHRASE_MAX} characters`,
  expiry: `expires_in_hours must be a whole number from 0 to ${MUTED_WORD_MAX_HOURS}`,
  tooMany: `You can mute at most ${MAX_MUTED_WORDS} words`,
  notFound: 'Muted word not found',
} as const;

/** The phrase as stored and matched: trimmed, inner spaces collapsed, lower-cased. */
export function normalizePhrase(phrase: string): string {
  const normalized = (phrase ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (normalized.length === 0 || normalized.length > MUTED_PHRASE_MAX || normalized === '#')
    throw new RuleViolation(MutedWordMessages.phrase);
  return normalized;
}

/** When a mute ends; null: until unmuted. */
export function mutedUntil(expiresInHours: number, now: Date): Date | null {
  if (!Number.isInteger(expiresInHours) || expiresInHours < 0 || expiresInHours > MUTED_WORD_MAX_HOURS)
    throw new InvalidInput(MutedWordMessages.expiry);
  return expiresInHours === 0 ? null : new Date(now.getTime() + expiresInHours * 3600_000);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text holds any of the phrases, each as a whole word or words in any case ("run" hides "Run!"
 * but not "running"); a tag ("#run") hides the post tagged with it.
 */
export function mutedPhraseMatcher(phrases: string[]): (text: string, tags: string[]) => boolean {
  if (phrases.length === 0) return () => false;
  const tags = new Set(phrases.filter((phrase) => phrase.startsWith('#')).map((tag) => tag.slice(1)));
  const words = phrases.filter((phrase) => !phrase.startsWith('#'));
  const pattern =
    words.length === 0
      ? null
      : new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
  return (text, postTags) =>
    postTags.some((tag) => tags.has(tag.toLowerCase())) || (pattern !== null && pattern.test(text));
}
