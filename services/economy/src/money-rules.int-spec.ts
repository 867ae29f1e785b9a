// The money rules that close the loopholes (docs/money-rules.md), against the real local infrastructure:
// only earned AuraCoins can be withdrawn (bought or admin-credited ones can be spent, not cashed out, and
// a tip passes on only the withdrawable part of what it spends); no admin adjusts their own wallet or
// decides their own withdrawal; a refunded or disputed top-up is taken back even below zero, and a
// balance below zero pays for nothing until it is made good; a won dispute gives it back.
import { Caller } from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AC, Harness, refusal, startEconomy, superAdmin } from '../test/harness';
import { verifyLedger } from './ledger/ledger-verifier';

const SECRET = 'whsec_money_rules_int_spec';
let h: Harness;

beforeAll(async () => {
  h = await startEconomy('moneyrules', { topups: { webhookSecret: SECRET } });
});

afterAll(async () => {
  await h?.stop();
});

const USD = 1_000_000;
const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const wallet = async (member: { id: string }) =>
  (await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet;
const earn = (member: { id: string }, amountMicro: number) =>
  h.callAs('genies', 'payGenieEarnings', { userId: member.id, amountMicro, memo: 'earned' }, randomUUID());
const credit = (member: { id: string }, amountMicro: number, caller = superAdmin) =>
  h.call('adminAdjust', { userId: member.id, amountMicro, reason: 'goodwill' }, caller, randomUUID());
const withdraw = (member: { id: string }, amountUsdMicro: number) =>
  h.call(
    'requestWithdrawal',
    { amountUsdMicro, paypalEmail: 'me@example.com' },
    as(member),
    randomUUID(),
  ) as Promise<contract.Withdrawal>;
const tip = (from: { id: string }, to: { id: string }, amountMicro: number) =>
  h.call(
    'sendTip',
    { recipientId: to.id, amountMicro, currency: 'AC', message: '' },
    as(from),
    randomUUID(),
  ) as Promise<contract.TransferReceipt>;
const NOT_WITHDRAWABLE =
  'Only AuraCoins you earned can be withdrawn: AuraCoins bought with a card or credited by an admin can be spent, not withdrawn';

/** A paid top-up of `packageId` (through the test checkout's signed completion). */
async function boughtTopUp(member: { id: string }, packageId = 'plus') {
  const session = (await h.call(
    'createCheckoutSession',
    { packageId, originUrl: 'http://localhost:8080/wallet' },
    as(member),
  )) as contract.CheckoutSession;
  const paymentIntent = `pi_${randomUUID().replace(/-/g, '')}`;
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntent,
      },
    },
  });
  await deliver(payload);
  return { sessionId: session.sessionId, paymentIntent };
}

function deliver(payload: string) {
  return h.call('handleStripeWebhook', {
    payload: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
  }) as Promise<contract.StripeWebhookResult>;
}

const stripeEvent = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

async function expectLedgerSound() {
  const report = await verifyLedger(h.economy.ledger.store);
  expect({ mismatches: report.mismatches, negative: report.negativeBalances, sum: report.sumMicro }).toEqual({
    mismatches: [],
    negative: [],
    sum: 0,
  });
  return report;
}

describe('only earned AuraCoins can be withdrawn', () => {
  it('refuses to cash out AC bought with a card, and shows what is withdrawable', async () => {
    const member = h.identity.add();
    await boughtTopUp(member, 'plus'); // 55 AC for $49.99
    expect(await wallet(member)).toMatchObject({ balanceMicro: 55 * AC, withdrawableMicro: 0 });
    expect(await refusal(withdraw(member, 10 * USD))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: NOT_WITHDRAWABLE,
    });
    await earn(member, 12 * AC);
    expect(await wallet(member)).toMatchObject({ balanceMicro: 67 * AC, withdrawableMicro: 12 * AC });
    expect(await withdraw(member, 10 * USD)).toMatchObject({ status: 'pending', amountMicro: 10 * AC });
    expect(await wallet(member)).toMatchObject({ balanceMicro: 57 * AC, withdrawableMicro: 2 * AC });
  });

  it('spends bought AC first, so earnings stay withdrawable', async () => {
    const member = h.identity.add();
    await credit(member, 5 * AC);
    await earn(member, 10 * AC);
    await tip(member, h.identity.add(), 4 * AC);
    expect(await wallet(member)).toMatchObject({ balanceMicro: 11 * AC, withdrawableMicro: 10 * AC });
  });

  it('a tip passes on only the withdrawable part of what it spends', async () => {
    const [launderer, friend, creator] = [h.identity.add(), h.identity.add(), h.identity.add()];
    await boughtTopUp(launderer, 'plus');
    await tip(launderer, friend, 20 * AC); // bought AC: not withdrawable for the friend either
    expect(await wallet(friend)).toMatchObject({ balanceMicro: 20 * AC, withdrawableMicro: 0 });
    expect(await refusal(withdraw(friend, 10 * USD))).toMatchObject({ details: NOT_WITHDRAWABLE });
    await earn(creator, 15 * AC);
    await tip(creator, friend, 12 * AC); // earned AC stay withdrawable
    expect(await wallet(friend)).toMatchObject({ balanceMicro: 32 * AC, withdrawableMicro: 12 * AC });
    expect(await withdraw(friend, 11 * USD)).toMatchObject({ status: 'pending' });
    await expectLedgerSound();
  });
});

