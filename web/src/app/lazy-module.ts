// A module loaded on demand (a chunk of its own) that React components read with Suspense:
// `useLazyModule` returns it at once when it is already there (no fallback, no extra render), and
// otherwise suspends until it has loaded. `preload()` starts the download ahead (idle time, a session
// hint), once.
import { use } from 'react';

export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves to the module. */
  preload(): Promise<T>;
  /** The module once it has loaded, else undefined. */
  loaded(): T | undefined;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A later open tries again (a dropped connection, a deploy that replaced the chunk).
        pending = undefined;
        throw error;
      },
    ));
  return { preload, loaded: () => loaded };
}

/** The module, suspending the calling component while it loads; throws if it could not load. */
export function useLazyModule<T>(module: LazyModule<T>): T {
  return module.loaded() ?? use(module.preload());
}

/**
 * Runs `task` once the browser is idle after the first render (requestIdleCallback, at the latest
 * after `timeoutMs`; a plain timer where there is no requestIdleCallback). Returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
