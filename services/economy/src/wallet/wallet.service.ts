import { InvalidInput } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import type { EntryDoc } from '../ledger/ledger.types';
import { MembersRepository } from '../members/members.repository';
import type { CoinPriceSource } from '../money/coin-price';
import { microUsdOf } from '../money/micro';
import { COIN_PRICE } from '../tokens';
import { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { counterpartyId, describe, TransactionType, transactionType, WithdrawalState } from './describe';

/** Where withdrawal requests stand, by id (the withdrawals service). */
export interface WithdrawalStates {
  statesOf(ids: string[]): Promise<Map<string, WithdrawalState>>;
}

/** The withdrawal id of a hold's ledger key ("wd:<id>:hold"), else ''. */
const withdrawalOfHold = (transferKey: string) => /^wd:(.+):hold$/.exec(transferKey)?.[1] ?? '';

export interface WalletView {
  userId: string;
  balanceMicro: number;
  totalEarnedMicro: number;
  withdrawableMicro: number;
  usdEquivalentMicro: number;
  coinPriceMicroUsd: number;
}

export interface TransactionView {
  id: string;
  description: string;
  transactionType: TransactionType;
  amountMicro: number;
  createdAt: string;
  kind: string;
  counterpartyId: string;
  counterpartyUsername: string;
  memo: string;
  balanceAfterMicro: number;
}

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;

const encodeCursor = (seq: number) => Buffer.from(`s:${seq}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^s:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new InvalidInput('Invalid cursor');
  return Number(match[1]);
}

/** A member's wallet and history, read from their ledger chain. */
@Injectable()
export class WalletService {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(COIN_PRICE) private readonly price: CoinPriceSource,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalStates,
    /** Members whose accounts were erased: entries keep their amounts, not their name or words. */
    @Inject(MembersRepository) private readonly members: Pick<MembersRepository, 'erasedAmong'>,
  ) {}

  async wallet(userId: string): Promise<WalletView> {
    const [head, price] = await Promise.all([
      this.ledger.balance(memberAccount(userId)),
      this.price.currentPriceMicroUsd(),
    ]);
    return {
      userId,
      balanceMicro: head.balance,
      totalEarnedMicro: head.earned,
      withdrawableMicro: head.withdrawable,
      usdEquivalentMicro: microUsdOf(head.balance, price),
      coinPriceMicroUsd: price,
    };
  }

  async transactions(
    userId: string,
    cursor: string,
    limit: number,
  ): Promise<{ transactions: TransactionView[]; nextCursor: string }> {
    const size = limit <= 0 ? DEFAULT_PAGE : Math.min(limit, MAX_PAGE);
    const before = cursor ? decodeCursor(cursor) : undefined;
    const entries = await this.ledger.history(memberAccount(userId), size + 1, before);
    const page = entries.slice(0, size);
    const last = page[page.length - 1];
    return {
      transactions: await this.views(page),
      nextCursor: entries.length > size && last?.seq ? encodeCursor(last.seq) : '',
    };
  }

  /**
   * Entries as the wallet screen shows them: described from the member's side (a withdrawal's hold as
   * its request stands), an erased counterparty without their name or words.
   */
  async views(page: EntryDoc[]): Promise<TransactionView[]> {
    const holds = page.map((entry) => withdrawalOfHold(entry.transfer_key)).filter(Boolean);
    const states = holds.length > 0 ? await this.withdrawals.statesOf(holds) : new Map();
    const erased = await this.members.erasedAmong(page.map(counterpartyId).filter(Boolean));
    const anonymous = (entry: EntryDoc): EntryDoc =>
      erased.has(counterpartyId(entry)) ? { ...entry, counterparty_name: '', memo: '' } : entry;
    return page.map(anonymous).map((entry) => ({
      id: entry.transfer_id,
      description: describe(entry, states.get(withdrawalOfHold(entry.transfer_key))),
      transactionType: transactionType(entry),
      amountMicro: entry.delta,
      createdAt: entry.created_at.toISOString(),
      kind: entry.kind,
      counterpartyId: counterpartyId(entry),
      counterpartyUsername: entry.counterparty_name ?? '',
      memo: entry.memo ?? '',
      balanceAfterMicro: entry.balance_after ?? 0,
    }));
  }
}
