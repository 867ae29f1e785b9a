// The ledger against the real local MongoDB server: idempotency, concurrency, atomicity of a transfer
// (and of a transaction that writes more than the ledger), and the ledger check.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { explainFind, servedByIndex, Unavailable, withCallSignal } from '@aura/platform';
import { AC, Harness, objectId, startEconomy } from '../../test/harness';
import { memberAccount } from './accounts';
import { verifyLedger } from './ledger-verifier';
import { IdempotencyConflict, TransferRequest } from './ledger.types';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('ledger', { relay: false });
});

afterAll(async () => {
  await h?.stop();
});

const ledger = () => h.economy.ledger;
const balance = async (account: string) => (await ledger().balance(account)).balance;
const newAccount = () => memberAccount(objectId());
let counter = 0;
const key = (label = 'k') => `test:${label}:${Date.now().toString(36)}:${(counter += 1)}`;

async function fund(account: string, amount: number) {
  const result = await ledger().transfer({
    key: key('fund'),
    kind: 'adjustment',
    from: 'adjustments',
    to: account,
    amount,
  });
  expect(result.status).toBe('completed');
}

async function check() {
  const report = await verifyLedger(ledger().store);
  expect({ mismatches: report.mismatches, negative: report.negativeBalances, sum: report.sumMicro }).toEqual({
    mismatches: [],
    negative: [],
    sum: 0,
  });
  return report;
}

class Abort extends Error {}

describe('ledger: idempotency', () => {
  it('moves money once per key and answers a repeat with the same transfer', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 5 * AC);
    const request: TransferRequest = {
      key: key(),
      kind: 'transfer',
      from: a,
      to: b,
      amount: 2 * AC,
      memo: 'hi',
    };
    const first = await ledger().transfer(request);
    const again = await ledger().transfer(request);
    expect(first).toMatchObject({ status: 'completed', replayed: false });
    expect(again).toMatchObject({ status: 'completed', replayed: true });
    expect(again.transfer.id).toBe(first.transfer.id);
    expect(again.debit?.balanceAfter).toBe(3 * AC);
    expect([await balance(a), await balance(b)]).toEqual([3 * AC, 2 * AC]);
    expect(await ledger().store.entries.countDocuments({ transfer_key: request.key })).toBe(2);
  });

  it('refuses a key reused for other facts, and moves nothing for it', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 5 * AC);
    const request: TransferRequest = { key: key(), kind: 'tip', from: a, to: b, amount: AC };
    await ledger().transfer(request);
    await expect(ledger().transfer({ ...request, amount: 2 * AC })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    await expect(ledger().transfer({ ...request, memo: 'other' })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    expect([await balance(a), await balance(b)]).toEqual([4 * AC, AC]);
  });

  it('lets 10 concurrent calls with one key move the money once, all with the same answer', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 3 * AC);
    const request: TransferRequest = { key: key(), kind: 'transfer', from: a, to: b, amount: AC };
    const results = await Promise.all(Array.from({ length: 10 }, () => ledger().transfer(request)));
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(results.every((r) => r.status === 'completed')).toBe(true);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect([await balance(a), await balance(b)]).toEqual([2 * AC, AC]);
  });

  it('answers a rejected transfer the same way when it is repeated', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, AC);
    const request: TransferRequest = { key: key(), kind: 'tip', from: a, to: b, amount: 2 * AC };
    expect((await ledger().transfer(request)).status).toBe('rejected');
    await fund(a, 5 * AC);
    expect(await ledger().transfer(request)).toMatchObject({ status: 'rejected', replayed: true });
    expect([await balance(a), await balance(b)]).toEqual([6 * AC, 0]);
    expect(await ledger().store.entries.countDocuments({ transfer_key: request.key })).toBe(0);
  });
});

