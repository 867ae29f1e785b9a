// The social network mix of DeathStarBench's socialNetwork (read-home-timeline, read-user-timeline,
// compose-post), open-loop at fixed rates: 60% home timelines (GET /api/posts/feed/following),
// 30% member timelines (GET /api/users/{id}/posts?limit=10), 10% new posts (POST /api/posts).
// Steps the offered rate up until the stack saturates; docs/benchmarks.md records the highest rate
// whose p99 stays within 100 ms.
import { api, registerMember } from '../api.mjs';
import { eventually, pool, postText } from '../community.mjs';
import { runOpenLoop } from '../open-loop.mjs';

export const name = 'social-mix';
export const description =
  'open loop: 60% home timeline, 30% member timeline, 10% new post, at rising fixed rates';

const MEMBERS = 100;
const FOLLOWS_PER_MEMBER = 10;
const POSTS_PER_MEMBER = 3;
/** Offered rates (requests/s), tried in order until p99 passes SATURATED_P99_MS or requests drop. */
const RATES = (process.env.AURA_BENCH_SOCIAL_RATES ?? '20,30,40,50,75,100,150,200').split(',').map(Number);
const SATURATED_P99_MS = 1000;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

export async function setup(baseUrl) {
  process.stdout.write(`  setup: ${MEMBERS} members`);
  const members = [];
  await pool([...Array(MEMBERS).keys()], 4, async () => members.push(await registerMember(baseUrl, 'mix')));

  const follows = [];
  for (const member of members) {
    const others = members.filter((m) => m !== member).sort(() => Math.random() - 0.5);
    for (const target of others.slice(0, FOLLOWS_PER_MEMBER)) follows.push([member, target]);
  }
  process.stdout.write(`, ${follows.length} follows`);
  await pool(follows, 4, ([member, target]) =>
    eventually(
      () =>
        api(baseUrl, 'POST', `/users/${target.user.id}/follow`, {
          token: member.accessToken,
          timeoutMs: 60_000,
        }),
      'follow',
    ),
  );

  const posts = members.flatMap((m) => Array.from({ length: POSTS_PER_MEMBER }, () => m));
  process.stdout.write(`, ${posts.length} posts`);
  await pool(posts, 8, (member) =>
    eventually(
      () =>
        api(baseUrl, 'POST', '/posts', {
          token: member.accessToken,
          body: { content: postText(), content_type: 'text', category: 'general', is_story: false },
        }),
      'post',
    ),
  );
  // Signed-in members have read their home timeline and their own posts before: their Redis copies
  // exist, as in a running system (a first read rebuilds a copy with a sorted MongoDB scan).
  process.stdout.write(', first reads');
  await pool(members, 2, async (member) => {
    const token = member.accessToken;
    await eventually(
      () => api(baseUrl, 'GET', '/posts/feed/following', { token, timeoutMs: 60_000 }),
      'feed',
    );
    await eventually(
      () => api(baseUrl, 'GET', `/users/${member.user.id}/posts?limit=10`, { token, timeoutMs: 60_000 }),
      'member posts',
    );
  });
  console.log(' ... done');
  return { members };
}

function nextRequest({ members }) {
  const member = pick(members);
  const headers = { authorization: `Bearer ${member.accessToken}` };
  const roll = Math.random();
  if (roll < 0.6) return { kind: 'home timeline', method: 'GET', path: '/api/posts/feed/following', headers };
  if (roll < 0.9)
    return {
      kind: 'member timeline',
      method: 'GET',
      path: `/api/users/${pick(members).user.id}/posts?limit=10`,
      headers,
    };
  return {
    kind: 'new post',
    method: 'POST',
    path: '/api/posts',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ content: postText(), content_type: 'text', category: 'general', is_story: false }),
  };
}

/** The open-loop run the bench runner calls instead of autocannon; answers one row per rate. */
/** Seconds to wait after setup: its follows and posts are events the other services still digest. */
const SETTLE_SEC = Number(process.env.AURA_BENCH_SOCIAL_SETTLE_SEC ?? 30);

export async function openLoop(context, { baseUrl, durationSec, log, measure }) {
  const next = () => nextRequest(context);
  log(`  settling ${SETTLE_SEC} s (setup's events reach the consumers) ... `);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SEC * 1000));
  log('done\n');
  log(`  warm-up: ${RATES[0]} req/s for 5 s (not reported) ... `);
  await runOpenLoop({ baseUrl, rate: RATES[0], durationSec: 5, nextRequest: next });
  log('done\n');
  const rows = [];
  for (const rate of RATES) {
    log(`  ${rate} req/s for ${durationSec} s ... `);
    const stop = measure?.();
    const result = await runOpenLoop({ baseUrl, rate, durationSec, nextRequest: next });
    Object.assign(result, stop?.(result.completed ?? Math.round(result.achievedPerSec * durationSec)));
    rows.push(result);
    const { p50, p95, p99 } = result.latencyMs;
    log(
      `achieved ${result.achievedPerSec}/s, p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms` +
        `${result.errors + result.dropped > 0 ? `, ${result.errors} errors, ${result.dropped} dropped` : ''}\n`,
    );
    if (result.dropped > 0 || (p99 ?? Infinity) > SATURATED_P99_MS) break;
  }
  return rows;
}

/** A scenario must also describe one plain request (the runner's probe uses it). */
export function request(context) {
  return {
    method: 'GET',
    path: '/api/posts/feed/following',
    headers: { authorization: `Bearer ${context.members[0].accessToken}` },
  };
}

export function check(_context, body) {
  if (!Array.isArray(body)) throw new Error(`expected a list of posts, got ${JSON.stringify(body)}`);
}
