// Accessible tabs (role=tablist/tab/tabpanel, aria-selected, roving tabindex, arrow keys, Home/End).
// The caller renders the panel with <TabPanel>, sharing the same idBase.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollHints } from './useScrollHints';
import styles from './Tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown as a small count beside the label (e.g. search results). */
  count?: number;
}

export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const panelId = (idBase: string) => `${idBase}-panel`;

export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idBase,
  size = 'md',
}: {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** The tablist's accessible name. */
  label: string;
  idBase: string;
  size?: 'sm' | 'md';
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const row = useRef<HTMLDivElement>(null);
  useScrollHints(row, value);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next === -1) return;
    event.preventDefault();
    onChange(items[next]!.id);
    buttons.current[next]?.focus();
  };

  return (
    <div
      ref={row}
      className={`scroll-row ${styles.list} ${size === 'sm' ? styles.small : ''}`}
      role="tablist"
      aria-label={label}
    >
      {items.map((item, index) => (
        <button
          key={item.id}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          id={tabId(idBase, item.id)}
          type="button"
          role="tab"
          aria-selected={value === item.id}
          aria-controls={panelId(idBase)}
          tabIndex={value === item.id ? 0 : -1}
          aria-label={item.count === undefined ? undefined : `${item.label} (${item.count})`}
          className={styles.tab}
          onClick={() => onChange(item.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {item.label}
          {item.count === undefined ? null : (
            <span className={styles.count} aria-hidden="true">
              {item.count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({
  idBase,
  value,
  children,
  className,
}: {
  idBase: string;
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div id={panelId(idBase)} role="tabpanel" aria-labelledby={tabId(idBase, value)} className={className}>
      {children}
    </div>
  );
}
