// Spending that cares (docs/spending.md) through gRPC as the gateway and genies call economy, against the
// real local infrastructure: the settings (a first limit and a lowering at once, a raise or a removal
// after 24 hours — with a clock the test moves, never a wait), the daily limit over tips, transfers,
// marketplace and genie purchases in the UTC day, under concurrency (two economy instances, so it is the
// transaction and not a process lock that holds it), the pause after two low check-ins, the member's
// yes, the cooling-off, and the ledger check after all of it.
import { Caller, errorCodeOf } from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { ServiceError, status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import {
  AC,
  createEconomyApp,
  Harness,
  objectId,
  partsOf,
  refusal,
  startEconomy,
  superAdmin,
} from '../../test/harness';
import { verifyLedger } from '../ledger/ledger-verifier';
import { itemIdOf } from '../marketplace/catalogue';
import { DAY_MS } from './spending-rules';

let h: Harness;
/** The spending rules' time is the real time moved by `shift` (the ledger keeps the real time). */
let shift = 0;
const clockNow = () => new Date(Date.now() + shift);

beforeAll(async () => {
  h = await startEconomy('spending', { clock: clockNow });
});

afterAll(async () => {
  await h?.stop();
});

beforeEach(() => {
  shift = 0;
});

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });

async function funded(amount: number) {
  const member = h.identity.add();
  if (amount > 0)
    await h.call('adminAdjust', { userId: member.id, amountMicro: amount, reason: 'test funds' }, superAdmin);
  return member;
}

const settingsOf = (caller: Caller) =>
  h.call('getSpendingSettings', {}, caller) as Promise<contract.SpendingSettings>;
const change = (caller: Caller, request: Partial<contract.UpdateSpendingSettingsRequest>) =>
  h.call(
    'updateSpendingSettings',
    { removeDailyLimit: false, removePauseThreshold: false, ...request },
    caller,
  ) as Promise<contract.SpendingSettings>;
const send = (
  method: 'sendTip' | 'transfer',
  caller: Caller,
  recipientId: string,
  amountMicro: number,
  options: { key?: string; confirmPause?: boolean } = {},
) =>
  h.call(
    method,
    { recipientId, amountMicro, currency: 'AC', message: '', confirmPause: options.confirmPause ?? false },
    caller,
    options.key,
  ) as Promise<contract.TransferReceipt>;
const buy = (caller: Caller, itemId: string, confirmPause = false) =>
  h.call(
    'purchaseMarketplaceItem',
    { itemId, confirmPause },
    caller,
    randomUUID(),
  ) as Promise<contract.MarketplacePurchase>;
const bottles = (userId: string, amountMicro: number, confirmPause = false) =>
  h.callAs(
    'genies',
    'chargeGeniePurchase',
    { userId, amountMicro, memo: 'Genie bottles', confirmPause },
    `genie-bottles:${randomUUID()}`,
  ) as Promise<contract.TransferReceipt>;
const balanceOf = async (member: { id: string }) =>
  ((await h.call('getWallet', { userId: '' }, as(member))) as contract.Wallet).balanceMicro;

/** A refused call: its status, its detail and the code the app acts on. */
async function refused(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const failure = error as ServiceError;
    return { code: failure.code, details: failure.details, errorCode: errorCodeOf(failure) };
  }
  throw new Error('expected the call to be refused');
}

const RISING_STAR = itemIdOf('rising-star'); // 15 AC
const GOLDEN_RING = itemIdOf('golden-ring'); // 120 AC

