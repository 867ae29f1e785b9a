// The four home feeds (spec 000 §7 "Feeds and posts", ADR 0004): GET /api/posts/feed/{feed}, cursor-paged.
import type { ApiClient } from '../../../api/client';
import { asList, callWithHeaders } from '../../../api/request';
import type { Post } from '../../posts';
import { pageQuery, readNextCursor, type Page } from '../../../api/cursor';
import type { FeedTab } from '../feed-tabs';

export function createFeedApi(api: ApiClient) {
  return {
    page: async (tab: FeedTab, cursor: string | null, signal?: AbortSignal): Promise<Page<Post>> => {
      const { data, headers } = await callWithHeaders(api, (c) =>
        c.GET('/api/posts/feed/{feed}', {
          params: { path: { feed: tab }, query: pageQuery(cursor) },
          signal,
        }),
      );
      return { items: asList(data), nextCursor: readNextCursor(headers) };
    },
  };
}

export type FeedApi = ReturnType<typeof createFeedApi>;
