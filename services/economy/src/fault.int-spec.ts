// The fault test of the ledger: the built economy service (services/economy/dist) runs as a child
// process against the real local infrastructure and is killed with SIGKILL and restarted several
// times (each kill while the load runs) while members send many concurrent tips and transfers (each retried with its Idempotency-Key
// until it gets an answer) and social events earn rewards (some delivered twice). Afterwards the
// ledger check passes, no balance is negative, every key moved money at most once and exactly as
// answered, every reward was paid once, and every balance is what the answers add up to. Meanwhile
// members buy AuraCoin packages: each paid checkout session's signed checkout.session.completed is
// delivered three times at once (some racing status polls), through the crashes; afterwards each paid
// session is credited exactly once and the unpaid ones not at all.
import { connectMongo, createEvent, databaseName, EventRecord, KafkaEventBus } from '@aura/platform';
import { testConfig, waitFor } from '@aura/platform/testing';
import { economy as contract } from '@aura/proto';
import { Server, ServiceError, status } from '@grpc/grpc-js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import pino from 'pino';
import { seekToEnd } from '../test/harness';
import { EconomyProcess, sleep, startIdentityStub } from '../test/processes';
import { LedgerRepository } from './ledger/ledger.repository';
import type { EntryDoc } from './ledger/ledger.types';

const AC = 1_000_000;
const MEMBERS = 12;
const FUNDS = AC;
/** At least this many operations, and more until every kill has happened under load. */
const MIN_OPS = 160;
const MAX_OPS = 2000;
const WORKERS = 8;
const KILLS = 4;
const SESSIONS = 12;
/** Every third session is left unpaid. */
const isPaid = (i: number) => i % 3 !== 2;
const PACKAGES: Record<string, number> = { starter: 10 * AC, plus: 55 * AC, pro: 115 * AC };
const WEBHOOK_SECRET = 'whsec_fault_test';

const suffix = `fault_${process.env.AURA_DB_SUFFIX || 'test'}`;
const config = testConfig({ AURA_DB_SUFFIX: suffix });
const groupPrefix = `aura-fault-${Date.now().toString(36)}`;
const admin = { userId: randomBytes(12).toString('hex'), role: 'super_admin' as const };
const members = Array.from({ length: MEMBERS }, (_, i) => ({
  id: randomBytes(12).toString('hex'),
  username: `fault_${i}_${randomBytes(2).toString('hex')}`,
}));

const started = Date.now();
const progress = (text: string) =>
  process.stdout.write(`[fault ${((Date.now() - started) / 1000).toFixed(0)} s] ${text}\n`);

let identityStub: { server: Server; address: string };
let proc: EconomyProcess;
let mongo: Connection;
let bus: KafkaEventBus;

type Method =
  | 'sendTip'
  | 'transfer'
  | 'adminAdjust'
  | 'verifyLedger'
  | 'getWallet'
  | 'createCheckoutSession'
  | 'getCheckoutStatus'
  | 'payTestCheckout'
  | 'handleStripeWebhook';

const call = <T>(
  method: Method,
  request: unknown,
  caller?: { userId: string; role: 'user' | 'admin' | 'super_admin' },
  key?: string,
) => proc.call<T>(method, request, caller, key);

/** Retries one request with its key until the service answers it (the process may be down). */
async function untilAnswered<T>(attempt: () => Promise<T>): Promise<{ ok: T } | { refused: ServiceError }> {
  for (let tries = 0; tries < 400; tries += 1) {
    try {
      return { ok: await attempt() };
    } catch (error) {
      const e = error as ServiceError;
      if (
        e.code === status.FAILED_PRECONDITION ||
        e.code === status.ALREADY_EXISTS ||
        e.code === status.NOT_FOUND
      )
        return { refused: e };
      // UNAVAILABLE, INTERNAL, DEADLINE_EXCEEDED: the crash.
      await sleep(250 + Math.random() * 500);
    }
  }
  throw new Error('no answer after 400 attempts');
}

