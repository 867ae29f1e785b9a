// Helpers for scenario setup: plain HTTP calls to the bench stack's gateway (never to anything but
// the baseUrl the runner gives, which is 127.0.0.1).
import { randomBytes } from 'node:crypto';

export const BENCH_PASSWORD = 'aura-bench-2026';

/** Calls the gateway API and returns { status, body }. */
export async function api(baseUrl, method, path, { body, token, timeoutMs = 10000 } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

/** A unique, valid username: 3-30 of [A-Za-z0-9_]. */
export function benchUsername(prefix = 'bench') {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.slice(0, 30);
}

/** Signs up a new member; returns { accessToken, user, username, password }. */
export async function registerMember(baseUrl, prefix = 'bench') {
  const username = benchUsername(prefix);
  const { status, body } = await api(baseUrl, 'POST', '/auth/register', {
    body: { username, email: `${username}@bench.aura.local`, password: BENCH_PASSWORD },
  });
  if (status !== 201) throw new Error(`registering ${username} failed: ${status} ${JSON.stringify(body)}`);
  return { accessToken: body.access_token, user: body.user, username, password: BENCH_PASSWORD };
}
