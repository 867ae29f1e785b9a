import { AsyncLocalStorage } from 'node:async_hooks';

const callSignals = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `work` as the serving of one gRPC call whose `signal` aborts once the caller stopped waiting (it
 * cancelled, or its deadline passed). asyncService does this for every call.
 */
export const withCallSignal = <T>(signal: AbortSignal, work: () => T): T => callSignals.run(signal, work);

/**
 * The signal of the gRPC call being served (undefined outside one). Work that queued behind other work
 * (a lock) checks it before it starts: what nobody waits for any more is not done, so a backlog left by
 * an outage drains instead of delaying the calls that came after it.
 */
export const callSignal = (): AbortSignal | undefined => callSignals.getStore();
