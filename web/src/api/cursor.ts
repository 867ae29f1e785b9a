// Cursor pagination of lists (ADR 0004 "Lists stay lists"): `?cursor=&limit=` in, the next page's cursor
// in the X-Next-Cursor response header, absent on the last page. Pure module.

/** Feeds: 20 per page (PRODUCT-DECISIONS.md "Social"). */
export const FEED_PAGE_SIZE = 20;

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export interface Page<T> {
  items: T[];
  /** The cursor of the following page; null on the last page. */
  nextCursor: string | null;
}

/** The next page's cursor from the response headers; a missing or blank header means the last page. */
export function readNextCursor(headers: Pick<Headers, 'get'>): string | null {
  const value = headers.get(NEXT_CURSOR_HEADER)?.trim();
  return value ? value : null;
}

/** Query of one page: the first page sends no cursor. */
export function pageQuery(cursor: string | null | undefined, limit: number = FEED_PAGE_SIZE) {
  return cursor ? { cursor, limit } : { limit };
}

/** For useInfiniteQuery: undefined stops paging. */
export const nextPageParam = <T>(last: Page<T>): string | undefined => last.nextCursor ?? undefined;

/** All pages' items in order, each id once (a page boundary must never show a post twice). */
export function flattenPages<T extends { id: string }>(pages: readonly Page<T>[] | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
