import { InvalidInput, RuleViolation } from '@aura/platform';
import { MAX_AMOUNT_MICRO, MICRO_PER_AC } from '../money/micro';
import { charCount } from '../payments/send-rules';
import { dollars } from '../settings/settings-rules';

// The texts members and admins see (spec 001 §5, §9 and PRODUCT-DECISIONS.md "Money": withdrawals).
export const WithdrawalMessages = {
  validAmount: 'Please enter a valid amount',
  minimum: 'Minimum withdrawal amount is $10',
  email: 'Please enter a valid PayPal email',
  // Spec 001 §2 and §9: "one pending request at a time".
  onePending: 'You already have a pending withdrawal request. Only one pending request at a time.',
  insufficient: 'Insufficient balance',
  // docs/money-rules.md: only earned AuraCoins can be cashed out.
  notWithdrawable:
    'Only AuraCoins you earned can be withdrawn: AuraCoins bought with a card or credited by an admin can be spent, not withdrawn',
  // docs/money-rules.md: nobody decides their own request.
  ownRequest: 'You cannot process your own withdrawal request',
  notFound: 'Withdrawal request not found',
  // Spec 001 §4: only a pending request can be approved or rejected.
  notPending: 'This withdrawal request has already been processed',
  action: 'action must be approve or reject',
  status: 'status must be pending, approved or rejected',
  notesTooLong: 'Admin notes must be at most 500 characters',
} as const;

/** $10 in micro-USD (spec 001 §9). */
export const MIN_WITHDRAWAL_MICRO_USD = 10 * MICRO_PER_AC;
/** Whole cents: 1 cent in micro-USD. */
const CENT_MICRO_USD = 10_000;
const EMAIL_MAX_CHARS = 254;
export const ADMIN_NOTES_MAX_CHARS = 500;

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['pending', 'approved', 'rejected'];
export type WithdrawalAction = 'approve' | 'reject';

export interface WithdrawalInput {
  amountUsdMicro: number;
  paypalEmail: string;
}

/**
 * The rules of a withdrawal request that need no data, in the spec's order: an amount (whole cents),
 * at least the minimum ($10 unless a super admin set another), a PayPal e-mail (non-empty, with an "@" between a name and a domain, no spaces).
 * Throws the error the member sees; answers the trimmed e-mail.
 */
export function checkWithdrawal(input: WithdrawalInput, minimumUsdMicro = MIN_WITHDRAWAL_MICRO_USD): string {
  const amount = input.amountUsdMicro;
  if (
    !Number.isSafeInteger(amount) ||
    amount <= 0 ||
    amount > MAX_AMOUNT_MICRO ||
    amount % CENT_MICRO_USD !== 0
  )
    throw new RuleViolation(WithdrawalMessages.validAmount);
  if (amount < minimumUsdMicro)
    throw new RuleViolation(
      minimumUsdMicro === MIN_WITHDRAWAL_MICRO_USD
        ? WithdrawalMessages.minimum
        : `Minimum withdrawal amount is ${dollars(minimumUsdMicro)}`,
    );
  const email = (input.paypalEmail ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || charCount(email) > EMAIL_MAX_CHARS)
    throw new RuleViolation(WithdrawalMessages.email);
  return email;
}

/** An admin's decision: approve or reject, notes of at most 500 characters. Answers the trimmed notes. */
export function checkDecision(action: string, notes: string): { action: WithdrawalAction; notes: string } {
  if (action !== 'approve' && action !== 'reject') throw new InvalidInput(WithdrawalMessages.action);
  const trimmed = (notes ?? '').trim();
  if (charCount(trimmed) > ADMIN_NOTES_MAX_CHARS) throw new RuleViolation(WithdrawalMessages.notesTooLong);
  return { action, notes: trimmed };
}

/** A list filter: "" (every status) or one status. */
export function checkStatusFilter(status: string): WithdrawalStatus | undefined {
  if (!status) return undefined;
  if (!(WITHDRAWAL_STATUSES as readonly string[]).includes(status))
    throw new InvalidInput(WithdrawalMessages.status);
  return status as WithdrawalStatus;
}

/**
 * The AC that pays `usdMicro` at `priceMicroUsd` (micro-USD per AC), in micro-AC, rounded up: what is
 * held always covers the dollars paid out. Integers only.
 */
export function acForUsd(usdMicro: number, priceMicroUsd: number): number {
  if (!Number.isSafeInteger(priceMicroUsd) || priceMicroUsd <= 0)
    throw new Error(`invalid price ${priceMicroUsd}`);
  const numerator = BigInt(usdMicro) * BigInt(MICRO_PER_AC);
  const price = BigInt(priceMicroUsd);
  return Number((numerator + price - 1n) / price);
}

/** "$25.00": USD for a sentence, whole cents. */
export function usdText(usdMicro: number): string {
  const cents = Math.round(usdMicro / CENT_MICRO_USD);
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
