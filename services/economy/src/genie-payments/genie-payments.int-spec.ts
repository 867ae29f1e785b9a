// Genie money through gRPC as the genies service calls it, against the real local infrastructure:
// a bottle charge (member → genie_shop) and an earnings payment (genie_earnings → member), each once
// per idempotency key (concurrent calls included), the short-wallet message, the rules on input, the
// member's history, and a sound ledger afterwards.
import { Caller } from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { AC, Harness, refusal, startEconomy, superAdmin } from '../../test/harness';
import { verifyLedger } from '../ledger/ledger-verifier';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('geniepay');
});

afterAll(async () => {
  await h?.stop();
});

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
// As the genies service calls them: its certificate, the member named in the request.
const charge = (userId: string, amountMicro: number, key?: string) =>
  h.callAs(
    'genies',
    'chargeGeniePurchase',
    { userId, amountMicro, memo: '2 Genie bottles' },
    key,
  ) as Promise<contract.TransferReceipt>;
const pay = (userId: string, amountMicro: number, key?: string) =>
  h.callAs(
    'genies',
    'payGenieEarnings',
    { userId, amountMicro, memo: '1 genie' },
    key,
  ) as Promise<contract.TransferReceipt>;
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

async function funded(amount: number) {
  const member = h.identity.add();
  await h.call('adminAdjust', { userId: member.id, amountMicro: amount, reason: 'test funds' }, superAdmin);
  return member;
}

describe('genie bottle charges', () => {
  it('charges the member once per key, even for concurrent calls, and shows it as spending', async () => {
    const member = await funded(1000 * AC);
    const key = `bottles:${randomUUID()}`;
    const receipts = await Promise.all(
      Array.from({ length: 5 }, () => charge(member.id, 600 * AC, key).catch((e) => e)),
    );
    const ok = receipts.filter((r) => 'transferId' in r) as contract.TransferReceipt[];
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.transferId)).size).toBe(1);
    for (const other of receipts.filter((r) => !('transferId' in r))) expect(other.code).toBe(status.ABORTED);
    expect(await balanceOf(member)).toBe(400 * AC);
    const again = await charge(member.id, 600 * AC, key);
    expect(again).toMatchObject({ transferId: ok[0].transferId, replayed: true });
    expect(await balanceOf(member)).toBe(400 * AC);
    expect((await history(member))[0]).toEqual([
      'Genie bottles bought: 2 Genie bottles',
      'spending',
      -600 * AC,
    ]);
  });

  it('refuses a short wallet with the spec message and moves nothing', async () => {
    const member = await funded(100 * AC);
    expect(await refusal(charge(member.id, 300 * AC, randomUUID()))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Insufficient AuraCoin balance!',
    });
    expect(await balanceOf(member)).toBe(100 * AC);
  });

  it('needs a key and a positive amount', async () => {
    const member = await funded(100 * AC);
    expect(await refusal(charge(member.id, AC))).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'An idempotency-key is required',
    });
    expect(await refusal(charge(member.id, 0, randomUUID()))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    expect(await balanceOf(member)).toBe(100 * AC);
  });

  it('moves genie money for the genies service only: the gateway, a member or another service is refused', async () => {
    const member = await funded(100 * AC);
    const request = { userId: member.id, amountMicro: AC, memo: 'x' };
    for (const method of ['chargeGeniePurchase', 'payGenieEarnings'] as const) {
      expect(await refusal(h.call(method, request, as(member), randomUUID()))).toMatchObject({
        code: status.PERMISSION_DENIED,
      });
      expect(await refusal(h.callAs('media', method, request, randomUUID()))).toMatchObject({
        code: status.PERMISSION_DENIED,
      });
    }
    expect(await balanceOf(member)).toBe(100 * AC);
  });
});

describe('genie earnings', () => {
  it('credits once per claim window key and counts as earnings', async () => {
    const member = h.identity.add();
    const key = `claim:${member.id}:2026-05-01T00:00:00.000Z`;
    const results = await Promise.all([
      pay(member.id, 1_500_000, key).catch((e) => e),
      pay(member.id, 1_500_000, key).catch((e) => e),
    ]);
    expect(results.filter((r) => 'transferId' in r).length).toBeGreaterThanOrEqual(1);
    await pay(member.id, 1_500_000, key);
    expect(await balanceOf(member)).toBe(1_500_000);
    const wallet = (await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet;
    expect(wallet.totalEarnedMicro).toBe(1_500_000);
    expect((await history(member))[0]).toEqual(['Genie earnings claimed: 1 genie', 'earning', 1_500_000]);
  });

  it('leaves the ledger sound', async () => {
    const report = await verifyLedger(h.economy.ledger.store);
    expect({
      mismatches: report.mismatches,
      negative: report.negativeBalances,
      sum: report.sumMicro,
    }).toEqual({
      mismatches: [],
      negative: [],
      sum: 0,
    });
  });
});
