// @mention autocomplete (issue 23): which @name the caret is in, and the text once a member is chosen.
// Mentions are `@[A-Za-z0-9_]{3,30}` not glued to a word or an address (ADR 0004). Pure module.

export interface ActiveMention {
  /** Where the '@' is. */
  start: number;
  /** What follows it up to the caret (1 to 30 of letters, digits, '_'). */
  query: string;
}

/** Suggestions at most, and how long a name must be before the search starts. */
export const MENTION_SUGGESTIONS = 5;
export const MENTION_MIN_QUERY = 1;

const BEFORE_CARET = /(?:^|[^\p{L}\p{N}_.@])@([A-Za-z0-9_]{1,30})$/u;

/** The @name being written at the caret, or null (none, or the caret is not at its end). */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const match = BEFORE_CARET.exec(before);
  if (!match) return null;
  // The name must end at the caret: "@lu|na" is not being written there.
  if (/[A-Za-z0-9_]/.test(text.charAt(caret))) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/** The text with the active @name replaced by `@username ` and where the caret goes after it. */
export function applyMention(
  text: string,
  mention: ActiveMention,
  username: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const insert = `@${username} `;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + insert + rest, caret: mention.start + insert.length };
}
