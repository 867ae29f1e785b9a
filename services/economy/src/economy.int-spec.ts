// The economy service through gRPC, as the gateway calls it, against the real local infrastructure:
// every rule and message of tips, transfers and adjustments, idempotency keys, who may call what,
// concurrency, blocks from identity's events and the ledger check.
import { Caller, createEvent, EXPORT_PAGE_SIZE } from '@aura/platform';
import { recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import { common, economy as contract, economyEvents } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { AC, admin, Harness, refusal, startEconomy, superAdmin } from '../test/harness';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('service', { consumers: true });
});

afterAll(async () => {
  await h?.stop();
});

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const wallet = (caller: Caller, userId = '') =>
  h.call('getWallet', { userId }, caller) as Promise<contract.Wallet>;
const history = (caller: Caller, request: Partial<contract.ListTransactionsRequest> = {}) =>
  h.call(
    'listTransactions',
    { userId: '', cursor: '', limit: 0, ...request },
    caller,
  ) as Promise<contract.TransactionPage>;
const send = (
  method: 'sendTip' | 'transfer',
  caller: Caller,
  request: Partial<contract.SendRequest>,
  key?: string,
) =>
  h.call(
    method,
    { recipientId: '', amountMicro: 0, currency: 'AC', message: '', ...request },
    caller,
    key,
  ) as Promise<contract.TransferReceipt>;
const adjust = (
  userId: string,
  amountMicro: number,
  reason = 'welcome gift',
  caller = superAdmin,
  key?: string,
) => h.call('adminAdjust', { userId, amountMicro, reason }, caller, key) as Promise<contract.TransferReceipt>;
const balanceOf = async (member: { id: string }) => (await wallet(as(member))).balanceMicro;

async function funded(amount: number) {
  const member = h.identity.add();
  if (amount > 0) await adjust(member.id, amount);
  return member;
}

