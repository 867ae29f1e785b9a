// How reads are retried (issue 22 "resilient session"): a failure that may pass (no answer, a timeout,
// 408, 429, 5xx) is tried again with exponential backoff; a refusal (other 4xx) is not.
// Pure module (no DOM, no Vite): unit-tested under node.
import { ApiError } from './errors';

/** Reads are tried this many more times before their failure is logged and the list becomes empty. */
export const READ_RETRIES = 3;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** True when trying the same call again may succeed. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.isCancelled) return false;
  if (error.failure.kind === 'transport') return true;
  const status = error.status ?? 0;
  return status === 408 || status === 429 || status >= 500;
}

/** TanStack Query's `retry` for reads. */
export function retryRead(failureCount: number, error: unknown): boolean {
  return failureCount < READ_RETRIES && isTransient(error);
}

/** TanStack Query's `retry` for the current member: a transient failure never ends the session. */
export function retrySession(_failureCount: number, error: unknown): boolean {
  return isTransient(error);
}

/** 1 s, 2 s, 4 s … up to 30 s, with up to 20 % jitter so that many tabs do not retry in step. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/** True when the failure means the session is over (a 401 that survived the client's one refresh). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
