// Issue 19's "create a post" row, closed loop: POST /api/posts by ten authors who each have the same
// 100 followers, so every post fans out to 100 home timelines, earns its author the posting reward
// and counts in explore (Misskey's notes/create, whose bench author had followers too).
import { api } from '../api.mjs';
import { follow, newPostBody, pool, signUp } from '../community.mjs';

export const name = 'create-post';
export const description =
  'closed loop: POST /api/posts by 10 authors, each with 100 followers (fan-out to 100)';

const AUTHORS = 10;
const FOLLOWERS = 100;

export async function setup(baseUrl) {
  process.stdout.write(`  setup: ${AUTHORS} authors, ${FOLLOWERS} followers of each`);
  const authors = await signUp(baseUrl, AUTHORS, 'author');
  const followers = await signUp(baseUrl, FOLLOWERS, 'follower');
  await pool(
    followers.flatMap((follower) => authors.map((author) => [follower, author])),
    8,
    ([follower, author]) => follow(baseUrl, follower, author),
  );
  // The probe: one post must be accepted (a sequence of requests is not probed by the runner).
  const answer = await api(baseUrl, 'POST', '/posts', { token: authors[0].accessToken, body: newPostBody() });
  if (answer.status !== 201)
    throw new Error(`a post was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  console.log(' ... done');
  return { authors };
}

export function request({ authors }) {
  let next = 0;
  return {
    requests: [
      {
        method: 'POST',
        path: '/api/posts',
        // The authors in turn, and a new text each time (the same words twice are not what members post).
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${authors[next++ % authors.length].accessToken}`,
          },
          body: JSON.stringify(newPostBody()),
        }),
      },
    ],
  };
}
