/** Hashtags and @mentions in post, story and comment text (ADR 0004). */

export const MAX_TAGS = 30;
export const MAX_MENTIONS = 20;

// A tag or mention starts the text or follows a character that cannot be part of a word, so e-mail
// addresses ("me@aura.app") and URL fragments ("page#top") are neither.
const TAG = /(?<![\p{L}\p{N}_&/#])#([A-Za-z0-9_]{1,50})(?![A-Za-z0-9_])/gu;
const MENTION = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/gu;

/** `#tags`, lower-cased, without '#', unique, in order of first appearance. */
export function extractTags(text: string): string[] {
  const tags: string[] = [];
  for (const match of text.matchAll(TAG)) {
    const tag = match[1].toLowerCase();
    if (!tags.includes(tag)) tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

/** `@usernames` as written, without '@', unique without regard to case, in order of appearance. */
export function extractMentions(text: string): string[] {
  const seen = new Set<string>();
  const mentions: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = match[1];
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    mentions.push(name);
    if (mentions.length === MAX_MENTIONS) break;
  }
  return mentions;
}
