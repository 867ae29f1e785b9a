import { Conflict, InvalidInput, RuleViolation } from '@aura/platform';
import type { TransferKind } from '../ledger/ledger.types';

// "Spending that cares" (issue 23 item 7, docs/spending.md): a member's daily limit on tips, transfers
// and purchases, and the pause a spend above their threshold asks for after two low check-ins. The
// rules without I/O; spending.service.ts reads and writes.

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Raising or removing a limit takes effect this long after it was asked for. */
export const RAISE_DELAY_MS = DAY_MS;
/** "Wait 10 minutes". */
export const COOLING_OFF_MS = 10 * 60 * 1000;
const MICRO_PER_AC = 1_000_000;
/** A setting is whole thousandths of an AC (what the API shows), from 0 to 1,000,000 AC. */
const SETTING_STEP_MICRO = 1_000;
export const MAX_SETTING_MICRO = 1_000_000 * MICRO_PER_AC;

/** What counts as spending: what leaves a member's wallet for another member or a shop. */
export const SPENDING_KINDS: readonly TransferKind[] = [
  'tip',
  'transfer',
  'marketplace_purchase',
  'genie_purchase',
];

/** The codes a client acts on (the error's `code`, beside its `detail`). */
export const SpendingCodes = {
  dailyLimit: 'daily_limit_reached',
  pause: 'pause_required',
  coolingOff: 'cooling_off',
} as const;

export const SpendingMessages = {
  dailyLimit: 'Daily limit must be an amount of AC from 0 to 1,000,000 with at most 3 decimals',
  pauseThreshold: 'Pause threshold must be an amount of AC from 0 to 1,000,000 with at most 3 decimals',
  both: 'Give a value or remove it, not both',
} as const;

/** A raise or removal waiting for its time. `value` null: the setting is removed then. */
export interface PendingChange {
  value: number | null;
  effectiveAt: Date;
}

/** A member's spending settings (null: none). */
export interface SpendingState {
  dailyLimitMicro: number | null;
  pauseThresholdMicro: number | null;
  pendingDailyLimit: PendingChange | null;
  pendingPauseThreshold: PendingChange | null;
  coolingOffUntil: Date | null;
}

export const NO_SPENDING_SETTINGS: SpendingState = {
  dailyLimitMicro: null,
  pauseThresholdMicro: null,
  pendingDailyLimit: null,
  pendingPauseThreshold: null,
  coolingOffUntil: null,
};

/** `undefined`: leave it; `null`: remove it; a number: the new value. */
export interface SpendingChange {
  dailyLimitMicro?: number | null;
  pauseThresholdMicro?: number | null;
}

function settle(value: number | null, pending: PendingChange | null, now: Date) {
  if (pending && pending.effectiveAt.getTime() <= now.getTime())
    return { value: pending.value, pending: null };
  return { value, pending };
}

/** The settings in effect at `now`: a pending change whose time has come is the value. */
export function effectiveAt(state: SpendingState, now: Date): SpendingState {
  const limit = settle(state.dailyLimitMicro, state.pendingDailyLimit, now);
  const pause = settle(state.pauseThresholdMicro, state.pendingPauseThreshold, now);
  return {
    dailyLimitMicro: limit.value,
    pendingDailyLimit: limit.pending,
    pauseThresholdMicro: pause.value,
    pendingPauseThreshold: pause.pending,
    coolingOffUntil:
      state.coolingOffUntil && state.coolingOffUntil.getTime() > now.getTime() ? state.coolingOffUntil : null,
  };
}

/**
 * One setting asked to become `requested`. Setting a first value, lowering it or keeping it is
 * immediate (and drops a pending raise); raising or removing it waits 24 hours. Asking again for the
 * change already pending keeps its time (saving the same form twice does not restart the wait);
 * asking for another raise starts the wait again.
 */
export function changeSetting(
  current: number | null,
  pending: PendingChange | null,
  requested: number | null,
  now: Date,
): { value: number | null; pending: PendingChange | null } {
  const tighter = current === null || (requested !== null && requested <= current);
  if (tighter) return { value: requested, pending: null };
  if (pending && pending.value === requested) return { value: current, pending };
  return {
    value: current,
    pending: { value: requested, effectiveAt: new Date(now.getTime() + RAISE_DELAY_MS) },
  };
}

