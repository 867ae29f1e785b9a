/**
 * The words search finds members and posts by (services/social/README.md "Search"), stored in arrays
 * with a multikey index so that a search is a short index range, never a regular expression over
 * every document:
 * - a member's `nameWords`: lower-cased words of the names, searched as a range (`prefixRange`);
 * - a post's `contentPrefixes`: the leading 1..MAX_PREFIX_LENGTH characters of each of its words,
 *   searched by equality in an index that also holds the creation time, so a time window narrows the
 *   range too (on this engine a range on the words would cost every key of the words range, whatever
 *   the window).
 * The services and the scale benchmark's bulk loader both compute the arrays with these functions, so
 * loaded and written documents are alike.
 */

/** At most this many distinct words of a post are indexed (the first ones, in order of appearance). */
export const MAX_CONTENT_WORDS = 64;
/** Words are cut to this many characters (a longer query word is cut the same way). */
export const MAX_WORD_LENGTH = 64;
/** Shorter words of a post (a, I, é) are not indexed. */
export const MIN_CONTENT_WORD_LENGTH = 2;
/** A post's words are indexed by their first 1..MAX_PREFIX_LENGTH characters. */
export const MAX_PREFIX_LENGTH = 10;

/** Anything but a letter, a combining mark or a digit separates words ('_', '#', '@', '.', spaces). */
const SEPARATOR = /[^\p{L}\p{M}\p{N}]+/u;

/** Text as search compares it: NFC, lower-cased, runs of white space as one space, trimmed. */
export function searchText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** The first `max` characters (code points, so a surrogate pair is never split). */
function cut(text: string, max = MAX_WORD_LENGTH): string {
  const points = [...text];
  return points.length > max ? points.slice(0, max).join('') : text;
}

const length = (word: string) => [...word].length;

/** Every word of a text, lower-cased, in order, repeats included. */
export function wordsOf(text: string): string[] {
  return searchText(text)
    .split(SEPARATOR)
    .filter((word) => word.length > 0);
}

/**
 * A member's `nameWords`: the whole username and display name (lower-cased), the display name's
 * space-separated parts, and the words of both (split at '_' and other non-alphanumerics), so a search
 * finds "Bob_Calm" / "Bob Serene" by "bob", "calm", "serene", "bob_c" or "bob ser", and "Ann Lee_Smith"
 * by "lee_s".
 */
export function nameWordsOf(username: string, displayName: string): string[] {
  const user = searchText(username);
  const display = searchText(displayName);
  const words = [user, display, ...display.split(' '), ...wordsOf(user), ...wordsOf(display)]
    .filter((word) => word.length > 0)
    .map((word) => cut(word));
  return [...new Set(words)];
}

/**
 * The words of a post that search indexes: its distinct words of two characters or more (tags
 * included, without '#'), cut to MAX_WORD_LENGTH, the first MAX_CONTENT_WORDS of them.
 */
export function contentWordsOf(content: string): string[] {
  const words = new Set<string>();
  for (const word of wordsOf(content)) {
    if (length(word) < MIN_CONTENT_WORD_LENGTH) continue;
    words.add(cut(word));
    if (words.size === MAX_CONTENT_WORDS) break;
  }
  return [...words];
}

/**
 * A post's `contentPrefixes`: the first 1, 2, ... MAX_PREFIX_LENGTH characters of each of its words
 * (`contentWordsOf`), once each: "calm day" → c, ca, cal, calm, d, da, day.
 */
export function contentPrefixesOf(content: string): string[] {
  const prefixes = new Set<string>();
  for (const word of contentWordsOf(content)) {
    const points = [...word];
    for (let end = 1; end <= Math.min(points.length, MAX_PREFIX_LENGTH); end += 1)
      prefixes.add(points.slice(0, end).join(''));
  }
  return [...prefixes];
}

/** The prefix a member search looks for among `nameWords`: the whole text (null when blank). */
export function memberPrefixOf(term: string): string | null {
  const text = cut(searchText(term));
  return text.length > 0 ? text : null;
}

/**
 * What a post search looks for: every word of the text must start a word of the post. The longest
 * word (the most selective) is looked up in `contentPrefixes` (its first MAX_PREFIX_LENGTH
 * characters); every word is then checked on the posts found. Null when the text has no word (only
 * punctuation).
 */
export interface ContentWordQuery {
  /** The prefix looked up in contentPrefixes. */
  indexed: string;
  /** Every word of the text (distinct). */
  words: string[];
}

export function contentQueryOf(term: string): ContentWordQuery | null {
  const words = [...new Set(wordsOf(term))];
  if (words.length === 0) return null;
  const longest = words.reduce((best, word) => (length(word) > length(best) ? word : best));
  return { indexed: cut(longest, MAX_PREFIX_LENGTH), words };
}

/** True when every query word starts some word of the text (the words of `text` are not cut). */
export function startsWordsOf(text: string, words: readonly string[]): boolean {
  const own = wordsOf(text);
  return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}

/**
 * The strings that start with `prefix`, as an index range: [prefix, prefix with its last character
 * raised by one). MongoDB compares strings by their UTF-8 bytes, which orders them as code points.
 * (An anchored regular expression has the same bounds, but this engine tests the expression on every
 * key in them, several times the cost of the range.)
 */
export function prefixRange(prefix: string): { $gte: string; $lt?: string } {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Skip the surrogate block, which no well-formed string holds.
      const next = last === 0xd7ff ? 0xe000 : last + 1;
      return { $gte: prefix, $lt: points.join('') + String.fromCodePoint(next) };
    }
  }
  return { $gte: prefix };
}
