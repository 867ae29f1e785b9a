// Where the bearer access token lives (spec 000 §6: "kept in local storage").
// Pure module: the browser store receives `localStorage` from its caller.

/** The localStorage key of the access token. */
export const TOKEN_STORAGE_KEY = 'token';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
  /** Called on every change, including changes made by another tab. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}

export function createMemoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  const listeners = createListeners();
  return {
    get: () => token,
    set(next) {
      if (token === next) return;
      token = next;
      listeners.notify();
    },
    clear() {
      if (token === null) return;
      token = null;
      listeners.notify();
    },
    subscribe: listeners.add,
  };
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface StorageEventSource {
  addEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
}

/** A store backed by Web Storage; follows other tabs through `storage` events when a source is given. */
export function createStorageTokenStore(
  storage: StorageLike,
  events?: StorageEventSource,
  key: string = TOKEN_STORAGE_KEY,
): TokenStore {
  const listeners = createListeners();
  const read = () => {
    try {
      return storage.getItem(key) || null;
    } catch {
      return null; // storage disabled (private mode): behave as signed out
    }
  };
  let token = read();
  events?.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== key) return;
    const next = read();
    if (next === token) return;
    token = next;
    listeners.notify();
  });
  return {
    get: () => token,
    set(next) {
      try {
        storage.setItem(key, next);
      } catch {
        // keep the session in memory for this tab
      }
      if (token === next) return;
      token = next;
      listeners.notify();
    },
    clear() {
      try {
        storage.removeItem(key);
      } catch {
        // nothing stored
      }
      if (token === null) return;
      token = null;
      listeners.notify();
    },
    subscribe: listeners.add,
  };
}