/** The settings after a member's change at `now` (what is in effect first, then the change). */
export function applyChange(state: SpendingState, change: SpendingChange, now: Date): SpendingState {
  const next = effectiveAt(state, now);
  if (change.dailyLimitMicro !== undefined) {
    const limit = changeSetting(next.dailyLimitMicro, next.pendingDailyLimit, change.dailyLimitMicro, now);
    next.dailyLimitMicro = limit.value;
    next.pendingDailyLimit = limit.pending;
  }
  if (change.pauseThresholdMicro !== undefined) {
    const pause = changeSetting(
      next.pauseThresholdMicro,
      next.pendingPauseThreshold,
      change.pauseThresholdMicro,
      now,
    );
    next.pauseThresholdMicro = pause.value;
    next.pendingPauseThreshold = pause.pending;
  }
  return next;
}

function checkValue(value: number | undefined, message: string): number | undefined {
  if (value === undefined) return undefined;
  if (
    !Number.isSafeInteger(value) ||
    value < 0 ||
    value > MAX_SETTING_MICRO ||
    value % SETTING_STEP_MICRO !== 0
  )
    throw new InvalidInput(message);
  return value;
}

/** The change a request asks for: a value, a removal, or nothing, for each setting. */
export function spendingChangeOf(input: {
  dailyLimitMicro?: number;
  removeDailyLimit?: boolean;
  pauseThresholdMicro?: number;
  removePauseThreshold?: boolean;
}): SpendingChange {
  const limit = checkValue(input.dailyLimitMicro, SpendingMessages.dailyLimit);
  const pause = checkValue(input.pauseThresholdMicro, SpendingMessages.pauseThreshold);
  if ((limit !== undefined && input.removeDailyLimit) || (pause !== undefined && input.removePauseThreshold))
    throw new InvalidInput(SpendingMessages.both);
  return {
    ...(input.removeDailyLimit
      ? { dailyLimitMicro: null }
      : limit !== undefined
        ? { dailyLimitMicro: limit }
        : {}),
    ...(input.removePauseThreshold
      ? { pauseThresholdMicro: null }
      : pause !== undefined
        ? { pauseThresholdMicro: pause }
        : {}),
  };
}

/** The start of the UTC day of `now` (the daily limit's day). */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(utcDayStart(now).getTime() + DAY_MS);
}

/** Exact and short, for messages: "25", "12.5", "0.001". */
export function acText(micro: number): string {
  const whole = Math.floor(micro / MICRO_PER_AC);
  const fraction = String(micro % MICRO_PER_AC)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "14:32 UTC". */
function clockText(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

/** The refusal of a spend that would take the day's spending over the limit; null when it fits. */
export function dailyLimitRefusal(limitMicro: number | null, spentMicro: number, amountMicro: number) {
  if (limitMicro === null || spentMicro + amountMicro <= limitMicro) return null;
  const left = Math.max(0, limitMicro - spentMicro);
  return new RuleViolation(
    left === 0
      ? `You have reached your daily spending limit of ${acText(limitMicro)} AC. It starts again at midnight UTC.`
      : `This would go over your daily spending limit of ${acText(limitMicro)} AC: ${acText(left)} AC left today.`,
    SpendingCodes.dailyLimit,
  );
}

/** Tips and transfers are sent; purchases are spent. */
export type SpendVerb = 'send' | 'spend';

/** The pause: the member's answer is asked for before the spend goes ahead. */
export function pauseRefusal(amountMicro: number, verb: SpendVerb): Conflict {
  return new Conflict(
    `Take a breath — still want to ${verb} ${acText(amountMicro)} AC?`,
    SpendingCodes.pause,
  );
}

export function coolingOffRefusal(until: Date, thresholdMicro: number, now: Date): Conflict {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new Conflict(
    `You chose to wait: spending over ${acText(thresholdMicro)} AC is paused until ${clockText(until)} ` +
      `(${minutes} more minute${minutes === 1 ? '' : 's'}).`,
    SpendingCodes.coolingOff,
  );
}

/** What a spend above nothing, or at most the threshold, never meets. */
export function abovePauseThreshold(state: SpendingState, amountMicro: number): boolean {
  return state.pauseThresholdMicro !== null && amountMicro > state.pauseThresholdMicro;
}

/**
 * The pause's answer for a spend (settings in effect): a spend above the threshold is refused while
 * the member cools off (even confirmed), and asks for the member's yes after two low check-ins.
 */
export function pauseDecision(
  state: SpendingState,
  amountMicro: number,
  now: Date,
  facts: { lowMood: boolean; confirmPause: boolean },
): 'go' | 'cooling_off' | 'pause' {
  if (!abovePauseThreshold(state, amountMicro)) return 'go';
  if (state.coolingOffUntil && state.coolingOffUntil.getTime() > now.getTime()) return 'cooling_off';
  if (facts.lowMood && !facts.confirmPause) return 'pause';
  return 'go';
}
