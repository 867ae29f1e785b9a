// Four feed tabs (spec 000 §2): High Aura, Discovery, Following, Aura Feed (default), each an infinite list.
import { useId, useRef, type KeyboardEvent } from 'react';
import { FeedList } from '../../feed';
import { FEED_TABS, type FeedTab } from '../../feed';
import styles from './FeedTabs.module.css';

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
        <FeedList key={value} tab={value} />
      </div>
    </section>
  );
}
