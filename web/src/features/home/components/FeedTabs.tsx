// Four feed tabs (spec 000 §2): High Aura, Discovery, Following, Aura Feed (default).
import { useId, useRef, type KeyboardEvent } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { FEED_TABS, type FeedTab } from '../../feed/feed-tabs';
import { useFeed } from '../../feed/hooks/useFeed';
import styles from './FeedTabs.module.css';

const EMPTY_COPY: Record<FeedTab, string> = {
  'high-aura': 'Posts from members with an aura of 700 or more appear here.',
  discovery: "Fresh voices from members you don't follow yet appear here.",
  following: 'Posts from the people you follow, and your own, appear here.',
  aura: 'The most uplifting posts of the community appear here.',
};

export function FeedTabs({ value, onChange }: { value: FeedTab; onChange: (tab: FeedTab) => void }) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + FEED_TABS.length) % FEED_TABS.length;
    onChange(FEED_TABS[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <section className={styles.feed}>
      <div className={styles.tablist} role="tablist" aria-label="Feeds">
        {FEED_TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            id={`${baseId}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={value === tab.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={value === tab.id ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${value}`}
        className={styles.panel}
      >
        <FeedPanel tab={value} />
      </div>
    </section>
  );
}

function FeedPanel({ tab }: { tab: FeedTab }) {
  const { posts } = useFeed(tab);
  if (posts.length === 0) {
    return (
      <EmptyState icon="sparkle" title="No posts yet">
        {EMPTY_COPY[tab]}
      </EmptyState>
    );
  }
  return null;
}
