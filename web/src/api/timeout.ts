// Spec 000 §7 "Shared client behaviour": every call gives up after 45 seconds.
// Pure module (no DOM, no Vite): unit-tested under node.

export const REQUEST_TIMEOUT_MS = 45_000;

/** Thrown when a call got no answer in time; `code` follows the catalogue's timeout code. */
export class RequestTimeoutError extends Error {
  readonly code = 'ECONNABORTED';
  constructor(readonly timeoutMs: number) {
    super(`timeout of ${timeoutMs}ms exceeded`);
    this.name = 'RequestTimeoutError';
  }
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wraps a fetch so that each call is aborted (AbortController) and rejected with RequestTimeoutError
 * when no response arrived within `timeoutMs`. A caller's own signal still cancels the call.
 */
export function withTimeout(fetchImpl: Fetch, timeoutMs: number = REQUEST_TIMEOUT_MS): Fetch {
  return (input, init) => {
    const controller = new AbortController();
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new RequestTimeoutError(timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    const call = fetchImpl(input, { ...init, signal: controller.signal });
    // Whichever loses the race must not surface as an unhandled rejection.
    call.catch(() => undefined);
    timedOut.catch(() => undefined);

    return Promise.race([call, timedOut]).finally(() => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    });
  };
}
