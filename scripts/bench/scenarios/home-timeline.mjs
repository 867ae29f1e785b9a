// Issue 19's "home timeline, 20 posts" row, closed loop (the like-for-like comparison with Misskey's
// timeline figure): GET /api/posts/feed/following as ten members who each follow the same 20 authors,
// whose 40 posts reached every reader's Redis timeline by fan-out before the run.
import { api } from '../api.mjs';
import { follow, pool, post, signUp, tokenPerConnection, waitFor } from '../community.mjs';

export const name = 'home-timeline';
export const description =
  'closed loop: GET /api/posts/feed/following (a page of 20 posts) as 10 members following 20 authors';

const READERS = 10;
const AUTHORS = 20;
const POSTS_PER_AUTHOR = 2;

export async function setup(baseUrl) {
  process.stdout.write(`  setup: ${READERS} readers, ${AUTHORS} authors`);
  const readers = await signUp(baseUrl, READERS, 'ht_reader');
  const authors = await signUp(baseUrl, AUTHORS, 'ht_author');
  await pool(
    readers.flatMap((reader) => authors.map((author) => [reader, author])),
    4,
    ([reader, author]) => follow(baseUrl, reader, author),
  );
  process.stdout.write(`, ${AUTHORS * POSTS_PER_AUTHOR} posts`);
  await pool(
    authors.flatMap((author) => Array.from({ length: POSTS_PER_AUTHOR }, () => author)),
    8,
    (author) => post(baseUrl, author),
  );
  process.stdout.write(', every timeline full');
  await pool(readers, 2, (reader) =>
    waitFor(
      () => api(baseUrl, 'GET', '/posts/feed/following', { token: reader.accessToken, timeoutMs: 60_000 }),
      (posts) => Array.isArray(posts) && posts.length === 20,
      'a full home timeline',
    ),
  );
  console.log(' ... done');
  return { readers };
}

export function request({ readers }) {
  return {
    method: 'GET',
    path: '/api/posts/feed/following',
    headers: { authorization: `Bearer ${readers[0].accessToken}` },
    setupClient: tokenPerConnection(readers),
  };
}

export function check(_context, body) {
  if (!Array.isArray(body) || body.length !== 20)
    throw new Error(`expected a page of 20 posts, got ${JSON.stringify(body).slice(0, 200)}`);
}
