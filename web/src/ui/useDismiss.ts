import { useEffect, useEffectEvent, type RefObject } from 'react';

/** Calls `onDismiss` on Escape or on a pointer press outside `ref` (popovers, drawers). */
export function useDismiss(ref: RefObject<HTMLElement | null>, onDismiss: () => void, active = true) {
  const dismiss = useEffectEvent(onDismiss);
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) dismiss();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [ref, active]);
}
