import { useEffect, type RefObject } from 'react';

/**
 * A row that may scroll sideways (tab rows on phones) tells whether more lies before or after what
 * shows: data-more-start / data-more-end on the element, which the global `.scroll-row` class turns into
 * fading edges. The selected item (aria-selected="true") is kept in view.
 */
export function useScrollHints(ref: RefObject<HTMLElement | null>, selectedKey?: unknown) {
  useEffect(() => {
    const row = ref.current;
    if (!row) return undefined;
    const update = () => {
      const max = row.scrollWidth - row.clientWidth;
      row.toggleAttribute('data-more-start', max > 1 && row.scrollLeft > 1);
      row.toggleAttribute('data-more-end', max > 1 && row.scrollLeft < max - 1);
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);

  useEffect(() => {
    const row = ref.current;
    const selected = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !selected || row.scrollWidth <= row.clientWidth) return;
    const start = selected.offsetLeft - row.offsetLeft;
    const end = start + selected.offsetWidth;
    if (start < row.scrollLeft) row.scrollTo({ left: Math.max(0, start - 24) });
    else if (end > row.scrollLeft + row.clientWidth) row.scrollTo({ left: end - row.clientWidth + 24 });
  }, [ref, selectedKey]);
}
