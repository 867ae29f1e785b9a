// One home feed tab (GET /api/posts/feed/{tab}, a later issue), under queryKeys.feed(tab). Until the
// call exists the feed is empty; the spec's rule for failures is the same ("lists become empty").
import type { FeedTab } from '../feed-tabs';

export function useFeed(tab: FeedTab): { tab: FeedTab; posts: readonly never[]; isLoading: boolean } {
  return { tab, posts: [], isLoading: false };
}
