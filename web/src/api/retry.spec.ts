import { ApiError } from './errors';
import { endsSession, isTransient, retryDelay, retryRead, retrySession, READ_RETRIES } from './retry';

const answered = (status: number) => new ApiError({ kind: 'response', status });
const offline = new ApiError({ kind: 'transport', code: 'ERR_NETWORK', message: 'Network Error' });
const cancelled = new ApiError({ kind: 'transport', code: 'ERR_CANCELED' });

describe('read retries', () => {
  it('retries failures that may pass: no answer, timeouts, 408, 429 and 5xx', () => {
    expect(isTransient(offline)).toBe(true);
    expect(isTransient(new ApiError({ kind: 'transport', code: 'ECONNABORTED' }))).toBe(true);
    for (const status of [408, 429, 500, 502, 503]) expect(isTransient(answered(status))).toBe(true);
  });

  it('does not retry refusals or calls the app cancelled itself', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(isTransient(answered(status))).toBe(false);
    expect(isTransient(cancelled)).toBe(false);
  });

  it('gives a read up after three more tries', () => {
    expect(retryRead(0, offline)).toBe(true);
    expect(retryRead(READ_RETRIES - 1, offline)).toBe(true);
    expect(retryRead(READ_RETRIES, offline)).toBe(false);
    expect(retryRead(0, answered(404))).toBe(false);
  });

  it('keeps trying the current member while the network is down, never after a 401', () => {
    expect(retrySession(50, offline)).toBe(true);
    expect(retrySession(0, answered(503))).toBe(true);
    expect(retrySession(0, answered(401))).toBe(false);
  });

  it('backs off exponentially up to 30 s, with jitter below the step', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 10].map((attempt) => retryDelay(attempt, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 30_000,
    ]);
    expect(retryDelay(1, () => 1)).toBe(1600);
  });

  it('ends the session only on a 401', () => {
    expect(endsSession(answered(401))).toBe(true);
    expect(endsSession(offline)).toBe(false);
    expect(endsSession(answered(500))).toBe(false);
  });
});
