// The mailed link the page was opened with (`/#reset-password=…`, `/#verify-email=…`), or one pasted
// into the address bar later (hashchange). Read once, then the fragment is removed from the address
// (history.replaceState), so that the token does not linger in the history, a bookmark or a shared URL;
// the link waits here until a screen takes it.
import { useSyncExternalStore } from 'react';
import { parseEmailLink, type EmailLink } from '../email-links';

/** A link as read, numbered: the same link opened twice is two visits (a fresh form each time). */
export type CapturedEmailLink = EmailLink & { visit: number };

let pending: CapturedEmailLink | null = null;
let visits = 0;
const listeners = new Set<() => void>();

function capture() {
  const link = parseEmailLink(window.location.hash);
  if (!link) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  pending = { ...link, visit: ++visits };
  listeners.forEach((listener) => listener());
}

capture();
window.addEventListener('hashchange', capture);

export const emailLinks = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => pending,
  /** The link is handled (or set aside by the member): forget it. */
  clear() {
    if (pending === null) return;
    pending = null;
    listeners.forEach((listener) => listener());
  },
};

/** The mailed link waiting to be handled, or null. */
export function useEmailLink(): CapturedEmailLink | null {
  return useSyncExternalStore(emailLinks.subscribe, emailLinks.get, () => null);
}
