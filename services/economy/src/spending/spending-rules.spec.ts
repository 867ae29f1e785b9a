import { Conflict, InvalidInput, RuleViolation } from '@aura/platform';
import {
  acText,
  applyChange,
  changeSetting,
  coolingOffRefusal,
  dailyLimitRefusal,
  DAY_MS,
  effectiveAt,
  NO_SPENDING_SETTINGS,
  nextUtcMidnight,
  pauseDecision,
  pauseRefusal,
  spendingChangeOf,
  SpendingMessages,
  SpendingState,
  utcDayStart,
} from './spending-rules';

const AC = 1_000_000;
const now = new Date('2026-11-29T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const settings = (extra: Partial<SpendingState>): SpendingState => ({ ...NO_SPENDING_SETTINGS, ...extra });

describe('changing a setting', () => {
  it('sets a first value, lowers one or keeps one at once', () => {
    expect(changeSetting(null, null, 50 * AC, now)).toEqual({ value: 50 * AC, pending: null });
    expect(changeSetting(50 * AC, null, 20 * AC, now)).toEqual({ value: 20 * AC, pending: null });
    expect(changeSetting(50 * AC, null, 0, now)).toEqual({ value: 0, pending: null });
    expect(changeSetting(50 * AC, null, 50 * AC, now)).toEqual({ value: 50 * AC, pending: null });
  });

  it('raises or removes one only after 24 hours', () => {
    expect(changeSetting(50 * AC, null, 80 * AC, now)).toEqual({
      value: 50 * AC,
      pending: { value: 80 * AC, effectiveAt: later(DAY_MS) },
    });
    expect(changeSetting(50 * AC, null, null, now)).toEqual({
      value: 50 * AC,
      pending: { value: null, effectiveAt: later(DAY_MS) },
    });
  });

  it('keeps the time of the raise already pending; another raise waits 24 hours again', () => {
    const pending = { value: 80 * AC, effectiveAt: later(DAY_MS) };
    expect(changeSetting(50 * AC, pending, 80 * AC, later(DAY_MS / 2))).toEqual({ value: 50 * AC, pending });
    expect(changeSetting(50 * AC, pending, 90 * AC, later(DAY_MS / 2))).toEqual({
      value: 50 * AC,
      pending: { value: 90 * AC, effectiveAt: later(DAY_MS + DAY_MS / 2) },
    });
  });

  it('drops a pending raise when the member lowers or keeps the value', () => {
    const pending = { value: 80 * AC, effectiveAt: later(DAY_MS) };
    expect(changeSetting(50 * AC, pending, 40 * AC, now)).toEqual({ value: 40 * AC, pending: null });
    expect(changeSetting(50 * AC, pending, 50 * AC, now)).toEqual({ value: 50 * AC, pending: null });
  });

  it('a pending change is the value from its time on', () => {
    const state = settings({
      dailyLimitMicro: 50 * AC,
      pendingDailyLimit: { value: 80 * AC, effectiveAt: later(DAY_MS) },
      pauseThresholdMicro: 10 * AC,
      pendingPauseThreshold: { value: null, effectiveAt: later(DAY_MS) },
      coolingOffUntil: later(60_000),
    });
    expect(effectiveAt(state, later(DAY_MS - 1))).toEqual({ ...state, coolingOffUntil: null });
    expect(effectiveAt(state, later(DAY_MS))).toEqual(settings({ dailyLimitMicro: 80 * AC }));
    expect(effectiveAt(state, now).coolingOffUntil).toEqual(later(60_000));
  });

  it('changes only what the request names, from what is in effect', () => {
    const state = settings({
      dailyLimitMicro: 50 * AC,
      pendingDailyLimit: { value: 80 * AC, effectiveAt: later(1000) },
      pauseThresholdMicro: 10 * AC,
    });
    // The raise to 80 took effect; lowering to 60 is immediate, the threshold untouched.
    expect(applyChange(state, { dailyLimitMicro: 60 * AC }, later(2000))).toEqual(
      settings({ dailyLimitMicro: 60 * AC, pauseThresholdMicro: 10 * AC }),
    );
    expect(applyChange(state, { pauseThresholdMicro: 20 * AC }, now)).toEqual({
      ...state,
      pendingPauseThreshold: { value: 20 * AC, effectiveAt: later(DAY_MS) },
    });
  });
});

describe('what a request may ask', () => {
  it('a value of 0 to 1,000,000 AC in whole thousandths, or a removal', () => {
    expect(spendingChangeOf({ dailyLimitMicro: 25 * AC })).toEqual({ dailyLimitMicro: 25 * AC });
    expect(spendingChangeOf({ pauseThresholdMicro: 0 })).toEqual({ pauseThresholdMicro: 0 });
    expect(spendingChangeOf({ removeDailyLimit: true, pauseThresholdMicro: 1_000 })).toEqual({
      dailyLimitMicro: null,
      pauseThresholdMicro: 1_000,
    });
    expect(spendingChangeOf({})).toEqual({});
    for (const bad of [-1, 1.5, 500, 1_000_000 * AC + 1_000, Number.MAX_SAFE_INTEGER + 2])
      expect(() => spendingChangeOf({ dailyLimitMicro: bad })).toThrow(
        new InvalidInput(SpendingMessages.dailyLimit),
      );
    expect(() => spendingChangeOf({ pauseThresholdMicro: -1_000 })).toThrow(SpendingMessages.pauseThreshold);
    expect(() => spendingChangeOf({ dailyLimitMicro: AC, removeDailyLimit: true })).toThrow(
      SpendingMessages.both,
    );
  });
});

describe('the daily limit', () => {
  it('lets a spend through while the day’s total stays within it', () => {
    expect(dailyLimitRefusal(null, 1_000 * AC, AC)).toBeNull();
    expect(dailyLimitRefusal(50 * AC, 30 * AC, 20 * AC)).toBeNull();
  });

  it('refuses what would go over it, saying the limit and what is left (code daily_limit_reached)', () => {
    const over = dailyLimitRefusal(50 * AC, 37.5 * AC, 20 * AC);
    expect(over).toEqual(
      new RuleViolation('This would go over your daily spending limit of 50 AC: 12.5 AC left today.'),
    );
    expect(over?.code).toBe('daily_limit_reached');
    expect(dailyLimitRefusal(50 * AC, 50 * AC, 1_000)?.message).toBe(
      'You have reached your daily spending limit of 50 AC. It starts again at midnight UTC.',
    );
    expect(dailyLimitRefusal(0, 0, 1_000)?.message).toMatch(/reached your daily spending limit of 0 AC/);
  });

  it('counts UTC days', () => {
    expect(utcDayStart(new Date('2026-11-29T23:59:59.999Z'))).toEqual(new Date('2026-11-29T00:00:00.000Z'));
    expect(nextUtcMidnight(new Date('2026-11-30T00:00:00.000Z'))).toEqual(
      new Date('2026-12-01T00:00:00.000Z'),
    );
  });
});

describe('the pause', () => {
  const state = settings({ pauseThresholdMicro: 10 * AC });

  it('asks after two low check-ins above the threshold, unless the member said yes', () => {
    expect(pauseDecision(state, 25 * AC, now, { lowMood: true, confirmPause: false })).toBe('pause');
    expect(pauseDecision(state, 25 * AC, now, { lowMood: true, confirmPause: true })).toBe('go');
    expect(pauseDecision(state, 25 * AC, now, { lowMood: false, confirmPause: false })).toBe('go');
    expect(pauseDecision(state, 10 * AC, now, { lowMood: true, confirmPause: false })).toBe('go');
    expect(pauseDecision(NO_SPENDING_SETTINGS, 25 * AC, now, { lowMood: true, confirmPause: false })).toBe(
      'go',
    );
  });

  it('refuses a spend above the threshold while the member cools off, even confirmed', () => {
    const cooling = { ...state, coolingOffUntil: later(5 * 60_000) };
    expect(pauseDecision(cooling, 25 * AC, now, { lowMood: false, confirmPause: true })).toBe('cooling_off');
    expect(pauseDecision(cooling, 5 * AC, now, { lowMood: true, confirmPause: false })).toBe('go');
    expect(pauseDecision(cooling, 25 * AC, later(5 * 60_000), { lowMood: false, confirmPause: true })).toBe(
      'go',
    );
  });

  it('says it in the member’s words, with a code the app acts on', () => {
    expect(pauseRefusal(25 * AC, 'send')).toEqual(new Conflict('Take a breath — still want to send 25 AC?'));
    expect(pauseRefusal(25 * AC, 'send').code).toBe('pause_required');
    expect(pauseRefusal(2.5 * AC, 'spend').message).toBe('Take a breath — still want to spend 2.5 AC?');
    const waiting = coolingOffRefusal(new Date('2026-11-29T10:07:30.000Z'), 10 * AC, now);
    expect(waiting.message).toBe(
      'You chose to wait: spending over 10 AC is paused until 10:07 UTC (8 more minutes).',
    );
    expect(waiting.code).toBe('cooling_off');
    expect(acText(1_000)).toBe('0.001');
  });
});
