// Withdrawals through gRPC as the gateway calls them, against the real local infrastructure: every rule
// and message, who may call what, the hold / payout / release in the ledger and the member's history,
// the events, idempotency keys, concurrency (one pending request; one decision), and atomicity: a failure
// in the middle of a step leaves nothing half-done.
import { Caller } from '@aura/platform';
import { recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import { economy as contract, economyEvents } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { AC, admin, Harness, objectId, refusal, startEconomy, superAdmin } from '../../test/harness';
import { verifyLedger } from '../ledger/ledger-verifier';
import { FixedCoinPrice } from '../money/coin-price';
import { WithdrawalsService } from './withdrawals.service';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('withdrawals');
});

afterAll(async () => {
  await h?.stop();
});

const USD = 1_000_000;
const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const secondSuperAdmin: Caller = { userId: objectId(), role: 'super_admin' };

const request = (
  caller: Caller | undefined,
  amountUsdMicro: number,
  paypalEmail = 'me@example.com',
  key?: string,
) =>
  h.call('requestWithdrawal', { amountUsdMicro, paypalEmail }, caller, key) as Promise<contract.Withdrawal>;
const mine = async (caller: Caller) =>
  ((await h.call('listMyWithdrawals', {}, caller)) as contract.WithdrawalList).withdrawals;
const all = async (caller: Caller, filter = '') =>
  ((await h.call('listWithdrawals', { status: filter, limit: 0 }, caller)) as contract.WithdrawalList)
    .withdrawals;
const processIt = (id: string, action: string, adminNotes = '', caller = superAdmin) =>
  h.call(
    'processWithdrawal',
    { withdrawalId: id, action, adminNotes },
    caller,
  ) as Promise<contract.Withdrawal>;
