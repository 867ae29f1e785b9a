// The seed's calls to the gateway: one answer, or an answer that must succeed.
import { stackEnv } from '../lib/env.mjs';

/**
 * One API call as a member (no token: anonymous); answers status and parsed body. A rate-limited call
 * (429: sign-ins are limited per client address, and the seed signs in several members) waits the
 * Retry-After the gateway names, up to three times.
 */
export async function call(baseUrl, method, path, token, body, headers = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 429 && attempt < 3) {
      const seconds = Math.min(Number(response.headers.get('retry-after')) || 15, 60);
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    return { status: response.status, body: await response.json().catch(() => ({})) };
  }
}

/**
 * The body of a call that must succeed. A member who just signed up reaches the other services by
 * event (404 "User not found" for a moment), and a service that is still starting answers 503:
 * both are retried for about 10 s.
 */
export async function ok(baseUrl, method, path, token, body, headers) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call(baseUrl, method, path, token, body, headers);
    if (answer.status < 300) return answer.body;
    if (![404, 503].includes(answer.status) || attempt >= 50)
      throw new Error(`seeding ${method} ${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The super admin's access token (AURA_SUPER_ADMIN_* from aura.env and the environment). */
export async function superAdminToken(baseUrl) {
  const env = stackEnv();
  const body = await ok(baseUrl, 'POST', '/auth/login', undefined, {
    username: env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
    password: env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
  });
  return body.access_token;
}