describe('wallet', () => {
  it('is empty for a new member: balance, total earned and USD all 0', async () => {
    const member = h.identity.add();
    expect(await wallet(as(member))).toEqual({
      userId: member.id,
      balanceMicro: 0,
      totalEarnedMicro: 0,
      withdrawableMicro: 0,
      usdEquivalentMicro: 0,
      coinPriceMicroUsd: 1_000_000,
    });
  });

  it('needs a caller, and only admins read another member’s wallet or history', async () => {
    const [alice, bob] = [h.identity.add(), h.identity.add()];
    expect(await refusal(h.call('getWallet', { userId: '' }))).toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    expect(await refusal(wallet(as(alice), bob.id))).toEqual({
      code: status.PERMISSION_DENIED,
      details: 'You do not have permission to do this',
    });
    expect(await refusal(history(as(alice), { userId: bob.id }))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect((await wallet(admin, bob.id)).userId).toBe(bob.id);
    expect((await wallet(as(alice), alice.id)).userId).toBe(alice.id);
  });
});

describe('tips and transfers', () => {
  it('tips: moves the amount, answers the receipt, shows both sides in the histories', async () => {
    const alice = await funded(10 * AC);
    const bob = h.identity.add('bob_the_builder');
    const receipt = await send('sendTip', as(alice), {
      recipientId: bob.id,
      amountMicro: 1_500_000,
      message: 'thanks!',
    });
    expect(receipt).toMatchObject({
      amountMicro: 1_500_000,
      currency: 'AC',
      recipientId: bob.id,
      recipientUsername: 'bob_the_builder',
      balanceAfterMicro: 8_500_000,
      replayed: false,
    });
    expect(await wallet(as(bob))).toMatchObject({ balanceMicro: 1_500_000, totalEarnedMicro: 1_500_000 });
    const [sent] = (await history(as(alice))).transactions;
    expect(sent).toMatchObject({
      id: receipt.transferId,
      description: 'Energy sent to @bob_the_builder',
      transactionType: 'transfer',
      amountMicro: -1_500_000,
      counterpartyId: bob.id,
      memo: 'thanks!',
    });
    const [received] = (await history(as(bob))).transactions;
    expect(received).toMatchObject({
      id: receipt.transferId,
      description: `Energy received from @${alice.username}`,
      transactionType: 'earning',
      amountMicro: 1_500_000,
    });
  });

  it('transfers AuraCoins as type transfer, which is not counted as earned', async () => {
    const alice = await funded(5 * AC);
    const bob = h.identity.add();
    await send('transfer', as(alice), { recipientId: bob.id, amountMicro: 2 * AC });
    expect(await wallet(as(bob))).toMatchObject({ balanceMicro: 2 * AC, totalEarnedMicro: 0 });
    expect((await history(as(bob))).transactions[0]).toMatchObject({
      description: `AuraCoins received from @${alice.username}`,
      transactionType: 'transfer',
    });
  });

  it.each([
    ['no recipient', { recipientId: '' }, status.FAILED_PRECONDITION, 'Please select a recipient'],
    ['an amount of 0', { amountMicro: 0 }, status.FAILED_PRECONDITION, 'Please enter a valid amount'],
    ['a negative amount', { amountMicro: -5_000 }, status.FAILED_PRECONDITION, 'Please enter a valid amount'],
    [
      'less than 0.001 AC',
      { amountMicro: 999 },
      status.FAILED_PRECONDITION,
      'The minimum amount is 0.001 AC',
    ],
    [
      'USD',
      { currency: 'USD' },
      status.FAILED_PRECONDITION,
      'USD is coming soon: only AC can be sent for now',
    ],
    ['another currency', { currency: 'EUR' }, status.INVALID_ARGUMENT, 'currency must be AC'],
    [
      '201 characters',
      { message: 'x'.repeat(201) },
      status.FAILED_PRECONDITION,
      'Message must be at most 200 characters',
    ],
    [
      'more than the balance',
      { amountMicro: 3 * AC + 1 },
      status.FAILED_PRECONDITION,
      'Insufficient balance',
    ],
    ['an unknown member', { recipientId: 'ffffffffffffffffffffffff' }, status.NOT_FOUND, 'User not found'],
  ])('refuses %s with its message, and moves nothing', async (_label, change, code, details) => {
    const alice = await funded(3 * AC);
    const bob = h.identity.add();
    for (const method of ['sendTip', 'transfer'] as const) {
      const request = { recipientId: bob.id, amountMicro: AC, ...change };
      expect(await refusal(send(method, as(alice), request))).toEqual({ code, details });
    }
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([3 * AC, 0]);
  });

  it('refuses sending to yourself', async () => {
    const alice = await funded(3 * AC);
    expect(await refusal(send('sendTip', as(alice), { recipientId: alice.id, amountMicro: AC }))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'You cannot send AuraCoins to yourself',
    });
  });

  it('answers 503 for a tip to a member not heard of yet while identity is unreachable, and moves nothing', async () => {
    const alice = await funded(3 * AC);
    const bob = h.identity.add();
    h.identity.down = true;
    try {
      expect(await refusal(send('sendTip', as(alice), { recipientId: bob.id, amountMicro: AC }))).toEqual({
        code: status.UNAVAILABLE,
        details: 'Service temporarily unavailable. Please try again shortly.',
      });
    } finally {
      h.identity.down = false;
    }
    expect(await balanceOf(alice)).toBe(3 * AC);
    await send('sendTip', as(alice), { recipientId: bob.id, amountMicro: AC });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([2 * AC, AC]);
  });

  it('accepts exactly 0.001 AC and a 200-character message', async () => {
    const alice = await funded(AC);
    const bob = h.identity.add();
    await send('sendTip', as(alice), { recipientId: bob.id, amountMicro: 1_000, message: '🌟'.repeat(200) });
    expect(await balanceOf(bob)).toBe(1_000);
  });

  it('honours an idempotency key: the same key twice moves money once and answers the same', async () => {
    const alice = await funded(5 * AC);
    const bob = h.identity.add();
    const key = randomUUID();
    const first = await send('transfer', as(alice), { recipientId: bob.id, amountMicro: AC }, key);
    const second = await send('transfer', as(alice), { recipientId: bob.id, amountMicro: AC }, key);
    expect(second).toEqual({ ...first, replayed: true });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual([4 * AC, AC]);
    expect(
      await refusal(send('transfer', as(alice), { recipientId: bob.id, amountMicro: 2 * AC }, key)),
    ).toEqual({
      code: status.ALREADY_EXISTS,
      details: 'This Idempotency-Key was already used for a different request',
    });
    // Keys are the caller's own: another member's use of the same key is a new transfer.
    const carol = await funded(AC);
    await send('transfer', as(carol), { recipientId: bob.id, amountMicro: AC }, key);
    expect(await balanceOf(bob)).toBe(2 * AC);
  });

  it('50 concurrent tips from a member whose balance covers 10: exactly 10 succeed, the balance ends at 0', async () => {
    const alice = await funded(10 * AC);
    const others = Array.from({ length: 5 }, () => h.identity.add());
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        send('sendTip', as(alice), { recipientId: others[i % 5].id, amountMicro: AC }),
      ),
    );
    const failures = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => (o as PromiseRejectedResult).reason);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(new Set(failures.map((f) => f.details))).toEqual(new Set(['Insufficient balance']));
    expect(await balanceOf(alice)).toBe(0);
    let received = 0;
    for (const other of others) received += await balanceOf(other);
    expect(received).toBe(10 * AC);
  });

  it('publishes tip.sent and transfer.completed for a tip', async () => {
    const recorder = await recordTopics(testConfig().KAFKA_BROKERS, ['aura.economy.ledger']);
    try {
      const alice = await funded(2 * AC);
      const bob = h.identity.add();
      const receipt = await send('sendTip', as(alice), {
        recipientId: bob.id,
        amountMicro: 1_250_000,
        message: '✨',
      });
      const tip = await waitFor(
        () => recorder.records.find((r) => r.headers['aura-event-type'] === 'tip.sent' && r.key === bob.id),
        { timeoutMs: 30_000, what: 'tip.sent' },
      );
      expect(economyEvents.TipSent.decode(tip.value)).toMatchObject({
        transferId: receipt.transferId,
        senderId: alice.id,
        recipientId: bob.id,
        amountMicro: 1_250_000,
        message: '✨',
        senderUsername: alice.username,
      });
      await waitFor(
        () =>
          recorder.records.find(
            (r) =>
              r.headers['aura-event-type'] === 'transfer.completed' &&
              economyEvents.TransferCompleted.decode(r.value).transferId === receipt.transferId,
          ),
        { timeoutMs: 30_000, what: 'transfer.completed' },
      );
      // Published events leave the outbox (the relay deletes their documents).
      await waitFor(async () => (await h.economy.ledger.store.outbox.countDocuments({})) === 0, {
        timeoutMs: 30_000,
        what: 'an empty ledger outbox',
      });
    } finally {
      await recorder.stop();
    }
  });
});

