// Setup shared by the single-path scenarios (home-timeline, member, profile, create-post): members
// signed up in parallel, follows and posts retried while the events they depend on are on their way.
import { api, registerMember } from './api.mjs';

const TAGS = ['wellness', 'mindfulness', 'gratitude', 'energy', 'calm', 'growth', 'sunrise', 'focus'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Runs `task` over `items` with at most `limit` at a time. */
export async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/**
 * Retries a call that depends on an event reaching a service (404 until its member projection has
 * the member) or that met a busy service (503).
 */
export async function eventually(call, what) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await call();
    if (answer.status < 300) return answer;
    if (answer.status !== 404 && answer.status !== 503)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200 * Math.min(attempt + 1, 10)));
  }
  throw new Error(`${what}: still failing after 50 attempts`);
}

export async function signUp(baseUrl, count, prefix) {
  const members = [];
  await pool([...Array(count).keys()], 4, async () => members.push(await registerMember(baseUrl, prefix)));
  return members;
}

export function follow(baseUrl, member, target) {
  return eventually(
    () =>
      api(baseUrl, 'POST', `/users/${target.user.id}/follow`, {
        token: member.accessToken,
        timeoutMs: 60_000,
      }),
    'follow',
  );
}

export function postText() {
  return `A moment of calm before the day #${pick(TAGS)} #${pick(TAGS)} (${Math.random().toString(36).slice(2, 8)})`;
}

export function newPostBody() {
  return { content: postText(), content_type: 'text', category: 'general', is_story: false };
}

export function post(baseUrl, member) {
  return eventually(
    () => api(baseUrl, 'POST', '/posts', { token: member.accessToken, body: newPostBody() }),
    'post',
  );
}

/** Polls `call` until `done(answer)` holds; throws after `timeoutMs`. */
export async function waitFor(call, done, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call();
    if (answer.status < 300 && done(answer.body)) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: not there after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** autocannon's setupClient: connection i carries member i mod n's token. */
export function tokenPerConnection(members) {
  let next = 0;
  return (client) => {
    const member = members[next++ % members.length];
    client.setHeaders({ authorization: `Bearer ${member.accessToken}` });
  };
}
