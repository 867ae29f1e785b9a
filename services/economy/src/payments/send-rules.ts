import { InvalidInput, RuleViolation } from '@aura/platform';
import { MAX_AMOUNT_MICRO, MIN_SEND_MICRO } from '../money/micro';
import { IDEMPOTENCY_KEY_MAX, Messages, MESSAGE_MAX_CHARS, REASON_MAX_CHARS } from './messages';

export interface SendInput {
  recipientId: string;
  amountMicro: number;
  currency: string;
  message: string;
  /** The member said yes to the spending pause (docs/spending.md). */
  confirmPause?: boolean;
}

/** Characters as members count them (code points, so an emoji is one). */
export const charCount = (text: string) => [...text].length;

/**
 * The rules of Send Energy and Send AuraCoins that need no data (spec 001 §5, PRODUCT-DECISIONS.md):
 * a recipient, an amount above 0 and at least 0.001 AC, AC only, a message of at most 200 characters,
 * never to yourself. Throws the error the member sees.
 */
export function checkSend(senderId: string, input: SendInput): void {
  if (!input.recipientId?.trim()) throw new RuleViolation(Messages.selectRecipient);
  checkAmount(input.amountMicro);
  const currency = (input.currency ?? '').trim().toUpperCase();
  if (currency === 'USD') throw new RuleViolation(Messages.usdComingSoon);
  if (currency !== '' && currency !== 'AC') throw new InvalidInput(Messages.currency);
  if (charCount(input.message ?? '') > MESSAGE_MAX_CHARS) throw new RuleViolation(Messages.messageTooLong);
  if (input.recipientId === senderId) throw new RuleViolation(Messages.yourself);
}

export function checkAmount(amountMicro: number): void {
  if (!Number.isSafeInteger(amountMicro) || amountMicro <= 0 || amountMicro > MAX_AMOUNT_MICRO)
    throw new RuleViolation(Messages.validAmount);
  if (amountMicro < MIN_SEND_MICRO) throw new RuleViolation(Messages.minimumAmount);
}

/** An adjustment: a member, a non-zero amount (either sign), a reason. */
export function checkAdjust(input: { userId: string; amountMicro: number; reason: string }): void {
  if (!input.userId?.trim()) throw new RuleViolation(Messages.selectRecipient);
  const amount = input.amountMicro;
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_AMOUNT_MICRO)
    throw new RuleViolation(Messages.validAmount);
  const reason = (input.reason ?? '').trim();
  if (!reason) throw new RuleViolation(Messages.reasonRequired);
  if (charCount(reason) > REASON_MAX_CHARS) throw new RuleViolation(Messages.reasonTooLong);
}

export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && key.length > IDEMPOTENCY_KEY_MAX) throw new InvalidInput(Messages.keyTooLong);
}
