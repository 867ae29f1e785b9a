// The feed feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { FeedList } from './components/FeedList';
export { DEFAULT_FEED_TAB, FEED_TABS, isFeedTab, type FeedTab } from './feed-tabs';
