// Post text with its #tags (ADR 0004: tags are `#[A-Za-z0-9_]{1,50}`, lower-cased). Pure module.

export type TextSegment = { kind: 'text'; text: string } | { kind: 'tag'; text: string; tag: string };

const TAG = /#([A-Za-z0-9_]{1,50})(?![A-Za-z0-9_])/g;

/** Splits text into plain runs and #tags, in order; `tag` is the lower-cased name without '#'. */
export function splitTags(content: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(TAG)) {
    const start = match.index;
    // A '#' glued to a word ("C#sharp") is not a tag.
    if (start > 0 && /[A-Za-z0-9_]/.test(content[start - 1]!)) continue;
    if (start > last) segments.push({ kind: 'text', text: content.slice(last, start) });
    segments.push({ kind: 'tag', text: match[0], tag: match[1]!.toLowerCase() });
    last = start + match[0].length;
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) });
  return segments;
}

/** What Explore searches when a tag is clicked. */
export const tagSearchText = (tag: string) => `#${tag.replace(/^#/, '').toLowerCase()}`;