describe('the settings', () => {
  it('start empty, and need a signed-in member', async () => {
    const member = h.identity.add();
    const now = clockNow();
    const settings = await settingsOf(as(member));
    expect(settings).toMatchObject({
      spentTodayMicro: 0,
      coolingOffUntil: '',
      lowMood: false,
    });
    expect(settings.dailyLimitMicro).toBeUndefined();
    expect(settings.pauseThresholdMicro).toBeUndefined();
    expect(settings.pendingDailyLimit).toBeUndefined();
    expect(new Date(settings.dayResetsAt).getTime()).toBe(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
    );
    expect(await refusal(h.call('getSpendingSettings', {}))).toMatchObject({ code: status.UNAUTHENTICATED });
    expect(await refusal(h.call('updateSpendingSettings', { dailyLimitMicro: AC }))).toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });

  it('a first limit and a lower one take effect at once; a raise and a removal after 24 hours', async () => {
    const member = as(h.identity.add());
    expect(await change(member, { dailyLimitMicro: 50 * AC, pauseThresholdMicro: 10 * AC })).toMatchObject({
      dailyLimitMicro: 50 * AC,
      pauseThresholdMicro: 10 * AC,
    });
    const lowered = await change(member, { dailyLimitMicro: 30 * AC });
    expect(lowered.dailyLimitMicro).toBe(30 * AC);
    expect(lowered.pendingDailyLimit).toBeUndefined();

    const asked = Date.now();
    const raised = await change(member, { dailyLimitMicro: 80 * AC, removePauseThreshold: true });
    expect(raised).toMatchObject({ dailyLimitMicro: 30 * AC, pauseThresholdMicro: 10 * AC });
    expect(raised.pendingDailyLimit?.valueMicro).toBe(80 * AC);
    expect(raised.pendingPauseThreshold).toBeDefined();
    expect(raised.pendingPauseThreshold?.valueMicro).toBeUndefined();
    const due = new Date(raised.pendingDailyLimit!.effectiveAt).getTime();
    expect(due - asked).toBeGreaterThanOrEqual(DAY_MS - 1000);
    expect(due - asked).toBeLessThanOrEqual(DAY_MS + 5000);

    // Saving the same raise again keeps its time.
    const again = await change(member, { dailyLimitMicro: 80 * AC });
    expect(again.pendingDailyLimit?.effectiveAt).toBe(raised.pendingDailyLimit?.effectiveAt);

    shift = due - Date.now() - 60_000;
    expect((await settingsOf(member)).dailyLimitMicro).toBe(30 * AC);
    shift = due - Date.now() + 1000;
    const later = await settingsOf(member);
    expect(later.dailyLimitMicro).toBe(80 * AC);
    expect(later.pauseThresholdMicro).toBeUndefined();
    expect(later.pendingDailyLimit).toBeUndefined();
    expect(later.pendingPauseThreshold).toBeUndefined();
  });

  it('refuses a value out of range, a value finer than 0.001 AC, or a value and its removal together', async () => {
    const member = as(h.identity.add());
    for (const request of [
      { dailyLimitMicro: -AC },
      { dailyLimitMicro: 1_000_001 * AC },
      { pauseThresholdMicro: 1 },
      { dailyLimitMicro: AC, removeDailyLimit: true },
    ])
      expect(await refusal(change(member, request))).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect((await settingsOf(member)).dailyLimitMicro).toBeUndefined();
  });

  it('two concurrent changes are both applied, each over the other', async () => {
    const member = as(h.identity.add());
    await Promise.all([
      change(member, { dailyLimitMicro: 40 * AC }),
      change(member, { pauseThresholdMicro: 5 * AC }),
    ]);
    expect(await settingsOf(member)).toMatchObject({ dailyLimitMicro: 40 * AC, pauseThresholdMicro: 5 * AC });
  });

  it('are in the member’s data export: in effect, waiting, and none', async () => {
    const exported = async (userId: string) =>
      JSON.parse(
        (
          (await h.callAs('media', 'exportMemberData', {
            userId,
            part: 'spending_settings',
            cursor: '',
          })) as { recordsJson: string; nextCursor: string }
        ).recordsJson,
      );
    const member = h.identity.add();
    await change(as(member), { dailyLimitMicro: 30 * AC, pauseThresholdMicro: 10 * AC });
    const raised = await change(as(member), { dailyLimitMicro: 80.5 * AC, removePauseThreshold: true });
    expect(await exported(member.id)).toEqual([
      {
        daily_limit_ac: '30.000000',
        pause_threshold_ac: '10.000000',
        pending_daily_limit_ac: '80.500000',
        pending_daily_limit_from: raised.pendingDailyLimit!.effectiveAt,
        pending_pause_threshold_ac: 'none',
        pending_pause_threshold_from: raised.pendingPauseThreshold!.effectiveAt,
        cooling_off_until: null,
      },
    ]);
    const untouched = h.identity.add();
    expect(await exported(untouched.id)).toEqual([
      {
        daily_limit_ac: null,
        pause_threshold_ac: null,
        pending_daily_limit_ac: null,
        pending_daily_limit_from: null,
        pending_pause_threshold_ac: null,
        pending_pause_threshold_from: null,
        cooling_off_until: null,
      },
    ]);
  });

  it('go with the account when it is erased', async () => {
    const member = h.identity.add();
    await change(as(member), { dailyLimitMicro: 40 * AC, pauseThresholdMicro: 5 * AC });
    await h.economy.membersConsumer.handle({
      id: randomUUID(),
      type: 'user.deleted',
      version: 1,
      key: member.id,
      occurredAt: new Date().toISOString(),
      producer: 'test',
      payload: { userId: member.id, deletedAt: new Date().toISOString() },
    });
    expect(
      await h.runtime.mongo
        .collection<{ _id: string }>('spending_settings')
        .countDocuments({ _id: member.id }),
    ).toBe(0);
  });
});