describe('no one mints or cashes out alone', () => {
  it('refuses a super admin’s adjustment of their own wallet', async () => {
    const self = h.identity.add('root_admin');
    const caller: Caller = { userId: self.id, role: 'super_admin' };
    expect(await refusal(credit(self, 1000 * AC, caller))).toEqual({
      code: status.PERMISSION_DENIED,
      details: 'You cannot adjust your own wallet',
    });
    expect((await wallet(self)).balanceMicro).toBe(0);
  });

  it('refuses a super admin’s decision of their own withdrawal request; another one decides', async () => {
    const self = h.identity.add('cashing_admin');
    await earn(self, 20 * AC);
    const request = await withdraw(self, 10 * USD);
    const own: Caller = { userId: self.id, role: 'super_admin' };
    expect(
      await refusal(
        h.call('processWithdrawal', { withdrawalId: request.id, action: 'approve', adminNotes: '' }, own),
      ),
    ).toEqual({ code: status.PERMISSION_DENIED, details: 'You cannot process your own withdrawal request' });
    expect(
      await h.call(
        'processWithdrawal',
        { withdrawalId: request.id, action: 'approve', adminNotes: '' },
        superAdmin,
      ),
    ).toMatchObject({ status: 'approved' });
  });
});

describe('refunds and disputes', () => {
  it('takes a refunded top-up back, leaving a debt that pays for nothing until it is made good', async () => {
    const member = h.identity.add();
    const { paymentIntent } = await boughtTopUp(member, 'plus'); // 55 AC
    await tip(member, h.identity.add(), 50 * AC);
    const refunded = stripeEvent('charge.refunded', {
      id: `ch_${randomUUID()}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount: 4999,
      amount_refunded: 4999,
    });
    expect(await deliver(refunded)).toMatchObject({ handled: true });
    expect(await deliver(refunded)).toMatchObject({ handled: false }); // a redelivery: once
    expect((await wallet(member)).balanceMicro).toBe(-50 * AC);
    expect(await refusal(tip(member, h.identity.add(), AC))).toMatchObject({
      details: 'Insufficient balance',
    });
    const report = await expectLedgerSound();
    expect(report.debts).toEqual(
      expect.arrayContaining([{ account: `user:${member.id}`, balance: -50 * AC }]),
    );
    await earn(member, 60 * AC); // earnings pay the debt back first
    expect(await wallet(member)).toMatchObject({ balanceMicro: 10 * AC, withdrawableMicro: 10 * AC });
  });

  it('takes a disputed top-up back, and gives it back when the dispute is won', async () => {
    const member = h.identity.add();
    const { paymentIntent } = await boughtTopUp(member, 'starter'); // 10 AC
    const dispute = {
      id: `dp_${randomUUID()}`,
      object: 'dispute',
      payment_intent: paymentIntent,
      amount: 999,
    };
    await deliver(stripeEvent('charge.dispute.created', { ...dispute, status: 'needs_response' }));
    expect((await wallet(member)).balanceMicro).toBe(0);
    await deliver(stripeEvent('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect(await wallet(member)).toMatchObject({ balanceMicro: 10 * AC, withdrawableMicro: 0 });
    await expectLedgerSound();
  });
});