beforeAll(async () => {
  identityStub = await startIdentityStub(members);
  mongo = await connectMongo(config.MONGODB_URI, databaseName('economy', suffix));
  await mongo.dropDatabase();
  await seekToEnd(config.KAFKA_BROKERS, `${groupPrefix}.economy.members`, ['aura.identity.user']);
  await seekToEnd(config.KAFKA_BROKERS, `${groupPrefix}.economy.rewards`, ['aura.social.content']);
  proc = await EconomyProcess.create('fault', {
    AURA_DB_SUFFIX: suffix,
    KAFKA_GROUP_PREFIX: groupPrefix,
    IDENTITY_GRPC_URL: identityStub.address,
    // No Stripe key: the local test checkout signs the webhooks with this secret.
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  await proc.start();
  bus = new KafkaEventBus({
    clientId: 'economy-fault-test',
    brokers: config.KAFKA_BROKERS,
    groupPrefix,
    logger: pino({ level: 'silent' }),
    processed: { has: async () => false, remember: async () => undefined },
  });
  await bus.connect();
}, 120_000);

afterAll(async () => {
  await proc?.stop();
  await bus?.close();
  await mongo?.close();
  identityStub?.server.forceShutdown();
});

interface Op {
  key: string;
  method: 'sendTip' | 'transfer';
  from: number;
  to: number;
  amount: number;
  answers: string[];
  outcome?: 'ok' | 'insufficient';
}

it('keeps the ledger exact through SIGKILLs during concurrent tips, transfers, rewards and card top-ups', async () => {
  // Funding, each adjustment with its key (retried through a crash if need be).
  await Promise.all(
    members.map(async (member) => {
      const answer = await untilAnswered(() =>
        call(
          'adminAdjust',
          { userId: member.id, amountMicro: FUNDS, reason: 'fault test funds' },
          admin,
          `fund-${member.id}`,
        ),
      );
      expect('ok' in answer).toBe(true);
    }),
  );

  const ops: Op[] = [];
  const newOp = (i: number): Op => {
    const from = Math.floor(Math.random() * MEMBERS);
    const to = (from + 1 + Math.floor(Math.random() * (MEMBERS - 1))) % MEMBERS;
    return {
      key: randomUUID(),
      method: i % 2 ? 'sendTip' : 'transfer',
      from,
      to,
      amount: (1 + Math.floor(Math.random() * 50)) * 10_000, // 0.01–0.5 AC
      answers: [],
    };
  };

  // Rewards: posts and likes of other members, some events delivered twice.
  const rewardEvents: EventRecord[] = [];
  const expectedRewards = new Map<string, number>();
  const credit = (id: string, micro: number) =>
    expectedRewards.set(id, (expectedRewards.get(id) ?? 0) + micro);
  for (let i = 0; i < 36; i += 1) {
    const author = members[i % MEMBERS];
    const postId = randomUUID();
    rewardEvents.push(
      createEvent('social', 'post.created', postId, {
        postId,
        authorId: author.id,
        isStory: false,
        category: 'general',
        contentType: 'text',
        mediaUrl: '',
        tags: [],
        mentionedUserIds: [],
        createdAt: new Date().toISOString(),
      }),
    );
    credit(author.id, 10_000);
    const liker = members[(i + 5) % MEMBERS];
    rewardEvents.push(
      createEvent('social', 'post.liked', postId, {
        postId,
        authorId: author.id,
        likerId: liker.id,
        likesCount: 1,
        changedAt: new Date().toISOString(),
      }),
    );
    credit(author.id, 10_000);
  }

  // Checkout sessions (top-ups), started before the crashes; paid during them.
  const sessions = await Promise.all(
    Array.from({ length: SESSIONS }, async (_, i) => {
      const member = members[i % MEMBERS];
      const packageId = Object.keys(PACKAGES)[i % 3];
      const answer = await untilAnswered(() =>
        call<contract.CheckoutSession>(
          'createCheckoutSession',
          { packageId, originUrl: 'http://localhost:8080/wallet' },
          { userId: member.id, role: 'user' },
        ),
      );
      if (!('ok' in answer)) throw new Error(`checkout refused: ${answer.refused.details}`);
      return {
        id: answer.ok.sessionId,
        member,
        amount: PACKAGES[packageId],
        paid: isPaid(i),
        polled: i % 2 === 0,
      };
    }),
  );

  progress(`funded ${MEMBERS} members, ${SESSIONS} checkout sessions open`);
  let killing = true;
  const killer = (async () => {
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(1500 + Math.random() * 2500);
      await proc.kill();
      progress(`SIGKILL #${kill + 1}`);
      await sleep(300 + Math.random() * 700);
      await proc.start();
      progress('restarted');
    }
    killing = false;
  })();

  const publisher = (async () => {
    for (let i = 0; i < rewardEvents.length; i += 8) {
      const batch = rewardEvents.slice(i, i + 8);
      await bus.publish(batch);
      if (i % 16 === 0) await bus.publish(batch.slice(0, 3)); // redelivered
      await sleep(400);
    }
  })();

  // The payments: the signed completed event of each paid session delivered three times at once (half
  // of them racing two status polls), each delivery retried through the crashes until answered.
  const payer = (async () => {
    for (const session of sessions.filter((s) => s.paid)) {
      const signed = await untilAnswered(() =>
        call<contract.SignedWebhook>('payTestCheckout', { sessionId: session.id }),
      );
      if (!('ok' in signed)) throw new Error(`pay refused: ${signed.refused.details}`);
      const webhook = { payload: signed.ok.payload, signature: signed.ok.signature };
      const owner = { userId: session.member.id, role: 'user' as const };
      const answers = await Promise.all([
        ...[1, 2, 3].map(() => untilAnswered(() => call('handleStripeWebhook', webhook))),
        ...(session.polled
          ? [1, 2].map(() => untilAnswered(() => call('getCheckoutStatus', { sessionId: session.id }, owner)))
          : []),
      ]);
      for (const answer of answers) expect('ok' in answer).toBe(true);
      await sleep(200 + Math.random() * 600);
    }
  })();

  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while ((killing || ops.length < MIN_OPS) && ops.length < MAX_OPS) {
        const i = ops.length;
        const op = newOp(i);
        ops.push(op);
        const request = {
          recipientId: members[op.to].id,
          amountMicro: op.amount,
          currency: 'AC',
          message: `op ${i}`,
        };
        const caller = { userId: members[op.from].id, role: 'user' as const };
        // Every op is sent twice at least: the retry of a success must answer the same transfer.
        for (let round = 0; round < 2; round += 1) {
          const answer = await untilAnswered(() =>
            call<contract.TransferReceipt>(op.method, request, caller, op.key),
          );
          if ('ok' in answer) {
            op.answers.push(answer.ok.transferId);
            op.outcome = 'ok';
          } else {
            expect(answer.refused.details).toBe('Insufficient balance');
            op.answers.push('insufficient');
            op.outcome ??= 'insufficient';
          }
        }
      }
    }),
  );
  await Promise.all([killer, publisher, payer]);
  progress(`all ${ops.length} operations answered, each twice`);
  expect(proc.starts).toBeGreaterThanOrEqual(KILLS);

  // Each key answered one way, every time.
  for (const op of ops)
    expect({ key: op.key, answers: new Set(op.answers).size }).toEqual({ key: op.key, answers: 1 });

  // Every reward is paid (the consumer catches up after the last restart).
  const store = new LedgerRepository(mongo);
  const expectedRewardCount = 36 * 2;
  // Only rewards of this test's members: the broker is shared, other runs' social events are paid too.
  const accounts = members.map((m) => `user:${m.id}`);
  const ours = { kind: 'reward' as const, to: { $in: accounts } };
  await waitFor(async () => (await store.transfers.countDocuments(ours)) >= expectedRewardCount, {
    timeoutMs: 240_000,
    intervalMs: 1000,
    what: 'the rewards to be paid',
  });

  progress('settled: every reward paid');
  const report = await untilAnswered(() => call<contract.LedgerReport>('verifyLedger', {}, admin));
  expect('ok' in report).toBe(true);
  const ledgerReport = (report as { ok: contract.LedgerReport }).ok;
  expect(ledgerReport).toMatchObject({ ok: true, sumMicro: 0, negativeBalances: [], mismatches: [] });
  expect(await store.transfers.countDocuments(ours)).toBe(expectedRewardCount);

  // Every paid session credited its package exactly once, the unpaid ones nothing.
  const expected = new Map(members.map((m) => [m.id, FUNDS + (expectedRewards.get(m.id) ?? 0)]));
  for (const session of sessions) {
    const key = `topup:${session.id}`;
    const credits = await store.entries.countDocuments({ transfer_key: key, side: 'credit' });
    expect({ session: session.id, paid: session.paid, credits }).toEqual({
      session: session.id,
      paid: session.paid,
      credits: session.paid ? 1 : 0,
    });
    if (session.paid) {
      expect(await store.transfers.findOne({ _id: key })).toMatchObject({
        kind: 'topup',
        amount: session.amount,
      });
      expected.set(session.member.id, expected.get(session.member.id)! + session.amount);
    }
  }
  // Every key moved money at most once, exactly as answered.
  const legsByTransfer = new Map<string, EntryDoc[]>();
  for (const leg of await store.entries.find({}).toArray())
    legsByTransfer.set(leg.transfer_key, [...(legsByTransfer.get(leg.transfer_key) ?? []), leg]);
  for (const op of ops) {
    const transferKey = `m:${members[op.from].id}:${createHash('sha256').update(op.key).digest('hex').slice(0, 40)}`;
    const legs = legsByTransfer.get(transferKey) ?? [];
    const debit = legs.filter((l) => l.side === 'debit');
    const creditLegs = legs.filter((l) => l.side === 'credit');
    const transfer = await store.transfers.findOne({ _id: transferKey });
    if (op.outcome === 'ok') {
      expect({
        key: op.key,
        status: transfer?.status,
        debits: debit.length,
        credits: creditLegs.length,
      }).toEqual({
        key: op.key,
        status: 'completed',
        debits: 1,
        credits: 1,
      });
      expect(creditLegs[0].delta).toBe(op.amount);
      expected.set(members[op.from].id, expected.get(members[op.from].id)! - op.amount);
      expected.set(members[op.to].id, expected.get(members[op.to].id)! + op.amount);
    } else {
      expect({ key: op.key, status: transfer?.status, legs: legs.length }).toEqual({
        key: op.key,
        status: 'rejected',
        legs: 0,
      });
    }
  }
  for (const member of members) {
    const wallet = await call<contract.Wallet>(
      'getWallet',
      { userId: '' },
      { userId: member.id, role: 'user' },
    );
    expect({ member: member.username, balance: wallet.balanceMicro }).toEqual({
      member: member.username,
      balance: expected.get(member.id),
    });
  }
  const succeeded = ops.filter((op) => op.outcome === 'ok').length;
  console.log(
    `fault test: ${proc.starts - 1} kills, ${ops.length} ops (${succeeded} moved, ${ops.length - succeeded} refused), ` +
      `${expectedRewardCount} rewards, ${sessions.filter((s) => s.paid).length} paid top-ups (3 webhooks each), ledger: ${ledgerReport.transfers} transfers, ${ledgerReport.entries} entries`,
  );
}, 600_000);
