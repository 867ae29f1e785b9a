import { isMemberAccount, memberIdOf } from '../ledger/accounts';
import type { EntryDoc } from '../ledger/ledger.types';

export type TransactionType = 'earning' | 'spending' | 'transfer' | 'other';

const REWARD_TEXT: Record<string, string> = {
  post_created: 'Reward for sharing a post',
  like_received: 'Reward: someone liked your post',
  comment_received: 'Reward: someone commented on your post',
  comment_written: 'Reward for commenting on a post',
  check_in: 'Reward for your daily check-in',
  reflection: 'Reward for your daily reflection',
};

const at = (name: string) => (name ? `@${name}` : 'a member');

/** The transaction type a member sees for one side of a transfer. */
export function transactionType(entry: Pick<EntryDoc, 'kind' | 'side'>): TransactionType {
  switch (entry.kind) {
    case 'genie_purchase':
      return 'spending';
    case 'genie_earning':
    case 'reward':
      return 'earning';
    case 'tip':
      return entry.side === 'credit' ? 'earning' : 'transfer';
    case 'transfer':
      return 'transfer';
    case 'marketplace_purchase':
      return 'spending';
    default:
      return 'other';
  }
}

/** Where a withdrawal request stands, for the description of its hold. */
export type WithdrawalState = 'pending' | 'approved' | 'rejected';

/**
 * One sentence a member understands, from their side of the transfer. A withdrawal's hold reads as
 * requested, paid out or rejected as the request stands (`withdrawal`); its memo is "$25.00 to PayPal
 * (email)", a release's memo the admin's notes.
 */
export function describe(
  entry: Pick<EntryDoc, 'kind' | 'side' | 'reason' | 'counterparty_name' | 'memo'>,
  withdrawal?: WithdrawalState,
): string {
  const name = at(entry.counterparty_name);
  switch (entry.kind) {
    case 'reward':
      return REWARD_TEXT[entry.reason] ?? 'Reward';
    case 'tip':
      return entry.side === 'debit' ? `Energy sent to ${name}` : `Energy received from ${name}`;
    case 'transfer':
      return entry.side === 'debit' ? `AuraCoins sent to ${name}` : `AuraCoins received from ${name}`;
    case 'genie_purchase':
      return `Genie bottles bought${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'genie_earning':
      return `Genie earnings claimed${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'adjustment':
      return entry.side === 'credit'
        ? `Credit from the Aura team: ${entry.memo}`
        : `Correction by the Aura team: ${entry.memo}`;
    case 'withdrawal_hold': {
      const what = entry.memo ? `: ${entry.memo}` : '';
      if (withdrawal === 'approved') return `Withdrawal paid out${what}`;
      if (withdrawal === 'rejected') return `Withdrawal rejected${what}`;
      return `Withdrawal requested${what} (AuraCoins held until it is processed)`;
    }
    case 'withdrawal_release':
      return `Withdrawal rejected: AuraCoins returned to your wallet${entry.memo ? ` (${entry.memo})` : ''}`;
    case 'topup':
      return `AuraCoins bought with a card${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'marketplace_purchase':
      return `Marketplace purchase${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'topup_reversal':
      return `Card payment reversed${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'topup_restore':
      return `Card payment restored${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'withdrawal_payout':
      return `Withdrawal paid out${entry.memo ? `: ${entry.memo}` : ''}`;
    default:
      return entry.side === 'credit' ? 'AuraCoins received' : 'AuraCoins spent';
  }
}

/** The other member of a transfer, when the other side is a member. */
export function counterpartyId(entry: Pick<EntryDoc, 'counterparty'>): string {
  return isMemberAccount(entry.counterparty) ? memberIdOf(entry.counterparty) : '';
}
