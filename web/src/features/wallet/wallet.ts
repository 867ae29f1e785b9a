// The wallet's rules and texts (spec 000 §2, §5, §8, §9; spec 001 §2, §5, §8, §9; PRODUCT-DECISIONS.md
// "Money"). Amounts are compared in integer micro-AC (1 AC = 1,000,000), never as floats.
// Pure module (no DOM, no Vite): unit-tested under node.
import { MICRO_PER_AC } from '../../api/money';
import { truncateDecimals } from '../../ui/format';

/** Spec 001 §5, §9: step and minimum 0.001 AC; AC shown with 3 decimals. */
export const AC_STEP = '0.001';
export const AC_DECIMALS = 3;
/** Spec 000 §9, 001 §9: tip and transfer messages up to 200 characters. */
export const MESSAGE_MAX = 200;
/** Spec 001 §9: minimum withdrawal 10 USD. */
export const WITHDRAW_MIN_USD = 10;
/** One page of the history (GET /api/wallet/transactions?limit=, at most 100). */
export const TRANSACTIONS_PAGE = 20;

/** Messages of the specs, letter for letter (001 §5, §8; 000 §8), and the server's documented ones. */
export const WalletTexts = {
  selectRecipient: 'Please select a recipient',
  validAmount: 'Please enter a valid amount',
  insufficient: 'Insufficient balance',
  minimumAmount: 'The minimum amount is 0.001 AC',
  messageTooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  minimumWithdrawal: 'Minimum withdrawal amount is $10',
  validPaypal: 'Please enter a valid PayPal email',
  /** The gateway's: a withdrawal re-asks for the password (docs/security.md). */
  passwordRequired: 'Please enter your password to confirm the withdrawal',
  tipFailed: 'Failed to send tip',
  transferFailed: 'Failed to transfer AuraCoins',
  withdrawalFailed: 'Failed to submit withdrawal request',
  insufficientTitle: 'Insufficient Balance',
  onePending: 'One pending request at a time.',
  comingSoon: 'Coming Soon',
} as const;

/**
 * A decimal text as integer units of 10^-decimals ("1.5" with 6 decimals is 1500000); null when it is
 * not a plain non-negative decimal or has more decimals than allowed.
 */
export function parseDecimal(text: string, decimals: number): number | null {
  const value = text.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || value === '' || value === '.') return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const units = Number(whole || '0') * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(units) ? units : null;
}

/** An AC amount typed by the member, in micro-AC (at most 3 decimals: step 0.001). */
export function parseAcMicro(text: string): number | null {
  const thousandths = parseDecimal(text, AC_DECIMALS);
  return thousandths === null ? null : thousandths * (MICRO_PER_AC / 10 ** AC_DECIMALS);
}

/** The balance in micro-AC: the exact figure when the server gives it, else the 3-decimal one. */
export function balanceMicro(wallet: { aura_coin_balance: number; aura_coin_balance_micro?: number }) {
  if (Number.isSafeInteger(wallet.aura_coin_balance_micro)) return wallet.aura_coin_balance_micro!;
  return parseAcMicro(truncateDecimals(wallet.aura_coin_balance, AC_DECIMALS)) ?? 0;
}

/** The amount field: a number above 0, at least 0.001, at most 3 decimals. */
function amountError(amount: string): { error: string } | { micro: number } {
  if (amount.trim() === '') return { error: WalletTexts.validAmount };
  const micro = parseAcMicro(amount);
  if (micro === null) {
    // More than 3 decimals of a positive number is below the step; anything else is not an amount.
    const value = Number(amount);
    return {
      error:
        Number.isFinite(value) && value > 0 && value < 0.001
          ? WalletTexts.minimumAmount
          : WalletTexts.validAmount,
    };
  }
  if (micro <= 0) return { error: WalletTexts.validAmount };
  return { micro };
}

export interface TransferForm {
  recipientId: string | null;
  amount: string;
  message: string;
}

/** Spec 001 §5 "Send AC", in the spec's order; null when the transfer may be sent. */
export function transferError(form: TransferForm, balance: number): string | null {
  if (!form.recipientId) return WalletTexts.selectRecipient;
  const amount = amountError(form.amount);
  if ('error' in amount) return amount.error;
  if (amount.micro > balance) return WalletTexts.insufficient;
  if (form.message.length > MESSAGE_MAX) return WalletTexts.messageTooLong;
  return null;
}

export interface TipForm {
  amount: string;
  message: string;
}

/** Spec 000 §5 "Tip": sending is blocked when the amount is empty or not above 0. */
export const canSendTip = (amount: string) => {
  const value = Number(amount);
  return amount.trim() !== '' && Number.isFinite(value) && value > 0;
};

/** Spec 000 §5 "Tip": numeric, step and minimum 0.001, message at most 200; null when it may be sent. */
export function tipError(form: TipForm): string | null {
  const amount = amountError(form.amount);
  if ('error' in amount) return amount.error;
  if (form.message.length > MESSAGE_MAX) return WalletTexts.messageTooLong;
  return null;
}

export interface WithdrawalForm {
  amount: string;
  paypalEmail: string;
  /** The member's password, asked again for every withdrawal. */
  password: string;
}

/** The USD amount in cents (whole cents only); null when it is not one. */
export const parseUsdCents = (text: string) => parseDecimal(text, 2);

/** Spec 001 §5 "Withdrawal", in the spec's order; `usdBalance` is the wallet's usd_equivalent. */
export function withdrawalError(form: WithdrawalForm, usdBalance: number): string | null {
  const cents = parseUsdCents(form.amount);
  if (cents === null)
    return form.amount.trim() === '' ? WalletTexts.minimumWithdrawal : WalletTexts.validAmount;
  if (cents < WITHDRAW_MIN_USD * 100) return WalletTexts.minimumWithdrawal;
  if (cents > Math.floor(usdBalance * 100 + 1e-6)) return WalletTexts.insufficient;
  const email = form.paypalEmail.trim();
  if (email === '' || !email.includes('@')) return WalletTexts.validPaypal;
  if (form.password === '') return WalletTexts.passwordRequired;
  return null;
}

/** Spec 001 §2: the withdraw form shows only when the balance is worth $10 or more. */
export const canWithdraw = (usdBalance: number | undefined) =>
  usdBalance !== undefined && usdBalance >= WITHDRAW_MIN_USD;

/** "+1.500 AC" / "-0.250 AC": a signed history amount, 3 decimals. */
export function formatSignedAC(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '-' : '';
  return `${sign}${truncateDecimals(Math.abs(amount), AC_DECIMALS)} AC`;
}

/** Spec 000 §8: "Success names the amount, currency and recipient username". */
export function tipSuccessMessage(sent: {
  amount: number;
  currency: string;
  recipient: { username: string };
}) {
  return `Sent ${truncateDecimals(sent.amount, AC_DECIMALS)} ${sent.currency} to @${sent.recipient.username}`;
}

/** A fresh Idempotency-Key: one per attempt of a form submission. */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return random();
}
