// Monthly statements through gRPC, as the gateway asks for them, against the real local database: a
// statement is produced from the ledger, so it adds up with the month before it and with the balance,
// values each movement at its day's price, and is the caller's own.
import { Caller } from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { AC, admin, Harness, refusal, startEconomy, superAdmin } from '../../test/harness';
import { memberAccount } from '../ledger/accounts';
import { MONTH_MESSAGE } from './statement-rules';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('statements');
});

afterAll(async () => {
  await h?.stop();
});

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const statement = (caller: Caller, month: string, userId = '') =>
  h.call('getStatement', { userId, month }, caller) as Promise<contract.Statement>;
const adjust = (userId: string, amountMicro: number) =>
  h.call('adminAdjust', { userId, amountMicro, reason: 'statement test' }, superAdmin);
const tip = (from: { id: string }, to: { id: string }, amountMicro: number, message = '') =>
  h.call(
    'sendTip',
    { recipientId: to.id, amountMicro, currency: 'AC', message },
    as(from),
  ) as Promise<contract.TransferReceipt>;
const balanceOf = async (member: { id: string }) =>
  ((await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet).balanceMicro;

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const now = new Date();
const thisMonth = monthOf(now);
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
/** The 10th of last month, noon UTC, and that month. */
const lastMonthDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
const lastMonth = monthOf(lastMonthDay);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const entries = () => h.runtime.mongo.collection('entries');
const priceDays = () => h.runtime.mongo.collection<{ _id: string }>('market_price_days');

/** Moves the member's entries of these transfers to `at` (as if they had happened then). */
async function backdate(member: { id: string }, transferIds: string[], at: Date) {
  await entries().updateMany(
    { account: memberAccount(member.id), transfer_id: { $in: transferIds } },
    { $set: { created_at: at } },
  );
}

describe('a statement', () => {
  it('adds up: last month closes where this month opens, and this month closes at the balance', async () => {
    const alice = h.identity.add('statement_alice');
    const bob = h.identity.add('statement_bob');
    const funding = (await adjust(alice.id, 10 * AC)) as contract.TransferReceipt;
    await backdate(alice, [funding.transferId], lastMonthDay);
    await tip(alice, bob, 1_500_000, 'thanks!');
    await tip(alice, bob, 250_000);

    const last = await statement(as(alice), lastMonth);
    expect(last).toMatchObject({
      userId: alice.id,
      username: 'statement_alice',
      month: lastMonth,
      inProgress: false,
      openingBalanceMicro: 0,
      closingBalanceMicro: 10 * AC,
      totalInMicro: 10 * AC,
      totalOutMicro: 0,
    });
    expect(last.periodEnd).toBe(monthStart.toISOString());
    expect(last.lines.map((line) => line.transaction!.amountMicro)).toEqual([10 * AC]);

    const current = await statement(as(alice), thisMonth);
    expect(current).toMatchObject({
      month: thisMonth,
      inProgress: true,
      openingBalanceMicro: last.closingBalanceMicro,
      closingBalanceMicro: await balanceOf(alice),
      totalInMicro: 0,
      totalOutMicro: -1_750_000,
    });
    expect(
      current.lines.map((line) => [line.transaction!.amountMicro, line.transaction!.balanceAfterMicro]),
    ).toEqual([
      [-1_500_000, 8_500_000],
      [-250_000, 8_250_000],
    ]);
    expect(current.lines[0].transaction).toMatchObject({
      description: 'Energy sent to @statement_bob',
      memo: 'thanks!',
      counterpartyId: bob.id,
    });
    // Bob's side of the same tips.
    expect(await statement(as(bob), thisMonth)).toMatchObject({
      openingBalanceMicro: 0,
      closingBalanceMicro: 1_750_000,
      totalInMicro: 1_750_000,
    });
  });

  it('values each movement at its day’s closing price, and the balances at the month’s ends', async () => {
    const carol = h.identity.add('statement_carol');
    const funding = (await adjust(carol.id, 4 * AC)) as contract.TransferReceipt;
    await backdate(carol, [funding.transferId], lastMonthDay);
    const dayBeforeMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 0, 12));
    const lastDayOfMonth = new Date(monthStart.getTime() - 12 * 3600_000);
    const closes: [Date, number][] = [
      [dayBeforeMonth, 1_100_000],
      [lastMonthDay, 1_250_000],
      [lastDayOfMonth, 1_500_000],
    ];
    for (const [day, price] of closes)
      await priceDays().replaceOne(
        { _id: dayOf(day) },
        { close_micro_usd: price, at: new Date(day.getTime() + 11 * 3600_000) },
        { upsert: true },
      );

    const last = await statement(as(carol), lastMonth);
    expect(last.lines).toHaveLength(1);
    expect(last.lines[0]).toMatchObject({ priceMicroUsd: 1_250_000, amountUsdMicro: 5_000_000 });
    expect(last).toMatchObject({
      openingPriceMicroUsd: 1_100_000,
      openingBalanceUsdMicro: 0,
      closingPriceMicroUsd: 1_500_000,
      closingBalanceUsdMicro: 6_000_000,
      totalInUsdMicro: 5_000_000,
    });
  });

  it('keeps the ledger’s order and balances under concurrent tips', async () => {
    const payer = h.identity.add('statement_payer');
    const payees = Array.from({ length: 5 }, () => h.identity.add());
    await adjust(payer.id, 100 * AC);
    const tips = Array.from({ length: 40 }, (_, k) =>
      tip(payer, payees[k % payees.length], (k + 1) * 10_000),
    );
    const during = statement(as(payer), thisMonth);
    await Promise.all(tips);
    const [first, final] = [await during, await statement(as(payer), thisMonth)];
    for (const seen of [first, final]) {
      const sum = seen.lines.reduce((total, line) => total + line.transaction!.amountMicro, 0);
      expect(seen.closingBalanceMicro).toBe(seen.openingBalanceMicro + sum);
    }
    expect(final.lines).toHaveLength(41);
    expect(final.closingBalanceMicro).toBe(await balanceOf(payer));
    // Each running balance is the ledger's own balance after that entry.
    const history = (await h.call(
      'listTransactions',
      { userId: '', cursor: '', limit: 100 },
      as(payer),
    )) as contract.TransactionPage;
    const ledgerBalance = new Map(history.transactions.map((t) => [t.id, t.balanceAfterMicro]));
    for (const line of final.lines)
      expect(line.transaction!.balanceAfterMicro).toBe(ledgerBalance.get(line.transaction!.id));
  });

  it('is empty for a month without movements, and refuses a month it cannot have', async () => {
    const dave = h.identity.add();
    expect(await statement(as(dave), '2024-02')).toMatchObject({
      openingBalanceMicro: 0,
      closingBalanceMicro: 0,
      lines: [],
      periodStart: '2024-02-01T00:00:00.000Z',
      periodEnd: '2024-03-01T00:00:00.000Z',
    });
    const next = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    for (const month of ['', '2026-13', '2026-1', '26-01', '2026-00', 'abcd-ef', next, '1999-12'])
      expect(await refusal(statement(as(dave), month))).toEqual({
        code: status.INVALID_ARGUMENT,
        details: MONTH_MESSAGE,
      });
  });

  it('is the caller’s own: only an admin reads another member’s', async () => {
    const [erin, frank] = [h.identity.add(), h.identity.add()];
    expect(await refusal(statement(as(erin), thisMonth, frank.id))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await refusal(h.call('getStatement', { userId: '', month: thisMonth }))).toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    expect((await statement(admin, thisMonth, frank.id)).userId).toBe(frank.id);
  });
});