describe('the daily limit', () => {
  it('counts tips, transfers and purchases of the UTC day, and refuses what would go over it', async () => {
    const alice = await funded(300 * AC);
    const bob = h.identity.add();
    await change(as(alice), { dailyLimitMicro: 50 * AC });
    await send('sendTip', as(alice), bob.id, 10 * AC);
    await send('transfer', as(alice), bob.id, 5 * AC);
    await buy(as(alice), RISING_STAR);
    await bottles(alice.id, 7.5 * AC);
    expect((await settingsOf(as(alice))).spentTodayMicro).toBe(37.5 * AC);

    const before = await balanceOf(alice);
    expect(await refused(send('sendTip', as(alice), bob.id, 20 * AC))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'This would go over your daily spending limit of 50 AC: 12.5 AC left today.',
      errorCode: 'daily_limit_reached',
    });
    expect(await refused(buy(as(alice), GOLDEN_RING))).toMatchObject({ errorCode: 'daily_limit_reached' });
    expect(await refused(bottles(alice.id, 13 * AC))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      errorCode: 'daily_limit_reached',
    });
    expect(await balanceOf(alice)).toBe(before);
    // Exactly what is left still goes through; then nothing more.
    await send('transfer', as(alice), bob.id, 12.5 * AC);
    expect(await refused(send('sendTip', as(alice), bob.id, 1_000))).toMatchObject({
      details: 'You have reached your daily spending limit of 50 AC. It starts again at midnight UTC.',
      errorCode: 'daily_limit_reached',
    });
    // Money that comes in is not spending.
    await send('sendTip', as(await funded(5 * AC)), alice.id, 5 * AC);
    expect((await settingsOf(as(alice))).spentTodayMicro).toBe(50 * AC);
  });

  it('answers a retried request with its first result, even once the limit is reached', async () => {
    const alice = await funded(100 * AC);
    const bob = h.identity.add();
    await change(as(alice), { dailyLimitMicro: 20 * AC });
    const key = randomUUID();
    const first = await send('sendTip', as(alice), bob.id, 20 * AC, { key });
    const retry = await send('sendTip', as(alice), bob.id, 20 * AC, { key });
    expect(retry).toMatchObject({ transferId: first.transferId, replayed: true });
    expect(await balanceOf(alice)).toBe(80 * AC);
  });

  it('starts again with the next UTC day', async () => {
    const alice = await funded(100 * AC);
    const bob = h.identity.add();
    await change(as(alice), { dailyLimitMicro: 30 * AC });
    await send('sendTip', as(alice), bob.id, 30 * AC);
    expect(await refused(send('sendTip', as(alice), bob.id, AC))).toMatchObject({
      errorCode: 'daily_limit_reached',
    });
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    shift = midnight - now.getTime() + 1000;
    expect((await settingsOf(as(alice))).spentTodayMicro).toBe(0);
    await send('sendTip', as(alice), bob.id, 30 * AC);
  });

  it('holds under concurrency, across two economy instances: of 12 tips of 10 AC within 25 AC, two pass', async () => {
    const alice = await funded(500 * AC);
    const bob = h.identity.add();
    await change(as(alice), { dailyLimitMicro: 25 * AC });
    // A second instance on the same database: its own ledger, its own account locks.
    const app = await createEconomyApp(h.runtime, h.config, {
      identity: h.identity,
      mood: h.mood,
      clock: clockNow,
    });
    const instances = [h.economy, partsOf(app)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        instances[i % 2]!.payments.send(i % 3 === 0 ? 'transfer' : 'tip', as(alice), {
          recipientId: bob.id,
          amountMicro: 10 * AC,
          currency: 'AC',
          message: '',
        }),
      ),
    ).finally(() => app.close());
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(passed).toHaveLength(2);
    expect(refusals).toHaveLength(10);
    for (const reason of refusals) expect(reason).toMatchObject({ code: 'daily_limit_reached' });
    expect((await settingsOf(as(alice))).spentTodayMicro).toBe(20 * AC);
    expect(await balanceOf(alice)).toBe(480 * AC);
  });

  it('a raised limit holds only after 24 hours', async () => {
    const alice = await funded(100 * AC);
    const bob = h.identity.add();
    await change(as(alice), { dailyLimitMicro: 10 * AC });
    const raised = await change(as(alice), { dailyLimitMicro: 50 * AC });
    const due = new Date(raised.pendingDailyLimit!.effectiveAt).getTime();
    // A minute before: 20 AC is still over the 10 AC limit (a new day, nothing spent in it yet).
    shift = due - Date.now() - 60_000;
    expect(await refused(send('sendTip', as(alice), bob.id, 20 * AC))).toMatchObject({
      details: 'This would go over your daily spending limit of 10 AC: 10 AC left today.',
    });
    shift = due - Date.now() + 1000;
    await send('sendTip', as(alice), bob.id, 20 * AC);
  });
});