describe('blocks (from identity’s events)', () => {
  it('refuses tips and transfers between members who block each other, either way, until unblocked', async () => {
    const alice = await funded(5 * AC);
    const bob = await funded(5 * AC);
    const change = { blockerId: bob.id, blockedId: alice.id, changedAt: new Date().toISOString() };
    await h.runtime.bus.publish([createEvent('identity', 'user.blocked', bob.id, change)]);
    await waitFor(() => h.economy.members.blockedEitherWay(alice.id, bob.id), {
      timeoutMs: 60_000,
      what: 'the block to reach economy',
    });
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ])
      expect(await refusal(send('sendTip', as(from), { recipientId: to.id, amountMicro: AC }))).toEqual({
        code: status.FAILED_PRECONDITION,
        details: 'You cannot send AuraCoins to this user',
      });
    const unblocked = { ...change, changedAt: new Date(Date.now() + 1000).toISOString() };
    await h.runtime.bus.publish([createEvent('identity', 'user.unblocked', bob.id, unblocked)]);
    await waitFor(async () => !(await h.economy.members.blockedEitherWay(alice.id, bob.id)), {
      timeoutMs: 60_000,
      what: 'the unblock to reach economy',
    });
    // The block delivered again after the unblock (a redelivery) does not bring it back. Bob's next
    // event (same key, same partition) is consumed after it: once it is there, the late one was seen.
    const carol = await funded(AC);
    await h.runtime.bus.publish([
      createEvent('identity', 'user.blocked', bob.id, change),
      createEvent('identity', 'user.blocked', bob.id, { ...unblocked, blockedId: carol.id }),
    ]);
    await waitFor(() => h.economy.members.blockedEitherWay(carol.id, bob.id), {
      timeoutMs: 60_000,
      what: 'the events after the late block to reach economy',
    });
    expect(await h.economy.members.blockedEitherWay(alice.id, bob.id)).toBe(false);
    await send('transfer', as(alice), { recipientId: bob.id, amountMicro: AC });
    expect(await balanceOf(bob)).toBe(6 * AC);
  });
});