const balanceOf = async (member: { id: string }) =>
  ((await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet).balanceMicro;
const history = async (member: { id: string }) =>
  (
    (await h.call(
      'listTransactions',
      { userId: '', cursor: '', limit: 0 },
      as(member),
    )) as contract.TransactionPage
  ).transactions.map((t) => [t.description, t.transactionType, t.amountMicro]);
const pendingOf = (member: { id: string }) => h.economy.withdrawals.store.open.findOne({ _id: member.id });
const systemBalance = async (account: string) => {
  const entries = await h.economy.ledger.store.entries.find({ account }).toArray();
  return entries.reduce((sum, entry) => sum + entry.delta, 0);
};

/** The service as it would be at another coin price (micro-USD per AC), on the same ledger. */
const atPrice = (priceMicroUsd: number) =>
  new WithdrawalsService(
    h.economy.withdrawals.store,
    h.economy.ledger,
    h.economy.members,
    new FixedCoinPrice(priceMicroUsd),
    pino({ level: 'silent' }),
  );

/** A member with `amount` earned (genie earnings: withdrawable, unlike bought or credited AC). */
async function funded(amount: number) {
  const member = h.identity.add();
  await h.callAs(
    'genies',
    'payGenieEarnings',
    { userId: member.id, amountMicro: amount, memo: 'test earnings' },
    randomUUID(),
  );
  return member;
}

async function expectLedgerSound() {
  const report = await verifyLedger(h.economy.ledger.store);
  expect({ mismatches: report.mismatches, negative: report.negativeBalances, sum: report.sumMicro }).toEqual({
    mismatches: [],
    negative: [],
    sum: 0,
  });
}

describe('withdrawal requests: rules and messages', () => {
  it('needs a caller', async () => {
    expect(await refusal(request(undefined, 10 * USD))).toMatchObject({ code: status.UNAUTHENTICATED });
    expect(await refusal(h.call('listMyWithdrawals', {}))).toMatchObject({ code: status.UNAUTHENTICATED });
  });

  it.each([
    [0, 'me@example.com', 'Please enter a valid amount'],
    [10_001_000, 'me@example.com', 'Please enter a valid amount'],
    [9_990_000, 'me@example.com', 'Minimum withdrawal amount is $10'],
    [10 * USD, '', 'Please enter a valid PayPal email'],
    [10 * USD, 'paypal.example.com', 'Please enter a valid PayPal email'],
    [10_010_000, 'me@example.com', 'Insufficient balance'],
  ])('refuses %p USD to %p with "%s" and moves nothing', async (amount, email, message) => {
    const member = await funded(10 * AC);
    expect(await refusal(request(as(member), amount, email))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: message,
    });
    expect(await balanceOf(member)).toBe(10 * AC);
    expect(await mine(as(member))).toEqual([]);
    expect(await pendingOf(member)).toBeNull();
  });

  it('holds the AC, lists the request as pending, and allows one pending request at a time', async () => {
    const member = await funded(30 * AC);
    const asked = await request(as(member), 25 * USD, '  me@example.com ');
    expect(asked).toMatchObject({
      userId: member.id,
      username: member.username,
      paypalEmail: 'me@example.com',
      amountUsdMicro: 25 * USD,
      amountMicro: 25 * AC,
      coinPriceMicroUsd: 1_000_000,
      status: 'pending',
      adminNotes: '',
      processedAt: '',
      replayed: false,
    });
    expect(await balanceOf(member)).toBe(5 * AC);
    expect((await history(member))[0]).toEqual([
      'Withdrawal requested: $25.00 to PayPal (me@example.com) (AuraCoins held until it is processed)',
      'other',
      -25 * AC,
    ]);
    expect(await mine(as(member))).toEqual([expect.objectContaining({ id: asked.id, status: 'pending' })]);
    expect(await refusal(request(as(member), 10 * USD))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'You already have a pending withdrawal request. Only one pending request at a time.',
    });
    expect(await balanceOf(member)).toBe(5 * AC);
    // A member sees only their own.
    expect(await mine(as(h.identity.add()))).toEqual([]);
  });

  it('holds the AC equivalent at the current coin price, rounded up', async () => {
    const member = await funded(30 * AC);
    const asked = await atPrice(1_250_000).request(as(member), {
      amountUsdMicro: 25 * USD,
      paypalEmail: 'p@example.com',
    });
    expect(asked).toMatchObject({ amountMicro: 20 * AC, coinPriceMicroUsd: 1_250_000 });
    expect(await balanceOf(member)).toBe(10 * AC);
    const odd = await funded(12 * AC);
    expect(
      await atPrice(1_001_000).request(as(odd), { amountUsdMicro: 10 * USD, paypalEmail: 'p@example.com' }),
    ).toMatchObject({ amountMicro: 9_990_010 });
    expect(await balanceOf(odd)).toBe(12 * AC - 9_990_010);
  });

  it('answers a retry with the same Idempotency-Key with the same request, and refuses the key for another', async () => {
    const member = await funded(20 * AC);
    const key = randomUUID();
    const first = await request(as(member), 10 * USD, 'me@example.com', key);
    const again = await request(as(member), 10 * USD, 'me@example.com', key);
    expect(again).toMatchObject({ id: first.id, status: 'pending', replayed: true });
    expect(await refusal(request(as(member), 11 * USD, 'me@example.com', key))).toEqual({
      code: status.ALREADY_EXISTS,
      details: 'This Idempotency-Key was already used for a different request',
    });
    expect(await balanceOf(member)).toBe(10 * AC);
    expect(await mine(as(member))).toHaveLength(1);
  });
});

