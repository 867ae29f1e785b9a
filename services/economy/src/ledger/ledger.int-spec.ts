// The ledger against the real local MongoDB engine (FerretDB) and Redis: idempotency, concurrency,
// recovery from a crash between any two steps, and the ledger check.
import { AC, Harness, objectId, startEconomy } from '../../test/harness';
import { memberAccount } from './accounts';
import { verifyLedger } from './ledger-verifier';
import { IdempotencyConflict, TransferInProgress, TransferRequest } from './ledger.types';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('ledger', { ledger: { recoverAfterMs: 60_000 }, relay: false });
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
  const report = await verifyLedger(ledger().store, ledger().heads);
  expect({ mismatches: report.mismatches, negative: report.negativeBalances, sum: report.sumMicro }).toEqual({
    mismatches: [],
    negative: [],
    sum: 0,
  });
  return report;
}

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
    expect(again.debit.balanceAfter).toBe(3 * AC);
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
    expect(await ledger().store.pending.countDocuments({ _id: request.key })).toBe(0);
  });

  it('lets 10 concurrent calls with one key move the money once, all with the same answer', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 3 * AC);
    const request: TransferRequest = { key: key(), kind: 'transfer', from: a, to: b, amount: AC };
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => ledger().transfer(request)));
    const results = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    // A call that waited longer than 5 s for the first one is answered "in progress" (retry later).
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(TransferInProgress);
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(results.every((r) => r.status === 'completed')).toBe(true);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect([await balance(a), await balance(b)]).toEqual([2 * AC, AC]);
    expect((await ledger().transfer(request)).transfer.id).toBe(results[0].transfer.id);
  });

  it('answers a rejected transfer the same way when it is repeated', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, AC);
    const request: TransferRequest = { key: key(), kind: 'tip', from: a, to: b, amount: 2 * AC };
    expect((await ledger().transfer(request)).status).toBe('rejected');
    await fund(a, 5 * AC);
    expect(await ledger().transfer(request)).toMatchObject({ status: 'rejected', replayed: true });
    expect([await balance(a), await balance(b)]).toEqual([6 * AC, 0]);
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
    const links = await ledger().store.entries.find({ account: a }).toArray();
    expect(links.every((link) => (link.balance_after ?? 0) >= 0)).toBe(true);
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
});

describe('ledger: recovery after a crash between steps', () => {
  it('finishes a transfer that stopped after begin (nothing moved yet)', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const doc = ledger().buildTransfer({ key: key('crash1'), kind: 'tip', from: a, to: b, amount: AC });
    expect(await ledger().begin(doc)).toBe(true);
    expect((await check()).pendingTransfers).toBeGreaterThanOrEqual(1);
    expect(await ledger().sweep(0)).toBeGreaterThanOrEqual(1);
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
    expect(await ledger().store.outbox.countDocuments({ _id: doc._id })).toBe(1);
    await check();
  });

  it('finishes a transfer that stopped between its debit and its credit (money in transit)', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const doc = ledger().buildTransfer({ key: key('crash2'), kind: 'transfer', from: a, to: b, amount: AC });
    await ledger().begin(doc);
    await ledger().postLeg(doc, 'debit');
    const during = await check();
    expect(during.inTransitMicro).toBeGreaterThanOrEqual(AC);
    expect(await balance(a)).toBe(AC);
    expect(await balance(b)).toBe(0);
    await ledger().sweep(0);
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
    expect((await check()).inTransitMicro).toBe(0);
  });

  it('finishes a transfer that stopped after both legs (events and pending marker)', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const doc = ledger().buildTransfer({ key: key('crash3'), kind: 'tip', from: a, to: b, amount: AC });
    await ledger().begin(doc);
    await ledger().postLeg(doc, 'debit');
    await ledger().postLeg(doc, 'credit');
    await ledger().sweep(0);
    expect(await ledger().store.pending.countDocuments({ _id: doc._id })).toBe(0);
    expect(await ledger().store.outbox.countDocuments({ _id: doc._id })).toBe(1);
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
  });

  it('records and finishes a transfer whose process died between its pending marker and its record', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const doc = ledger().buildTransfer({ key: key('crash4'), kind: 'transfer', from: a, to: b, amount: AC });
    await ledger().store.pending.insertOne(doc);
    await ledger().sweep(0);
    expect(await ledger().findTransfer(doc._id)).toMatchObject({ amount: AC, from: a, to: b });
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
  });

  it('finishes a rejected transfer as rejected: no credit ever follows', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, AC);
    const doc = ledger().buildTransfer({ key: key('crash5'), kind: 'tip', from: a, to: b, amount: 3 * AC });
    await ledger().begin(doc);
    expect((await ledger().postLeg(doc, 'debit')).rejected).toBe(true);
    await fund(a, 5 * AC); // enough now, but the transfer was decided
    await ledger().sweep(0);
    expect(await ledger().findLegs(doc._id)).toEqual({ debit: expect.objectContaining({ rejected: true }) });
    expect([await balance(a), await balance(b)]).toEqual([6 * AC, 0]);
  });

  it('a retry racing the sweep still posts each leg once', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 2 * AC);
    const request: TransferRequest = { key: key('race'), kind: 'transfer', from: a, to: b, amount: AC };
    const doc = ledger().buildTransfer(request);
    await ledger().begin(doc);
    const [, retry] = await Promise.allSettled([
      ledger().sweep(0),
      ledger().transfer(request),
      ledger().sweep(0),
    ]);
    if (retry.status === 'rejected') expect(retry.reason).toBeInstanceOf(TransferInProgress);
    expect([await balance(a), await balance(b)]).toEqual([AC, AC]);
    expect(await ledger().store.entries.countDocuments({ transfer_key: doc._id })).toBe(2);
    await check();
  });

  it('recovers from a Redis hint left behind by a process that died after an insert', async () => {
    const [a, b] = [newAccount(), newAccount()];
    await fund(a, 3 * AC);
    const stale = await ledger().heads.peekHint(a);
    await ledger().transfer({ key: key(), kind: 'transfer', from: a, to: b, amount: AC });
    // Put the old hint back, as if the writer had died before advancing it.
    const hintKey = `${(ledger().heads as unknown as { options: { prefix: string } }).options.prefix}:head:${a}`;
    await h.runtime.redis!.set(hintKey, `${stale!.seq}|${stale!.balance}|${stale!.earned}`);
    const next = await ledger().transfer({ key: key(), kind: 'transfer', from: a, to: b, amount: AC });
    expect(next.debit.balanceAfter).toBe(AC);
    expect([await balance(a), await balance(b)]).toEqual([AC, 2 * AC]);
    await check();
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
      const broken = await verifyLedger(ledger().store, ledger().heads);
      expect(broken.ok).toBe(false);
      expect(broken.sumMicro).toBe(5);
      expect(broken.mismatches.join('\n')).toContain('belongs to no recorded transfer');
    } finally {
      await ledger().store.entries.deleteOne({ _id: bogus._id });
    }
  });
});
