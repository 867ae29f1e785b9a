import { useEffect, type RefObject } from 'react';

/** Long enough for the cards above to load (their skeletons give way to taller content). */
const SETTLE_MS = 4_000;
const MEMBER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Opens a dialog at a part of it: scrolls `ref` to the top of the dialog and focuses its heading, and
 * keeps it there while the content above settles (the dialog body has no scroll anchoring), until the
 * member scrolls, types or clicks, or a few seconds have passed.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const place = () => element.scrollIntoView({ block: 'start' });
    place();
    // After the dialog has put the focus on itself.
    const frame = requestAnimationFrame(() => {
      element.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
    });
    const content = element.parentElement;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    if (content) observer?.observe(content);
    const scroller = element.closest('[data-dialog-body]') ?? window;
    const stop = () => {
      observer?.disconnect();
      for (const name of MEMBER_MOVES) scroller.removeEventListener(name, stop);
    };
    for (const name of MEMBER_MOVES) scroller.addEventListener(name, stop, { passive: true });
    const timer = setTimeout(stop, SETTLE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop();
    };
  }, [ref, enabled]);
}
