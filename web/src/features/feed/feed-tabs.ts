// Spec 000 §2 "Main home view": four feed tabs, Aura Feed by default.

export type FeedTab = 'high-aura' | 'discovery' | 'following' | 'aura';

export const FEED_TABS: readonly { id: FeedTab; label: string }[] = [
  { id: 'high-aura', label: 'High Aura' },
  { id: 'discovery', label: 'Discovery' },
  { id: 'following', label: 'Following' },
  { id: 'aura', label: 'Aura Feed' },
];

export const DEFAULT_FEED_TAB: FeedTab = 'aura';

export const isFeedTab = (value: string): value is FeedTab => FEED_TABS.some((tab) => tab.id === value);
