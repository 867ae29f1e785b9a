// Spending that cares (issue 23 item 7, docs/spending.md): the texts and rules of the wallet's section
// and of the pause the server asks for. The server enforces every rule; this only explains them.
// Pure module (no DOM, no Vite): unit-tested under node.
import { ApiError } from '../../api/errors';
import { MICRO_PER_AC } from '../../api/money';
import { parseAcMicro } from './wallet';

/** The codes of the server's refusals (the error's `code`). */
export const SpendingCodes = {
  pause: 'pause_required',
  coolingOff: 'cooling_off',
  dailyLimit: 'daily_limit_reached',
} as const;

/** The largest value of a setting (the server's bound). */
const MAX_SETTING_MICRO = 1_000_000 * MICRO_PER_AC;

export const SpendingTexts = {
  title: 'Spending that cares',
  intro:
    'A daily limit on tips, transfers and purchases, and a pause before a bigger spend when your last two check-ins were low.',
  dailyLimit: 'Daily limit (AC)',
  dailyLimitHint: 'Empty: no limit. Counted from midnight UTC.',
  pauseThreshold: 'Pause above (AC)',
  pauseThresholdHint:
    'Empty: never pause. Applies after two low check-ins (sad or anxious, or energy 3 or less).',
  noLimit: 'No limit',
  noPause: 'No pause',
  save: 'Save',
  saved: 'Spending settings saved',
  savedLater: 'Saved. A higher limit or a removal takes effect after 24 hours.',
  saveFailed: "Couldn't save your spending settings. Please try again.",
  loadFailed: 'Spending settings could not be loaded.',
  invalid: 'Enter an amount of AC from 0 to 1,000,000 with at most 3 decimals, or leave it empty',
  keep: 'Keep current',
  pauseTitle: 'Take a breath',
  pauseWhy:
    "Your last two check-ins were low. There's no rush: go ahead, or wait 10 minutes and decide then.",
  wait: 'Wait 10 minutes',
  waitFailed: "Couldn't start the wait. Please try again.",
} as const;

/** The values a spending settings answer carries (GET/PUT /api/wallet/spending-settings). */
export interface SpendingSettings {
  daily_limit: number | null;
  pause_threshold: number | null;
  pending_daily_limit: { value: number | null; effective_at: string } | null;
  pending_pause_threshold: { value: number | null; effective_at: string } | null;
  spent_today: number;
  left_today: number | null;
  day_resets_at: string;
  cooling_off_until: string | null;
  low_mood: boolean;
}

/** The server asked for the pause: "Take a breath — still want to send 25 AC?". */
export function isPauseRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === SpendingCodes.pause;
}

/** A setting as typed: '' is none (null), else an amount of AC; undefined when it is not one. */
export function settingOf(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const micro = parseAcMicro(value);
  if (micro === null || micro > MAX_SETTING_MICRO) return undefined;
  return value;
}

/** A setting as the form shows it: '' for none. */
export const settingText = (value: number | null) => (value === null ? '' : String(value));

/** "50 AC", or the words for none. */
export const settingLabel = (value: number | null, none: string) => (value === null ? none : `${value} AC`);

/**
 * What the form asks the server to change: only the fields the member changed (saving an untouched
 * field would cancel a raise still waiting for its 24 hours). Undefined when a field is not an amount.
 */
export function spendingChangeOf(
  form: { dailyLimit: string; pauseThreshold: string },
  current: Pick<SpendingSettings, 'daily_limit' | 'pause_threshold'>,
): { daily_limit?: string | null; pause_threshold?: string | null } | undefined {
  const limit = settingOf(form.dailyLimit);
  const pause = settingOf(form.pauseThreshold);
  if (limit === undefined || pause === undefined) return undefined;
  const change: { daily_limit?: string | null; pause_threshold?: string | null } = {};
  if (!sameSetting(limit, current.daily_limit)) change.daily_limit = limit;
  if (!sameSetting(pause, current.pause_threshold)) change.pause_threshold = pause;
  return change;
}

function sameSetting(typed: string | null, value: number | null): boolean {
  if (typed === null || value === null) return typed === null && value === null;
  return parseAcMicro(typed) === parseAcMicro(String(value));
}

/** True when the answer left something waiting for its 24 hours. */
export const hasPending = (settings: SpendingSettings) =>
  settings.pending_daily_limit !== null || settings.pending_pause_threshold !== null;

/** "Rises to 80 AC on …" or "Removed on …" (a lower value is never pending). */
export function pendingText(
  pending: { value: number | null; effective_at: string },
  formatTime: (iso: string) => string,
): string {
  const when = formatTime(pending.effective_at);
  return pending.value === null ? `Removed on ${when}` : `Rises to ${pending.value} AC on ${when}`;
}

/** The day so far: "12.5 AC spent today of 50 AC · 37.5 AC left", or without a limit. */
export function spentTodayText(settings: SpendingSettings): string {
  const spent = `${settings.spent_today} AC spent today`;
  if (settings.daily_limit === null || settings.left_today === null) return spent;
  return `${spent} of ${settings.daily_limit} AC · ${settings.left_today} AC left`;
}

/** When the member's last two check-ins were low and a pause amount is set, say what that means. */
export function lowMoodText(settings: SpendingSettings): string | null {
  if (!settings.low_mood || settings.pause_threshold === null) return null;
  return `Your last two check-ins were low: spends over ${settings.pause_threshold} AC will ask you to take a breath first.`;
}

export function coolingOffText(
  settings: SpendingSettings,
  formatClock: (iso: string) => string,
): string | null {
  if (!settings.cooling_off_until || settings.pause_threshold === null) return null;
  return `You chose to wait: spends over ${settings.pause_threshold} AC are paused until ${formatClock(settings.cooling_off_until)}.`;
}
