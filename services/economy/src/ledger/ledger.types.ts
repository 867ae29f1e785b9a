/**
 * What a transfer is for. Each kind decides the transaction type a member sees and which events are
 * published. Later sessions add topup (card_topups → member), purchase (member → marketplace or
 * genie_shop), genie_earning.
 */
export type TransferKind =
  // Genies (genie-payments/): bottles bought (member → genie_shop), keyed gp:<user>:<key>, and claimed
  // earnings (genie_earnings → member), keyed ge:<user>:<claim window>.
  | 'genie_purchase'
  | 'genie_earning'
  | 'tip'
  | 'transfer'
  | 'reward'
  | 'adjustment'
  // A withdrawal request: member → withdrawals_held, then withdrawals_held → paid_out (approved) or
  // back to the member (rejected). Keyed by the withdrawal id (withdrawals/withdrawals.service.ts).
  | 'withdrawal_hold'
  | 'withdrawal_payout'
  | 'withdrawal_release'
  // A paid card top-up: card_topups → member, keyed topup:<checkout session id> (topups/).
  | 'topup'
  // A refunded or disputed top-up taken back: member → card_topups (may leave a debt), and a dispute
  // the member won given back: card_topups → member (topups/, docs/money-rules.md).
  | 'topup_reversal'
  | 'topup_restore'
  // A marketplace item bought: member → marketplace, keyed mkt:<user>:<item>:<attempt> (marketplace/).
  | 'marketplace_purchase';

export type Side = 'debit' | 'credit';

/** What a caller asks the ledger to move. */
export interface TransferRequest {
  /** The idempotency key: the transfer's _id. The same key never moves money twice. */
  key: string;
  kind: TransferKind;
  from: string;
  to: string;
  /** micro-AC, > 0. */
  amount: number;
  /** The sender's message, or an adjustment's reason. */
  memo?: string;
  /**
   * Facts for descriptions and events, not part of the idempotency fingerprint:
   * from_name / to_name (usernames), reason (reward), source (what was rewarded), actor_id (admin),
   * super_aura ("1" when the ×1.5 applied); withdrawals: withdrawal_id, user_id, amount_usd_micro,
   * admin_notes, payout_reference; top-ups: session_id, package_id, usd_cents, user_id.
   */
  meta?: Record<string, string>;
}

/** transfers/{_id: key}: the idempotency record and the facts of a transfer, written once. */
export interface TransferDoc {
  _id: string;
  /** Public id (a UUID derived from the key): shown to members, carried by events. */
  id: string;
  kind: TransferKind;
  from: string;
  to: string;
  amount: number;
  memo: string;
  meta: Record<string, string>;
  /** sha256 of kind, from, to, amount and memo: a reused key with other facts is refused. */
  fingerprint: string;
  /** Rejected: the source's balance was short; nothing moved, and the key answers that again. */
  status: 'completed' | 'rejected';
  /** Why it was rejected: the balance was short, or (a withdrawal) the withdrawable part was. */
  rejection?: 'insufficient' | 'not_withdrawable';
  /** What each leg did (absent on a rejection): its entry and, on a member account, the balance after. */
  legs: { debit?: LegResult; credit?: LegResult };
  created_at: Date;
}

/**
 * accounts/{account}: a member wallet's balance, total earned and the number of its last entry. Only
 * member accounts have one (system accounts have no balance rule; theirs is the sum of their entries).
 * A debit is one conditional `$inc` (`balance >= amount`) inside the transfer's transaction, so a
 * balance can never go below zero, whatever runs concurrently.
 */
export interface AccountDoc {
  _id: string;
  /** Below zero only while a refunded or disputed top-up is owed (a debt: nothing can be spent). */
  balance: number;
  earned: number;
  /** The part of the balance the member may withdraw: what they earned (ledger/withdrawable.ts). */
  withdrawable: number;
  /** The seq of the account's last entry: each leg on the account takes the next one. */
  seq: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * entries: the legs of completed transfers, written with the transfer in one transaction. A leg on a
 * member account is entry `seq` of that account (_id "<account>:<seq, 10 digits>"), with the balance
 * and total earned after it; a leg on a system account is one document (_id "sys:<key>:<side>").
 * `leg` ("<key>:<side>") is unique: a transfer is debited at most once and credited at most once.
 */
export interface EntryDoc {
  _id: string;
  account: string;
  seq?: number;
  leg: string;
  transfer_key: string;
  transfer_id: string;
  kind: TransferKind;
  side: Side;
  /** Signed micro-AC: what this leg did to the account. */
  delta: number;
  balance_after?: number;
  /** Cumulative earnings (rewards, tips received) after this entry: the wallet's total_earned. */
  earned_after?: number;
  /** The withdrawable part of the balance after this entry. */
  withdrawable_after?: number;
  /** The account on the other side, and its member's username when it is a member. */
  counterparty: string;
  counterparty_name: string;
  memo: string;
  reason: string;
  created_at: Date;
}

export interface LegResult {
  entryId: string;
  /** Member legs: the account's balance right after. */
  balanceAfter?: number;
  /** The debit's withdrawable part (passed on to the recipient of a tip or transfer). */
  withdrawableMoved?: number;
}

export interface TransferResult {
  status: 'completed' | 'rejected';
  rejection?: 'insufficient' | 'not_withdrawable';
  transfer: TransferDoc;
  debit?: LegResult;
  credit?: LegResult;
  /** True when an earlier call with the same key made (or refused) the transfer. */
  replayed: boolean;
}

/** A member account's balance, total earned and withdrawable part, in micro-AC. */
export interface Balance {
  balance: number;
  earned: number;
  withdrawable: number;
}

/** Credits that count as earnings in the wallet's total_earned. */
export function isEarning(kind: TransferKind, side: Side): boolean {
  return side === 'credit' && (kind === 'reward' || kind === 'tip' || kind === 'genie_earning');
}

export class IdempotencyConflict extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different transfer`);
  }
}
