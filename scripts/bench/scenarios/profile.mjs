// Issue 19's "a profile / a member" row, closed loop (Misskey's users/show): GET /api/users/{id}/profile
// of a member with followers and posts, read by ten signed-in members (the gateway asks social for the
// profile, identity for the account, economy for the wallet figures the profile shows).
import { follow, pool, post, signUp, tokenPerConnection } from '../community.mjs';

export const name = 'profile';
export const description = "closed loop: GET /api/users/{id}/profile, a member's profile read by 10 members";

const VIEWERS = 10;

export async function setup(baseUrl) {
  process.stdout.write(`  setup: a member, ${VIEWERS} viewers following it, 5 posts`);
  const [member] = await signUp(baseUrl, 1, 'profile');
  const viewers = await signUp(baseUrl, VIEWERS, 'viewer');
  await pool(viewers, 4, (viewer) => follow(baseUrl, viewer, member));
  for (let i = 0; i < 5; i += 1) await post(baseUrl, member);
  console.log(' ... done');
  return { member, viewers };
}

export function request({ member, viewers }) {
  return {
    method: 'GET',
    path: `/api/users/${member.user.id}/profile`,
    headers: { authorization: `Bearer ${viewers[0].accessToken}` },
    setupClient: tokenPerConnection(viewers),
  };
}

export function check({ member }, body) {
  if (body?.id !== member.user.id)
    throw new Error(`expected the member's profile, got ${JSON.stringify(body)}`);
}
