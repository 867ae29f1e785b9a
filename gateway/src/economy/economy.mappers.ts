import type { economy } from '@aura/proto';
import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';
import { microToAc, microToText, parseAcToMicro } from '../common/amounts';
import type {
  AdjustResponse,
  LedgerReportResponse,
  SentResponse,
  TransactionResponse,
  WalletResponse,
} from './economy.dto';

export const VALID_AMOUNT = 'Please enter a valid amount';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The body's amount as micro-AC. A wrong JSON type is malformed (422); a missing or unreadable
 * amount becomes 0, so that economy answers it with the spec's rule and message, in the spec's
 * order (recipient first, then "Please enter a valid amount").
 */
export function amountMicroOf(value: unknown): number {
  const parsed = parseAcToMicro(value);
  if (parsed.ok) return parsed.micro;
  if (parsed.reason === 'type') throw new UnprocessableEntityException({ detail: 'amount must be a number' });
  return 0;
}

/** An adjustment's amount: required (400 with the spec's message when absent or unreadable). */
export function signedAmountMicroOf(value: unknown): number {
  const micro = amountMicroOf(value);
  if (micro === 0) throw new BadRequestException({ detail: VALID_AMOUNT });
  return micro;
}

export function toWallet(wallet: economy.Wallet): WalletResponse {
  return {
    aura_coin_balance: microToAc(wallet.balanceMicro),
    usd_equivalent: microToAc(wallet.usdEquivalentMicro),
    total_earned: microToAc(wallet.totalEarnedMicro),
    aura_coin_balance_micro: wallet.balanceMicro,
    coin_price_usd: microToAc(wallet.coinPriceMicroUsd, 6),
    withdrawable: microToAc(wallet.withdrawableMicro),
  };
}

export function toTransaction(t: economy.Transaction): TransactionResponse {
  return {
    id: t.id,
    description: t.description,
    transaction_type: t.transactionType as TransactionResponse['transaction_type'],
    amount: microToAc(t.amountMicro),
    amount_micro: t.amountMicro,
    created_at: t.createdAt,
    counterparty: t.counterpartyId ? { id: t.counterpartyId, username: t.counterpartyUsername } : null,
    memo: t.memo,
    balance_after: microToAc(t.balanceAfterMicro),
  };
}

export function toSent(receipt: economy.TransferReceipt): SentResponse {
  const who = receipt.recipientUsername ? `@${receipt.recipientUsername}` : 'the member';
  return {
    message: `Sent ${microToText(receipt.amountMicro)} AC to ${who}`,
    transfer_id: receipt.transferId,
    amount: Number(microToText(receipt.amountMicro)),
    amount_micro: receipt.amountMicro,
    currency: 'AC',
    recipient: { id: receipt.recipientId, username: receipt.recipientUsername },
    balance: microToAc(receipt.balanceAfterMicro),
    created_at: receipt.createdAt,
  };
}

export function toAdjusted(receipt: economy.TransferReceipt, signedMicro: number): AdjustResponse {
  const amount = microToText(receipt.amountMicro);
  const who = `@${receipt.recipientUsername}`;
  return {
    message: signedMicro > 0 ? `Credited ${amount} AC to ${who}` : `Debited ${amount} AC from ${who}`,
    transfer_id: receipt.transferId,
    amount: Number(microToText(signedMicro > 0 ? receipt.amountMicro : -receipt.amountMicro)),
    user: { id: receipt.recipientId, username: receipt.recipientUsername },
    balance: microToAc(receipt.balanceAfterMicro),
    created_at: receipt.createdAt,
  };
}

export function toLedgerReport(report: economy.LedgerReport): LedgerReportResponse {
  const balances = (list: economy.AccountBalance[]) =>
    list.map((b) => ({ account: b.account, balance_micro: b.balanceMicro }));
  return {
    ok: report.ok,
    checked_at: report.checkedAt,
    duration_ms: report.durationMs,
    transfers: report.transfers,
    entries: report.entries,
    member_accounts: report.memberAccounts,
    sum_micro: report.sumMicro,
    members_total_micro: report.membersTotalMicro,
    rejected_transfers: report.rejectedTransfers,
    system_balances: balances(report.systemBalances),
    negative_balances: balances(report.negativeBalances),
    debts: balances(report.debts),
    mismatches: report.mismatches,
  };
}