describe('processing withdrawals', () => {
  it('lists every request for admins and super admins only', async () => {
    const member = await funded(10 * AC);
    const asked = await request(as(member), 10 * USD);
    expect(await refusal(all(as(member)))).toEqual({
      code: status.PERMISSION_DENIED,
      details: 'You do not have permission to do this',
    });
    for (const caller of [admin, superAdmin])
      expect(await all(caller)).toEqual(expect.arrayContaining([expect.objectContaining({ id: asked.id })]));
    expect((await all(admin, 'pending')).every((w) => w.status === 'pending')).toBe(true);
    expect(await refusal(all(admin, 'done'))).toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('is for super admins only, pending requests only, with a valid action', async () => {
    const member = await funded(10 * AC);
    const asked = await request(as(member), 10 * USD);
    for (const caller of [as(member), admin])
      expect(await refusal(processIt(asked.id, 'approve', '', caller))).toEqual({
        code: status.PERMISSION_DENIED,
        details: 'You do not have permission to do this',
      });
    expect(await refusal(processIt(asked.id, 'accept'))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: 'action must be approve or reject',
    });
    expect(await refusal(processIt(asked.id, 'reject', 'n'.repeat(501)))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Admin notes must be at most 500 characters',
    });
    expect(await refusal(processIt(randomUUID(), 'approve'))).toEqual({
      code: status.NOT_FOUND,
      details: 'Withdrawal request not found',
    });
    expect((await mine(as(member)))[0].status).toBe('pending');
    await processIt(asked.id, 'approve');
    expect(await refusal(processIt(asked.id, 'reject'))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'This withdrawal request has already been processed',
    });
    expect((await mine(as(member)))[0].status).toBe('approved');
  });

  it('approval pays the hold out with a payout reference; rejection gives it back; the member is told', async () => {
    const recorder = await recordTopics(testConfig().KAFKA_BROKERS, ['aura.economy.ledger']);
    try {
      const [paid, refused] = [await funded(40 * AC), await funded(40 * AC)];
      const [heldBefore, paidOutBefore] = [
        await systemBalance('withdrawals_held'),
        await systemBalance('paid_out'),
      ];
      const a = await request(as(paid), 30 * USD, 'paid@example.com');
      const r = await request(as(refused), 15 * USD, 'refused@example.com');
      expect(await systemBalance('withdrawals_held')).toBe(heldBefore + 45 * AC);

      const approved = await processIt(a.id, 'approve', ' sent ');
      expect(approved).toMatchObject({
        status: 'approved',
        adminNotes: 'sent',
        processedBy: superAdmin.userId,
        payoutReference: expect.stringMatching(/^AURA-PO-[0-9A-F]{12}$/),
      });
      expect(approved.processedAt).not.toBe('');
      const rejected = await processIt(r.id, 'reject', 'PayPal account not found');
      expect(rejected).toMatchObject({
        status: 'rejected',
        adminNotes: 'PayPal account not found',
        payoutReference: '',
      });

      expect(await balanceOf(paid)).toBe(10 * AC);
      expect(await balanceOf(refused)).toBe(40 * AC);
      expect(await systemBalance('withdrawals_held')).toBe(heldBefore);
      expect(await systemBalance('paid_out')).toBe(paidOutBefore + 30 * AC);
      expect((await history(paid))[0]).toEqual([
        'Withdrawal paid out: $30.00 to PayPal (paid@example.com)',
        'other',
        -30 * AC,
      ]);
      expect((await history(refused)).slice(0, 2)).toEqual([
        [
          'Withdrawal rejected: AuraCoins returned to your wallet (PayPal account not found)',
          'other',
          15 * AC,
        ],
        ['Withdrawal rejected: $15.00 to PayPal (refused@example.com)', 'other', -15 * AC],
      ]);
      const audit = await h.economy.ledger.store.audit
        .find({ _id: { $in: [`wd:${a.id}:decision`, `wd:${r.id}:decision`] } })
        .toArray();
      expect(audit.map((entry) => [entry.action, entry.actor_id, entry.amount]).sort()).toEqual([
        ['withdrawal.approve', superAdmin.userId, 30 * AC],
        ['withdrawal.reject', superAdmin.userId, 15 * AC],
      ]);

      const decided = await waitFor(
        () => {
          const found = recorder.records
            .filter((record) => record.headers['aura-event-type'] === 'withdrawal.processed')
            .map((record) => economyEvents.WithdrawalProcessed.decode(record.value))
            .filter((event) => [a.id, r.id].includes(event.withdrawalId));
          return found.length === 2 ? found : undefined;
        },
        { timeoutMs: 30_000, what: 'withdrawal.processed twice' },
      );
      expect(decided.sort((x, y) => x.status.localeCompare(y.status))).toEqual([
        expect.objectContaining({
          withdrawalId: a.id,
          userId: paid.id,
          status: 'approved',
          amountUsdMicro: 30 * USD,
          amountMicro: 30 * AC,
          payoutReference: approved.payoutReference,
          adminId: superAdmin.userId,
        }),
        expect.objectContaining({
          withdrawalId: r.id,
          userId: refused.id,
          status: 'rejected',
          adminNotes: 'PayPal account not found',
        }),
      ]);
      expect(
        recorder.records.some(
          (record) =>
            record.headers['aura-event-type'] === 'withdrawal.requested' &&
            economyEvents.WithdrawalRequested.decode(record.value).withdrawalId === a.id,
        ),
      ).toBe(true);
      // Decided: the member may ask again.
      expect(await request(as(refused), 10 * USD)).toMatchObject({ status: 'pending' });
    } finally {
      await recorder.stop();
    }
  });
});

