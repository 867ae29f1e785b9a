import type { TransferKind } from './ledger.types';

// Which AuraCoins a member may withdraw (docs/money-rules.md): only what they earned. A member account
// keeps, besides its balance, how much of it is withdrawable (0 ≤ withdrawable ≤ max(0, balance)); the
// rest is AC bought with a card or credited by an admin, which can be spent but never cashed out (a
// pack's bonus would otherwise be a profit per cycle, and an admin could mint and cash out).

/** The two numbers of a member account the rules below move. */
export interface Buckets {
  balance: number;
  withdrawable: number;
}

/** A debit that may take a balance below zero: the reversal of a refunded or disputed top-up (a debt). */
const MAY_GO_NEGATIVE: ReadonlySet<TransferKind> = new Set(['topup_reversal']);
/** Debits that take only withdrawable AC. */
const WITHDRAWAL: ReadonlySet<TransferKind> = new Set(['withdrawal_hold']);
/** Credits that are earnings (or earnings coming back): withdrawable. */
const EARNED: ReadonlySet<TransferKind> = new Set(['reward', 'genie_earning', 'withdrawal_release']);
/** Credits between members: withdrawable as far as the sender's AC were. */
const PASSED_ON: ReadonlySet<TransferKind> = new Set(['tip', 'transfer']);

export type DebitRefusal = 'insufficient' | 'not_withdrawable';

export interface Debited extends Buckets {
  /** The part of the amount that was withdrawable (a recipient of a tip gets it as withdrawable). */
  withdrawableMoved: number;
}

/**
 * A member account after a debit of `amount`, or why it is refused. A spend takes bought AC first, so
 * that earnings stay withdrawable; a withdrawal takes withdrawable AC only.
 */
export function afterDebit(kind: TransferKind, account: Buckets, amount: number): Debited | DebitRefusal {
  const balance = account.balance - amount;
  if (MAY_GO_NEGATIVE.has(kind)) {
    const withdrawable = Math.min(account.withdrawable, Math.max(0, balance));
    return { balance, withdrawable, withdrawableMoved: account.withdrawable - withdrawable };
  }
  if (account.balance < amount) return 'insufficient';
  if (WITHDRAWAL.has(kind)) {
    if (account.withdrawable < amount) return 'not_withdrawable';
    return { balance, withdrawable: account.withdrawable - amount, withdrawableMoved: amount };
  }
  const withdrawable = Math.min(account.withdrawable, balance);
  return { balance, withdrawable, withdrawableMoved: account.withdrawable - withdrawable };
}

/** A member account after a credit of `amount` (`withdrawableMoved`: what the sender's debit moved). */
export function afterCredit(
  kind: TransferKind,
  account: Buckets,
  amount: number,
  withdrawableMoved: number,
): Buckets {
  const balance = account.balance + amount;
  const added = EARNED.has(kind) ? amount : PASSED_ON.has(kind) ? withdrawableMoved : 0;
  // A debt is paid back first: nothing is withdrawable while the balance is below zero.
  return { balance, withdrawable: Math.min(account.withdrawable + added, Math.max(0, balance)) };
}

/** True when the invariant of a member account holds. */
export function bucketsValid(account: Buckets): boolean {
  return account.withdrawable >= 0 && account.withdrawable <= Math.max(0, account.balance);
}