describe('ledger: concurrency', () => {
  it('50 concurrent debits of a balance that covers 10: exactly 10 pass, the balance ends at 0', async () => {
    const a = newAccount();
    await fund(a, 10 * AC);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ledger().transfer({ key: key('c'), kind: 'tip', from: a, to: newAccount(), amount: AC }),
      ),
    );
    expect(results.filter((r) => r.status === 'completed')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(40);
    expect(await balance(a)).toBe(0);
    const entries = await ledger().store.entries.find({ account: a }).toArray();
    expect(entries.every((entry) => (entry.balance_after ?? 0) >= 0)).toBe(true);
    await check();
  });

  it('crossing transfers A↔B at once keep both balances exact and never negative', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 20 * AC);
    await fund(b, 20 * AC);
    const moves = Array.from({ length: 60 }, (_, i) => ({
      from: i % 2 ? a : b,
      to: i % 2 ? b : a,
      amount: ((i % 7) + 1) * 100_000,
    }));
    const results = await Promise.all(
      moves.map((m) => ledger().transfer({ key: key('x'), kind: 'transfer', ...m })),
    );
    let expectedA = 20 * AC;
    results.forEach((r, i) => {
      if (r.status !== 'completed') return;
      expectedA += moves[i].from === a ? -moves[i].amount : moves[i].amount;
    });
    expect(results.every((r) => r.status === 'completed')).toBe(true);
    expect(await balance(a)).toBe(expectedA);
    expect((await balance(a)) + (await balance(b))).toBe(40 * AC);
    await check();
  });

  it('pays many members from one system account at once without a hot spot', async () => {
    const members = Array.from({ length: 40 }, newAccount);
    const before = (await check()).systemBalances.rewards ?? 0;
    await Promise.all(
      members.map((m) =>
        ledger().transfer({ key: key('r'), kind: 'reward', from: 'rewards', to: m, amount: 15_000 }),
      ),
    );
    for (const m of members) expect(await balance(m)).toBe(15_000);
    expect((await check()).systemBalances.rewards).toBe(before - 40 * 15_000);
  });

  it('keeps the sum at zero while transfers run during the check', async () => {
    const members = Array.from({ length: 8 }, newAccount);
    for (const m of members) await fund(m, 5 * AC);
    const moving = Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        ledger().transfer({
          key: key('m'),
          kind: 'tip',
          from: members[i % 8],
          to: members[(i + 1 + (i % 3)) % 8],
          amount: 10_000,
        }),
      ),
    );
    const during = await verifyLedger(ledger().store);
    await moving;
    expect(during).toMatchObject({ ok: true, sumMicro: 0, mismatches: [] });
    await check();
  });
});