describe('withdrawals under concurrency', () => {
  it('of concurrent requests by one member, exactly one is held', async () => {
    const member = await funded(100 * AC);
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => request(as(member), (10 + i) * USD, `me${i}@example.com`)),
    );
    const held = answers.filter((a) => a.status === 'fulfilled');
    expect(held).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status === 'rejected'))
      expect((answer as PromiseRejectedResult).reason.details).toBe(
        'You already have a pending withdrawal request. Only one pending request at a time.',
      );
    const [only] = await mine(as(member));
    expect(await balanceOf(member)).toBe(100 * AC - only.amountMicro);
    expect(
      await h.economy.ledger.store.transfers.countDocuments({
        kind: 'withdrawal_hold',
        from: `user:${member.id}`,
      }),
    ).toBe(1);
  });

  it('of concurrent approvals and rejections, exactly one wins and the money moves once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await funded(20 * AC);
      const asked = await request(as(member), 20 * USD);
      const attempts = [
        processIt(asked.id, 'approve', 'a', superAdmin),
        processIt(asked.id, 'reject', 'r', secondSuperAdmin),
        processIt(asked.id, 'approve', 'a2', secondSuperAdmin),
        processIt(asked.id, 'reject', 'r2', superAdmin),
      ];
      const answers = await Promise.allSettled(attempts);
      const winners = answers.filter(
        (a) => a.status === 'fulfilled',
      ) as PromiseFulfilledResult<contract.Withdrawal>[];
      expect(winners).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status === 'rejected'))
        expect((answer as PromiseRejectedResult).reason.details).toBe(
          'This withdrawal request has already been processed',
        );
      const [stored] = await mine(as(member));
      expect(stored.status).toBe(winners[0].value.status);
      expect(await balanceOf(member)).toBe(stored.status === 'approved' ? 0 : 20 * AC);
      const moves = await h.economy.ledger.store.transfers
        .find({ _id: { $in: [`wd:${asked.id}:payout`, `wd:${asked.id}:release`] } })
        .toArray();
      expect(moves).toHaveLength(1);
    }
    await expectLedgerSound();
  });
});

describe('withdrawals: a failure in the middle of a step leaves nothing half-done', () => {
  const service = () => h.economy.withdrawals;
  const failOnce = <T extends object>(target: T, method: keyof T) =>
    jest.spyOn(target, method as never).mockRejectedValueOnce(new Error('process died') as never);

  it('a request that fails after its hold was posted stores neither the request nor the hold', async () => {
    const member = await funded(15 * AC);
    const key = randomUUID();
    const spy = failOnce(h.economy.ledger.store.outbox, 'insertOne');
    await expect(
      service().request(as(member), { amountUsdMicro: 10 * USD, paypalEmail: 'me@example.com' }, key),
    ).rejects.toThrow('process died');
    spy.mockRestore();
    expect(await balanceOf(member)).toBe(15 * AC);
    expect(await mine(as(member))).toEqual([]);
    expect(await pendingOf(member)).toBeNull();
    // The member's retry with the same key goes through once.
    const retried = await request(as(member), 10 * USD, 'me@example.com', key);
    expect(retried).toMatchObject({ status: 'pending', replayed: false });
    expect(await balanceOf(member)).toBe(5 * AC);
  });

  it.each(['approve', 'reject'] as const)(
    'a decision (%s) that fails after its money moved leaves the request pending and the hold held',
    async (action) => {
      const member = await funded(10 * AC);
      const asked = await request(as(member), 10 * USD);
      const held = await systemBalance('withdrawals_held');
      const spy = failOnce(h.economy.ledger.store.audit, 'insertOne');
      await expect(
        service().process(superAdmin, { withdrawalId: asked.id, action, adminNotes: 'n' }),
      ).rejects.toThrow('process died');
      spy.mockRestore();
      expect((await mine(as(member)))[0].status).toBe('pending');
      expect(await balanceOf(member)).toBe(0);
      expect(await systemBalance('withdrawals_held')).toBe(held);
      expect(
        await h.economy.ledger.store.transfers.countDocuments({
          _id: { $in: [`wd:${asked.id}:payout`, `wd:${asked.id}:release`] },
        }),
      ).toBe(0);
      // Decided again, it goes through once.
      const decided = await processIt(asked.id, action, 'again');
      expect(decided.status).toBe(action === 'approve' ? 'approved' : 'rejected');
      expect(await balanceOf(member)).toBe(action === 'approve' ? 0 : 10 * AC);
      await expectLedgerSound();
    },
  );

  it('leaves the ledger sound, with no member below zero', async () => {
    await expectLedgerSound();
  });
});
