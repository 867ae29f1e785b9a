import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref to the latest `value`, for code that runs later outside an effect (a recorder's events, an
 * upload's progress, a handler made once): updated as each render commits, never during rendering.
 * A function called only from an effect's listeners is better an effect event (useEffectEvent).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
