import { ApiError, ErrorMessages } from './errors';
import { REQUEST_TIMEOUT_MS, RequestTimeoutError, withTimeout } from './timeout';

/** A fetch that never answers on its own, but honours its abort signal like the real one. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetchImpl = jest.fn((_input: Request | string | URL, init?: RequestInit) => {
    const signal = init!.signal!;
    signals.push(signal);
    return new Promise<Response>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  });
  return { fetchImpl, signals };
}

describe('withTimeout (spec 000 §7: 45 s timeout)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is 45 seconds', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(45_000);
  });

  it('rejects with the timeout error and aborts the request after 45 s', async () => {
    const { fetchImpl, signals } = hangingFetch();
    const call = withTimeout(fetchImpl)('http://api.test/api/auth/me');
    const outcome = call.then(
      () => 'resolved',
      (error: unknown) => error,
    );

    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signals[0]!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);

    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(signals[0]!.aborted).toBe(true);
    expect(ApiError.fromThrown(error).message).toBe(
      'Request timeout. Your connection may be slow. Please try again.',
    );
  });

  it('times out even when the underlying fetch ignores the abort', async () => {
    const fetchImpl = jest.fn(() => new Promise<Response>(() => undefined));
    const outcome = withTimeout(fetchImpl, 1000)('http://api.test/x').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(1000);
    expect(ApiError.fromThrown(await outcome).message).toBe(ErrorMessages.timeout);
  });

  it('returns a response that arrives in time and clears its timer', async () => {
    const fetchImpl = jest.fn(async () => new Response('{}', { status: 503 }));
    const response = await withTimeout(fetchImpl)('http://api.test/x');
    expect(response.status).toBe(503);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('passes a caller cancellation through as a cancellation, not a timeout', async () => {
    const { fetchImpl, signals } = hangingFetch();
    const caller = new AbortController();
    const outcome = withTimeout(fetchImpl)('http://api.test/x', { signal: caller.signal }).catch(
      (e: unknown) => e,
    );
    caller.abort();
    const error = ApiError.fromThrown(await outcome);
    expect(signals[0]!.aborted).toBe(true);
    expect(error.isCancelled).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });
});
