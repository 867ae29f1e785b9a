// The database killed under the ledger: the built economy service runs as a child process on a MongoDB
// server of this test's own (the local SecantusDB binary, durable at every commit), 1,000 tips are
// sent at once, and the server is killed with SIGKILL while they run, then restarted on the same data.
// Afterwards the ledger check passes, every tip that was answered with a receipt is in the ledger as
// answered, and once the unanswered ones are retried with their Idempotency-Keys every balance is
// exactly what the receipts add up to.
import { connectMongo } from '@aura/platform';
import { waitFor } from '@aura/platform/testing';
import { economy as contract } from '@aura/proto';
import { Server, ServiceError, status } from '@grpc/grpc-js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EconomyProcess, PrivateMongoServer, sleep, startIdentityStub } from '../test/processes';

const AC = 1_000_000;
const MEMBERS = 50;
const FUNDS = 20 * AC;
const TIPS = 1000;
/** The server is killed once this many tips have been answered (the rest are in flight or queued). */
const KILL_AFTER_ANSWERS = 250;

const suffix = `dbcrash_${process.env.AURA_DB_SUFFIX || 'test'}`;
const admin = { userId: randomBytes(12).toString('hex'), role: 'super_admin' as const };
const members = Array.from({ length: MEMBERS }, (_, i) => ({
  id: randomBytes(12).toString('hex'),
  username: `crash_${i}_${randomBytes(2).toString('hex')}`,
}));
const started = Date.now();
const progress = (text: string) =>
  process.stdout.write(`[db crash ${((Date.now() - started) / 1000).toFixed(1)} s] ${text}\n`);

let database: PrivateMongoServer;
let identityStub: { server: Server; address: string };
let economy: EconomyProcess;

beforeAll(async () => {
  database = await PrivateMongoServer.create();
  await database.start();
  identityStub = await startIdentityStub(members);
  economy = await EconomyProcess.create('dbcrash', {
    MONGODB_URI: database.uri,
    AURA_DB_SUFFIX: suffix,
    KAFKA_GROUP_PREFIX: `aura-dbcrash-${Date.now().toString(36)}`,
    IDENTITY_GRPC_URL: identityStub.address,
  });
  await economy.start();
}, 120_000);

afterAll(async () => {
  await economy?.stop();
  identityStub?.server.forceShutdown();
  await database?.stop();
});

interface Tip {
  key: string;
  from: number;
  to: number;
  amount: number;
  receipt?: contract.TransferReceipt;
  refused?: string;
}

/** The ledger key economy derives from a member's Idempotency-Key (payments.service.ts requestKey). */
const ledgerKey = (tip: Tip) =>
  `m:${members[tip.from].id}:${createHash('sha256').update(tip.key).digest('hex').slice(0, 40)}`;

const caller = (i: number) => ({ userId: members[i].id, role: 'user' as const });

function sendTip(tip: Tip, deadlineMs = 60_000): Promise<contract.TransferReceipt> {
  const request = { recipientId: members[tip.to].id, amountMicro: tip.amount, currency: 'AC', message: '' };
  return economy.call<contract.TransferReceipt>('sendTip', request, caller(tip.from), tip.key, deadlineMs);
}

it('keeps every answered tip and a sound ledger when the database is killed mid-burst', async () => {
  for (const [i, member] of members.entries()) {
    await economy.call(
      'adminAdjust',
      { userId: member.id, amountMicro: FUNDS, reason: 'crash test funds' },
      admin,
      `fund-${i}`,
    );
  }
  const tips: Tip[] = Array.from({ length: TIPS }, (_, i) => {
    const from = i % MEMBERS;
    const to = (from + 1 + Math.floor(Math.random() * (MEMBERS - 1))) % MEMBERS;
    return { key: randomUUID(), from, to, amount: (1 + Math.floor(Math.random() * 100)) * 1_000 };
  });
  progress(`${MEMBERS} members funded; sending ${TIPS} tips at once`);

  let answered = 0;
  let killed: Promise<void> | undefined;
  const kill = async () => {
    await database.kill();
    progress(`SIGKILL of the database after ${answered} answers`);
    await sleep(1000);
    await database.start();
    progress('database restarted on the same data');
  };
  const outcomes = await Promise.allSettled(
    tips.map(async (tip) => {
      try {
        tip.receipt = await sendTip(tip);
      } finally {
        answered += 1;
        if (answered === KILL_AFTER_ANSWERS) killed = kill();
      }
    }),
  );
  await killed;
  const acknowledged = tips.filter((tip) => tip.receipt);
  const failed = outcomes
    .filter((o) => o.status === 'rejected')
    .map((o) => (o as PromiseRejectedResult).reason);
  progress(`${acknowledged.length} tips acknowledged, ${failed.length} failed during the outage`);
  expect(killed).toBeDefined();
  // The outage was felt (calls failed or waited for the server to come back) and the service kept going.
  for (const error of failed)
    expect([status.INTERNAL, status.UNAVAILABLE, status.DEADLINE_EXCEEDED]).toContain(
      (error as ServiceError).code,
    );

  // Every acknowledged tip is in the ledger, completed, for its amount, between its members.
  const connection = await connectMongo(database.uri, `aura_economy_${suffix}`);
  try {
    const transfers = connection.collection('transfers');
    for (const tip of acknowledged) {
      const stored = await transfers.findOne({ _id: ledgerKey(tip) as never });
      expect({ key: tip.key, status: stored?.status, amount: stored?.amount, id: stored?.id }).toEqual({
        key: tip.key,
        status: 'completed',
        amount: tip.amount,
        id: tip.receipt!.transferId,
      });
    }
  } finally {
    await connection.close();
  }

  // The tips without an answer are retried with their keys: each moves money at most once.
  for (const tip of tips.filter((t) => !t.receipt))
    tip.receipt = await waitFor(() => sendTip(tip, 15_000).catch(() => undefined), {
      timeoutMs: 60_000,
      intervalMs: 250,
      what: `an answer to tip ${tip.key}`,
    });

  const report = await economy.call<contract.LedgerReport>('verifyLedger', {}, admin, undefined, 120_000);
  expect(report).toMatchObject({ ok: true, sumMicro: 0, negativeBalances: [], mismatches: [] });
  const expected = new Map(members.map((m) => [m.id, FUNDS]));
  for (const tip of tips) {
    const [from, to] = [members[tip.from].id, members[tip.to].id];
    expected.set(from, expected.get(from)! - tip.amount);
    expected.set(to, expected.get(to)! + tip.amount);
  }
  for (const [i, member] of members.entries()) {
    const wallet = await economy.call<contract.Wallet>('getWallet', { userId: '' }, caller(i));
    expect({ member: member.username, balance: wallet.balanceMicro }).toEqual({
      member: member.username,
      balance: expected.get(member.id),
    });
  }
  progress(`ledger check ok: ${report.transfers} transfers, ${report.entries} entries`);
}, 600_000);
