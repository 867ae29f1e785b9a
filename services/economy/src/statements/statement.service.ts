import { Inject, Injectable } from '@nestjs/common';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { MarketService } from '../market/market.service';
import { MembersRepository } from '../members/members.repository';
import type { CoinPriceSource } from '../money/coin-price';
import { microUsdOf } from '../money/micro';
import { COIN_PRICE } from '../tokens';
import { WalletService } from '../wallet/wallet.service';
import {
  dayBefore,
  statementFigures,
  statementPeriod,
  utcDay,
  type StatementFigures,
  type StatementPeriod,
} from './statement-rules';

/** The coin's closing price per UTC day (the market). */
export interface DailyCloses {
  dailyCloses(from: Date, to: Date): Promise<(day: string) => number>;
}

/** Who the statement is for (economy's members projection). */
export interface MemberNames {
  find(userId: string): Promise<{ username: string } | null>;
}

export interface StatementView extends StatementFigures {
  userId: string;
  username: string;
  period: StatementPeriod;
  openingPriceMicroUsd: number;
  closingPriceMicroUsd: number;
  openingBalanceUsdMicro: number;
  closingBalanceUsdMicro: number;
  generatedAt: Date;
}

/**
 * A member's monthly statement (docs/statements.md), produced from the ledger each time it is asked
 * for: the opening balance is the sum of the account's entries before the month, the lines are the
 * month's entries in the order they were applied, and the closing balance is the opening plus them —
 * for the current month, the balance now.
 */
@Injectable()
export class StatementService {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(WalletService) private readonly wallets: WalletService,
    /** The coin market's daily closes. */
    @Inject(MarketService) private readonly closes: DailyCloses,
    @Inject(COIN_PRICE) private readonly price: CoinPriceSource,
    @Inject(MembersRepository) private readonly members: MemberNames,
  ) {}

  async statement(userId: string, month: string, now = new Date()): Promise<StatementView> {
    const period = statementPeriod(month, now);
    const account = memberAccount(userId);
    const end = period.inProgress ? now : period.end;
    const [opening, entries, closeOf, current, member] = await Promise.all([
      this.ledger.sumBefore(account, period.start),
      this.ledger.entriesBetween(account, period.start, end),
      this.closes.dailyCloses(new Date(period.start.getTime() - 24 * 3600_000), period.end),
      this.price.currentPriceMicroUsd(),
      this.members.find(userId),
    ]);
    const today = utcDay(now);
    const priceOfDay = (day: string) => (day >= today ? current : closeOf(day));
    const figures = statementFigures(opening, await this.wallets.views(entries), priceOfDay);
    const openingPriceMicroUsd = priceOfDay(dayBefore(period.start));
    const closingPriceMicroUsd = priceOfDay(utcDay(new Date(end.getTime() - 1)));
    return {
      ...figures,
      userId,
      username: member?.username ?? '',
      period,
      openingPriceMicroUsd,
      closingPriceMicroUsd,
      openingBalanceUsdMicro: microUsdOf(figures.openingBalanceMicro, openingPriceMicroUsd),
      closingBalanceUsdMicro: microUsdOf(figures.closingBalanceMicro, closingPriceMicroUsd),
      generatedAt: now,
    };
  }
}