describe('admin adjustments', () => {
  it('only a super admin adjusts', async () => {
    const member = h.identity.add();
    for (const caller of [as(h.identity.add()), admin])
      expect(await refusal(adjust(member.id, AC, 'gift', caller))).toEqual({
        code: status.PERMISSION_DENIED,
        details: 'You do not have permission to do this',
      });
    expect(await balanceOf(member)).toBe(0);
  });

  it('credits and debits against the adjustments account, never below zero, with a reason in the history', async () => {
    const member = h.identity.add();
    expect(await adjust(member.id, 3 * AC, 'Goodwill credit')).toMatchObject({ balanceAfterMicro: 3 * AC });
    expect(await adjust(member.id, -AC, 'Double reward')).toMatchObject({ balanceAfterMicro: 2 * AC });
    expect(await refusal(adjust(member.id, -3 * AC, 'Too much'))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Insufficient balance',
    });
    expect(await refusal(adjust(member.id, AC, '  '))).toMatchObject({ details: 'Please enter a reason' });
    expect(await refusal(adjust(member.id, 0))).toMatchObject({ details: 'Please enter a valid amount' });
    expect(await refusal(adjust('ffffffffffffffffffffffff', AC))).toMatchObject({
      code: status.NOT_FOUND,
      details: 'User not found',
    });
    const { transactions } = await history(as(member));
    expect(transactions.map((t) => [t.description, t.transactionType, t.amountMicro])).toEqual([
      ['Correction by the Aura team: Double reward', 'other', -AC],
      ['Credit from the Aura team: Goodwill credit', 'other', 3 * AC],
    ]);
    const audit = await h.economy.ledger.store.audit.find({ target: `user:${member.id}` }).toArray();
    expect(audit.map((a) => [a.actor_id, a.amount, a.reason]).sort()).toEqual(
      [
        [superAdmin.userId, 3 * AC, 'Goodwill credit'],
        [superAdmin.userId, -AC, 'Double reward'],
      ].sort(),
    );
  });
});

