import { AsyncLocalStorage } from 'node:async_hooks';

// Which part of Aura (a service, or the gateway) the running code belongs to, for the process that
// runs several (AURA_TARGET=all, ADR 0014): each part starts inside runAsPart, so its timers, sockets
// and consumers carry its name, and a call in process runs its handler as the serving part. Metrics
// are labelled with it (metrics.ts); in a process of one part it is simply that part.
const parts = new AsyncLocalStorage<string>();

export function runAsPart<T>(part: string, work: () => T): T {
  return parts.run(part, work);
}

/** The part the running code belongs to, if any part started it. */
export function currentPart(): string | undefined {
  return parts.getStore();
}
