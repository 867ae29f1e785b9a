/** What a `Range` header asks of an object of `size` bytes (one range of bytes; others are ignored). */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * RFC 9110 §14: `bytes=a-b`, `bytes=a-` and `bytes=-n` are honoured; a malformed header or several
 * ranges are ignored (the whole object is sent); a range that starts past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start)) return { kind: 'unsatisfiable' };
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}

/** Whether an `If-None-Match` header names the current entity tag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** An entity tag as HTTP writes it: quoted (media may hand it over bare, like S3's hex digest). */
export function quoteEtag(etag: string): string {
  if (!etag) return '';
  return /^(W\/)?".*"$/.test(etag) ? etag : `"${etag.replace(/"/g, '')}"`;
}

/** An HTTP date from whatever media stored (ISO 8601 or already an HTTP date); '' when unknown. */
export function httpDate(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toUTCString();
}