describe('history pages', () => {
  it('pages newest first with a cursor until the last page', async () => {
    const member = h.identity.add();
    for (let i = 1; i <= 5; i += 1) await adjust(member.id, i * 1_000, `credit ${i}`);
    const first = await history(as(member), { limit: 2 });
    expect(first.transactions.map((t) => t.amountMicro)).toEqual([5_000, 4_000]);
    const second = await history(as(member), { limit: 2, cursor: first.nextCursor });
    expect(second.transactions.map((t) => t.amountMicro)).toEqual([3_000, 2_000]);
    const last = await history(as(member), { limit: 2, cursor: second.nextCursor });
    expect(last).toMatchObject({
      nextCursor: '',
      transactions: [expect.objectContaining({ amountMicro: 1_000 })],
    });
    expect(await refusal(history(as(member), { cursor: 'not-a-cursor' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});

describe('the data export (ExportMemberData)', () => {
  const exportPage = (request: Partial<common.ExportPageRequest>, service = 'media') =>
    h.callAs(service, 'exportMemberData', {
      userId: '',
      part: 'wallet',
      cursor: '',
      ...request,
    }) as Promise<common.ExportPage>;

  it('pages the wallet history oldest first for the media service, as the wallet screen shows it', async () => {
    const alice = await funded(20 * AC);
    const bob = h.identity.add(`bob_${randomUUID().slice(0, 6)}`);
    const carol = h.identity.add();
    await send('sendTip', as(alice), { recipientId: bob.id, amountMicro: 2_500_000, message: 'thanks' });
    await send('transfer', as(alice), { recipientId: carol.id, amountMicro: AC, message: 'for lunch' });
    await send('sendTip', as(bob), { recipientId: alice.id, amountMicro: 500_000, message: 'back' });
    // Carol's account is erased: her name and words leave Alice's history, as on the wallet screen.
    await h.economy.members.markErased(carol.id);

    h.economy.walletExport.pageSize = 3;
    const pages: common.ExportPage[] = [];
    try {
      let cursor = '';
      do {
        const page = await exportPage({ userId: alice.id, cursor });
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor && pages.length < 10);
    } finally {
      h.economy.walletExport.pageSize = EXPORT_PAGE_SIZE;
    }
    const records = pages.flatMap((page) => JSON.parse(page.recordsJson));
    expect(pages.map((page) => JSON.parse(page.recordsJson).length)).toEqual([3, 1]);
    expect(pages.at(-1)!.nextCursor).toBe('');
    const transfers = (await history(as(alice))).transactions.map((t) => t.id).reverse();
    expect(records).toEqual([
      {
        id: transfers[0],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        type: 'other',
        kind: 'adjustment',
        direction: 'in',
        amount_ac: '20.000000',
        balance_after_ac: '20.000000',
        description: 'Credit from the Aura team: welcome gift',
        counterparty: '',
        memo: 'welcome gift',
      },
      expect.objectContaining({
        id: transfers[1],
        type: 'transfer',
        kind: 'tip',
        direction: 'out',
        amount_ac: '-2.500000',
        balance_after_ac: '17.500000',
        description: `Energy sent to @${bob.username}`,
        counterparty: `@${bob.username}`,
        memo: 'thanks',
      }),
      expect.objectContaining({
        id: transfers[2],
        kind: 'transfer',
        amount_ac: '-1.000000',
        description: 'AuraCoins sent to a member',
        counterparty: 'a member',
        memo: '',
      }),
      expect.objectContaining({
        id: transfers[3],
        type: 'earning',
        direction: 'in',
        amount_ac: '0.500000',
        balance_after_ac: '17.000000',
        description: `Energy received from @${bob.username}`,
      }),
    ]);
    // Nothing of a member with no history, and the whole history in one page at the real page size.
    expect(await exportPage({ userId: h.identity.add().id })).toEqual({ recordsJson: '[]', nextCursor: '' });
    expect(JSON.parse((await exportPage({ userId: alice.id })).recordsJson)).toEqual(records);
  });

  it('is refused to the gateway (even for a member) and to other services; checks the part and member', async () => {
    const member = await funded(AC);
    const request = { userId: member.id, part: 'wallet', cursor: '' };
    expect(await refusal(h.call('exportMemberData', request, as(member)))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await refusal(h.call('exportMemberData', request))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await refusal(exportPage(request, 'genies'))).toMatchObject({ code: status.PERMISSION_DENIED });
    expect(await refusal(exportPage({ userId: member.id, part: 'posts' }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: 'Unknown export part',
    });
    for (const userId of ['', 'not a member'])
      expect(await refusal(exportPage({ userId }))).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await refusal(exportPage({ userId: member.id, cursor: 'nope' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});

describe('ledger check (VerifyLedger)', () => {
  it('is for admins, and passes after everything above', async () => {
    expect(await refusal(h.call('verifyLedger', {}, as(h.identity.add())))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    const report = (await h.call('verifyLedger', {}, admin)) as contract.LedgerReport;
    expect(report).toMatchObject({ ok: true, sumMicro: 0, mismatches: [], negativeBalances: [] });
    expect(report.transfers).toBeGreaterThan(50);
    expect(report.systemBalances).toEqual(
      expect.arrayContaining([expect.objectContaining({ account: 'adjustments' })]),
    );
  });
});
