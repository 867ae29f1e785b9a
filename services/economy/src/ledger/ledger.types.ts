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

/** transfers/{_id: key}: the idempotency record and the immutable facts of a transfer. */
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
  created_at: Date;
}

/**
 * entries: the legs of transfers. A leg on a member account is a link of that account's chain
 * (_id "<account>:<seq>", seq 1, 2, 3...: the unique _id lets only one writer take each seq) carrying
 * the balance after it; a leg on a system account is a single document (_id "sys:<key>:<side>").
 * `leg` ("<key>:<side>") is unique too: a transfer is debited at most once and credited at most once.
 * A rejected debit (short balance) is a chain link with delta 0 and rejected: true — it holds the
 * transfer's debit slot, so the transfer can never be debited later.
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
  /** Cumulative earnings (rewards, tips received) after this link: the wallet's total_earned. */
  earned_after?: number;
  rejected?: boolean;
  /** The account on the other side, and its member's username when it is a member. */
  counterparty: string;
  counterparty_name: string;
  memo: string;
  reason: string;
  created_at: Date;
}

export interface LegResult {
  entryId: string;
  rejected: boolean;
  /** Member legs: the account's balance right after. */
  balanceAfter?: number;
}

export interface TransferResult {
  status: 'completed' | 'rejected';
  transfer: TransferDoc;
  debit: LegResult;
  credit?: LegResult;
  /** True when the transfer had been made (or started) by an earlier call with the same key. */
  replayed: boolean;
}

/** The head of a member account's chain: its last seq, balance and total earned. */
export interface Head {
  seq: number;
  balance: number;
  earned: number;
}

export const EMPTY_HEAD: Head = { seq: 0, balance: 0, earned: 0 };

/** Credits that count as earnings in the wallet's total_earned. */
export function isEarning(kind: TransferKind, side: Side): boolean {
  return side === 'credit' && (kind === 'reward' || kind === 'tip' || kind === 'genie_earning');
}

export class IdempotencyConflict extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different transfer`);
  }
}

/** Another call with the same key is still moving the money: answer "retry shortly". */
export class TransferInProgress extends Error {
  constructor(readonly key: string) {
    super(`transfer ${key} is in progress`);
  }
}
