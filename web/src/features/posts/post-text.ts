// Post text with its #tags and @mentions (ADR 0004: tags are `#[A-Za-z0-9_]{1,50}`, lower-cased;
// mentions `@[A-Za-z0-9_]{3,30}`). Pure module.

export interface MentionedMember {
  id: string;
  username: string;
}

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; member: MentionedMember };

const TOKEN = /([#@])([A-Za-z0-9_]+)(?![A-Za-z0-9_])/g;

/**
 * Splits text into plain runs, #tags and @mentions, in order; `tag` is the lower-cased name without '#'.
 * A mention is a link only when it names one of `mentioned` (the members the server resolved, any case);
 * others stay text. A '#' glued to a word ("C#sharp") or an '@' in an address ("me@aura.app") is neither.
 */
export function splitPostText(content: string, mentioned: readonly MentionedMember[] = []): TextSegment[] {
  const byName = new Map(mentioned.map((member) => [member.username.toLowerCase(), member]));
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(TOKEN)) {
    const start = match.index;
    const [text, sigil, name] = match as unknown as [string, '#' | '@', string];
    const before = start > 0 ? content[start - 1]! : '';
    let segment: TextSegment | null = null;
    if (sigil === '#' && name.length <= 50 && !/[A-Za-z0-9_]/.test(before))
      segment = { kind: 'tag', text, tag: name.toLowerCase() };
    else if (sigil === '@' && name.length >= 3 && name.length <= 30 && !/[\p{L}\p{N}_.@]/u.test(before)) {
      const member = byName.get(name.toLowerCase());
      if (member) segment = { kind: 'mention', text, member };
    }
    if (!segment) continue;
    if (start > last) segments.push({ kind: 'text', text: content.slice(last, start) });
    segments.push(segment);
    last = start + text.length;
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) });
  return segments;
}

/** What Explore searches when a tag is clicked. */
export const tagSearchText = (tag: string) => `#${tag.replace(/^#/, '').toLowerCase()}`;
