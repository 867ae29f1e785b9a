// Concurrent tips between random members (POST /api/tips/send): gateway → economy over gRPC → one
// ledger transaction (the key looked up, both accounts read in one query and written in one bulk
// write, the transfer record, two entries, the events in the outbox; ADR 0005). Every 2xx is one
// ledger transfer, so requests/s is transfers/s. The members are funded first through the admin
// adjust route with the super admin of deploy/aura.env; after the run the ledger check must pass.
import { randomUUID } from 'node:crypto';
import { api, registerMember } from '../api.mjs';

export const name = 'ledger-tips';
export const description =
  'POST /api/tips/send of 0.001 AC between random members: one double-entry ledger transfer per request';

const MEMBERS = Number(process.env.AURA_BENCH_LEDGER_MEMBERS ?? 40);
const FUNDS_AC = 1000;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

async function superAdminToken(baseUrl, env) {
  const { status, body } = await api(baseUrl, 'POST', '/auth/login', {
    body: { username: env.AURA_SUPER_ADMIN_USERNAME, password: env.AURA_SUPER_ADMIN_PASSWORD },
  });
  if (status !== 200) throw new Error(`super admin login failed: ${status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function setup(baseUrl, { env }) {
  process.stdout.write(`  setup: ${MEMBERS} members, each funded with ${FUNDS_AC} AC`);
  const admin = await superAdminToken(baseUrl, env);
  const members = [];
  await pool([...Array(MEMBERS).keys()], 4, async () => members.push(await registerMember(baseUrl, 'tips')));
  await pool(members, 4, async (member) => {
    const response = await fetch(`${baseUrl}/api/admin/wallets/${member.user.id}/adjust`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': 'application/json',
        'idempotency-key': `bench-fund-${member.user.id}`,
      },
      body: JSON.stringify({ amount: FUNDS_AC, reason: 'bench funds' }),
      signal: AbortSignal.timeout(30000),
    });
    if (!response.ok)
      throw new Error(`funding ${member.username}: ${response.status} ${await response.text()}`);
  });
  console.log(' ... done');
  return { members, admin, baseUrl };
}

function tip(context) {
  const sender = pick(context.members);
  let recipient = pick(context.members);
  while (recipient === sender) recipient = pick(context.members);
  return {
    headers: {
      authorization: `Bearer ${sender.accessToken}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ recipient_id: recipient.user.id, amount: 0.001, currency: 'AC' }),
  };
}

/** A new random pair (and key) for every request. */
export function request(context) {
  return {
    method: 'POST',
    path: '/api/tips/send',
    ...tip(context),
    requests: [
      {
        method: 'POST',
        path: '/api/tips/send',
        setupRequest: (req) => ({ ...req, ...tip(context) }),
      },
    ],
  };
}

/** After the load: the ledger must still add up. */
export async function teardown(context) {
  // Not api(): the check reads the whole ledger, which takes longer than its 10 s timeout locally.
  const response = await fetch(`${context.baseUrl}/api/admin/ledger/verify`, {
    headers: { authorization: `Bearer ${context.admin}` },
    signal: AbortSignal.timeout(180000),
  });
  const { status } = response;
  const body = await response.json();
  if (status !== 200 || !body.ok)
    throw new Error(`ledger check after the bench failed: ${status} ${JSON.stringify(body).slice(0, 500)}`);
  console.log(
    `  ledger check: ok, ${body.transfers} transfers, ${body.entries} entries, sum ${body.sum_micro} ` +
      `(${body.duration_ms} ms)`,
  );
}