describe('ledger: one transaction', () => {
  it('stores nothing of a transfer whose transaction is aborted after it was posted', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const request: TransferRequest = { key: key('abort'), kind: 'transfer', from: a, to: b, amount: AC };
    await expect(
      ledger().transaction([a, b], async (tx) => {
        expect((await tx.post(request)).status).toBe('completed');
        throw new Abort('the caller changed its mind');
      }),
    ).rejects.toBeInstanceOf(Abort);
    expect([await balance(a), await balance(b)]).toEqual([2 * AC, 0]);
    expect(await ledger().findTransfer(request.key)).toBeNull();
    expect(await ledger().store.entries.countDocuments({ transfer_key: request.key })).toBe(0);
    expect(await ledger().store.outbox.countDocuments({ _id: request.key })).toBe(0);
    expect((await ledger().transfer(request)).status).toBe('completed');
    await check();
  });

  it('does not start a transfer whose caller gave up while it waited for the account', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A transaction holds a's lock, while a call queues for it and its caller gives up (a deadline).
    const holding = ledger().transaction([a], () => held);
    const caller = new AbortController();
    const request: TransferRequest = { key: key('gone'), kind: 'transfer', from: a, to: b, amount: AC };
    const queued = withCallSignal(caller.signal, () => ledger().transfer(request));
    caller.abort();
    release();
    await holding;
    await expect(queued).rejects.toBeInstanceOf(Unavailable);
    expect(await ledger().findTransfer(request.key)).toBeNull();
    expect(await balance(a)).toBe(2 * AC);
    // Its retry, with the same key, moves the money once.
    expect((await ledger().transfer(request)).status).toBe('completed');
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
  });

  it('waits for an account a killed process left in an open transaction only until the database aborts it', async () => {
    // An economy instance killed in the middle of a transaction leaves it open on the server, holding
    // the accounts it wrote: every transfer on them waits (or conflicts and retries) until the server
    // aborts it. deploy/local and docker-compose set that lifetime to 10 s (MongoDB's default is 60 s,
    // which held the rewards of a chaos run for a minute).
    const { transactionLifetimeLimitSeconds: lifetime } = await h.runtime.mongo
      .db!.admin()
      .command({ getParameter: 1, transactionLifetimeLimitSeconds: 1 });
    expect(lifetime).toBeLessThanOrEqual(10);
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const { MongoClient } = require(process.env.DRIVER);
        (async () => {
          const client = await MongoClient.connect(process.env.URI);
          const session = client.startSession();
          session.startTransaction();
          await client.db(process.env.DB).collection('accounts')
            .updateOne({ _id: process.env.ACCOUNT }, { $set: { held_by: 'a killed process' } }, { session });
          process.stdout.write('holding\\n');
          setInterval(() => {}, 1000);
        })();`,
      ],
      {
        env: {
          ...process.env,
          DRIVER: require.resolve('mongodb'),
          URI: h.config.MONGODB_URI,
          DB: h.runtime.mongo.name,
          ACCOUNT: a,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await once(holder.stdout!, 'data');
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const startedAt = Date.now();
    const result = await ledger().transfer({
      key: key('held'),
      kind: 'transfer',
      from: a,
      to: b,
      amount: AC,
    });
    expect(result.status).toBe('completed');
    expect(Date.now() - startedAt).toBeLessThan((lifetime + 5) * 1000);
    // What the killed process wrote was never committed.
    expect(await ledger().store.accounts.findOne({ _id: a, held_by: { $exists: true } })).toBeNull();
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
    await check();
  }, 40_000);

  it('writes a transfer, its entries, its events and the caller’s own document together', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const receipts = h.runtime.mongo.collection<{ _id: string; transfer: string }>('test_receipts');
    const request: TransferRequest = { key: key('with'), kind: 'tip', from: a, to: b, amount: AC };
    const result = await ledger().transaction([a, b], async (tx) => {
      const posted = await tx.post(request);
      await receipts.insertOne({ _id: request.key, transfer: posted.transfer.id }, { session: tx.session });
      return posted;
    });
    expect(await receipts.findOne({ _id: request.key })).toEqual({
      _id: request.key,
      transfer: result.transfer.id,
    });
    expect(await ledger().store.outbox.countDocuments({ _id: request.key })).toBe(1);
    expect(await ledger().store.entries.countDocuments({ transfer_key: request.key })).toBe(2);
  });

  it('serves a member’s history and the leg lookup from indexes', async () => {
    const account = newAccount();
    await fund(account, AC);
    const history = await explainFind(
      ledger().store.entries as never,
      { account },
      { sort: { seq: -1 }, limit: 21 },
    );
    expect(servedByIndex(history)).toBe(true);
    const leg = await explainFind(ledger().store.entries as never, { leg: 'x:debit' });
    expect(servedByIndex(leg)).toBe(true);
  });
});

describe('ledger check', () => {
  it('passes on a consistent ledger and names what does not add up', async () => {
    const report = await check();
    expect(report.ok).toBe(true);
    expect(report.transfers).toBeGreaterThan(0);
    const bogus = {
      _id: `sys:bogus:${Date.now()}:credit`,
      account: 'adjustments',
      leg: `bogus:${Date.now()}:credit`,
      transfer_key: `bogus:${Date.now()}`,
      transfer_id: 'x',
      kind: 'adjustment' as const,
      side: 'credit' as const,
      delta: 5,
      counterparty: '',
      counterparty_name: '',
      memo: '',
      reason: '',
      created_at: new Date(),
    };
    await ledger().store.entries.insertOne(bogus);
    try {
      const broken = await verifyLedger(ledger().store);
      expect(broken.ok).toBe(false);
      expect(broken.sumMicro).toBe(5);
      expect(broken.mismatches.join('\n')).toContain('belongs to no recorded transfer');
    } finally {
      await ledger().store.entries.deleteOne({ _id: bogus._id });
    }
  });

  it('npm run ledger:verify, the on-call check, reads the same answers from the database', async () => {
    await fund(newAccount(), AC);
    // The script loads economy's build (dist), as in operations.md; the tests run on a built tree.
    const verify = () =>
      spawnSync(process.execPath, [join(__dirname, '..', '..', '..', '..', 'scripts', 'ledger-verify.mjs')], {
        env: { ...process.env, MONGODB_URI: h.config.MONGODB_URI, AURA_DB_SUFFIX: h.config.AURA_DB_SUFFIX },
        encoding: 'utf8',
      });
    const sound = verify();
    expect({ status: sound.status, last: sound.stdout.trim().split('\n').at(-1) }).toEqual({
      status: 0,
      last: expect.stringMatching(/^ledger OK: [1-9]\d* transfers, \d+ member accounts, sum 0$/),
    });
    const account = newAccount();
    await fund(account, AC);
    await ledger().store.accounts.updateOne({ _id: account }, { $inc: { balance: 3 } });
    try {
      const broken = verify();
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain(`${account}: the account says balance ${AC + 3}`);
      expect(broken.stdout.trim().split('\n').at(-1)).toMatch(/^ledger NOT OK: 1 mismatches/);
    } finally {
      await ledger().store.accounts.updateOne({ _id: account }, { $inc: { balance: -3 } });
    }
  });

  it('names a member balance that does not match its entries', async () => {
    const a = newAccount();
    await fund(a, AC);
    await ledger().store.accounts.updateOne({ _id: a }, { $inc: { balance: 7 } });
    try {
      const broken = await verifyLedger(ledger().store);
      expect(broken.ok).toBe(false);
      expect(broken.mismatches.join('\n')).toContain(`${a}: the account says balance ${AC + 7}`);
    } finally {
      await ledger().store.accounts.updateOne({ _id: a }, { $inc: { balance: -7 } });
    }
  });
});
