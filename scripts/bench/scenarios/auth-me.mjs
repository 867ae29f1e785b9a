// GET /api/auth/me with a bearer token: gateway (token verified locally, EdDSA) → identity over gRPC
// (GetUser) → one MongoDB read by _id → JSON back to the client.
import { registerMember } from '../api.mjs';

export const name = 'auth-me';
export const description =
  'GET /api/auth/me as a signed-in member: local token check in the gateway, one gRPC call to identity, one read by id';

/** Runs once, before the warm-up: signs up the bench member whose token every request carries. */
export async function setup(baseUrl) {
  const member = await registerMember(baseUrl, 'bench_me');
  return { accessToken: member.accessToken, userId: member.user.id };
}

/** autocannon request options; `path` is joined to the base URL, connections and duration come from the runner. */
export function request(context) {
  return {
    method: 'GET',
    path: '/api/auth/me',
    headers: { authorization: `Bearer ${context.accessToken}` },
  };
}

/** The probe before the load must return the bench member, not some other page. */
export function check(context, body) {
  if (body?.id !== context.userId) throw new Error(`expected the bench member, got ${JSON.stringify(body)}`);
}