describe('the pause', () => {
  async function lowMember(thresholdMicro = 10 * AC) {
    const member = await funded(500 * AC);
    await change(as(member), { pauseThresholdMicro: thresholdMicro });
    h.mood.low.add(member.id);
    return member;
  }

  it('asks before a spend above the threshold after two low check-ins; the member’s yes sends it', async () => {
    const alice = await lowMember();
    const bob = h.identity.add();
    expect((await settingsOf(as(alice))).lowMood).toBe(true);
    const key = randomUUID();
    expect(await refused(send('sendTip', as(alice), bob.id, 25 * AC, { key }))).toEqual({
      code: status.ALREADY_EXISTS,
      details: 'Take a breath — still want to send 25 AC?',
      errorCode: 'pause_required',
    });
    expect(await balanceOf(alice)).toBe(500 * AC);
    // The same request with the member's yes, even under the same key (nothing was stored).
    const sent = await send('sendTip', as(alice), bob.id, 25 * AC, { key, confirmPause: true });
    expect(sent).toMatchObject({ amountMicro: 25 * AC, replayed: false });
    expect(await refused(send('transfer', as(alice), bob.id, 10.5 * AC))).toMatchObject({
      details: 'Take a breath — still want to send 10.5 AC?',
      errorCode: 'pause_required',
    });
    expect(await refused(buy(as(alice), RISING_STAR))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Take a breath — still want to spend 15 AC?',
      errorCode: 'pause_required',
    });
    await buy(as(alice), RISING_STAR, true);
    expect(await refused(bottles(alice.id, 300 * AC))).toMatchObject({
      details: 'Take a breath — still want to spend 300 AC?',
      errorCode: 'pause_required',
    });
    await bottles(alice.id, 300 * AC, true);
    expect(await balanceOf(alice)).toBe(160 * AC);
  });

  it('does not ask at or below the threshold, without one, or when the mood is not low', async () => {
    const alice = await lowMember(10 * AC);
    const bob = h.identity.add();
    const asked = h.mood.asked;
    await send('sendTip', as(alice), bob.id, 10 * AC);
    expect(h.mood.asked).toBe(asked);
    await change(as(alice), { removePauseThreshold: true }); // pending for 24 hours: still 10 AC
    expect(await refused(send('sendTip', as(alice), bob.id, 11 * AC))).toMatchObject({
      errorCode: 'pause_required',
    });
    h.mood.low.delete(alice.id);
    await send('sendTip', as(alice), bob.id, 11 * AC);
    const carol = await funded(100 * AC);
    h.mood.low.add(carol.id);
    await send('sendTip', as(carol), bob.id, 50 * AC);
  });

  it('identity unreachable: a spend above the threshold answers 503; an unknown recipient still gets its own answer', async () => {
    const alice = await lowMember(10 * AC);
    const bob = h.identity.add();
    h.mood.down = true;
    try {
      expect(await refused(send('sendTip', as(alice), objectId(), 50 * AC))).toMatchObject({
        code: status.NOT_FOUND,
        details: 'User not found',
      });
      expect(await refused(send('sendTip', as(alice), bob.id, 50 * AC))).toMatchObject({
        code: status.UNAVAILABLE,
        details: 'Service temporarily unavailable. Please try again shortly.',
      });
    } finally {
      h.mood.down = false;
    }
    expect(await balanceOf(alice)).toBe(500 * AC);
  });

  it('“Wait 10 minutes” refuses spends above the threshold until then, even confirmed', async () => {
    const alice = await lowMember(10 * AC);
    const bob = h.identity.add();
    const started = (await h.call('startCoolingOff', {}, as(alice))) as contract.SpendingSettings;
    const until = new Date(started.coolingOffUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const refusal = await refused(send('sendTip', as(alice), bob.id, 25 * AC, { confirmPause: true }));
    expect(refusal).toMatchObject({ code: status.ALREADY_EXISTS, errorCode: 'cooling_off' });
    expect(refusal.details).toMatch(
      /^You chose to wait: spending over 10 AC is paused until \d\d:\d\d UTC \((10|9) more minutes\)\.$/,
    );
    expect(await refused(buy(as(alice), GOLDEN_RING, true))).toMatchObject({ errorCode: 'cooling_off' });
    // At or below the threshold nothing waits.
    await send('sendTip', as(alice), bob.id, 5 * AC);
    // Asking again does not shorten it.
    const again = (await h.call('startCoolingOff', {}, as(alice))) as contract.SpendingSettings;
    expect(new Date(again.coolingOffUntil).getTime()).toBeGreaterThanOrEqual(until);
    shift = new Date(again.coolingOffUntil).getTime() - Date.now() + 1000;
    expect((await settingsOf(as(alice))).coolingOffUntil).toBe('');
    expect(await refused(send('sendTip', as(alice), bob.id, 25 * AC))).toMatchObject({
      errorCode: 'pause_required',
    });
    await send('sendTip', as(alice), bob.id, 25 * AC, { confirmPause: true });
  });

  it('the daily limit is said first: no pause for a spend the limit refuses anyway', async () => {
    const alice = await lowMember(10 * AC);
    await change(as(alice), { dailyLimitMicro: 20 * AC });
    expect(await refused(send('sendTip', as(alice), h.identity.add().id, 25 * AC))).toMatchObject({
      errorCode: 'daily_limit_reached',
    });
  });
});

describe('afterwards', () => {
  it('the ledger is sound', async () => {
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
