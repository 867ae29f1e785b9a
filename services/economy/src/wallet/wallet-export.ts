import {
  decodeExportCursor,
  EXPORT_PAGE_SIZE,
  ExportRecord,
  ExportRecords,
  exportPageOf,
  isoDate,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { formatMicro } from '../money/micro';
import type { PendingChange } from '../spending/spending-rules';
import { SpendingService } from '../spending/spending.service';
import { type TransactionView, WalletService } from './wallet.service';

/** What economy holds of a member's data export (docs/data-export.md). */
export const ECONOMY_EXPORT_PARTS = ['wallet', 'spending_settings'] as const;
export type EconomyExportPart = (typeof ECONOMY_EXPORT_PARTS)[number];

/** micro-AC as the export writes money: AC with all six decimals, e.g. "12.500000", "-0.001000". */
export const acOf = (micro: number) => formatMicro(micro, 6);

/**
 * One entry of the wallet history as the wallet screen shows it: its description, type, signed amount
 * and memo, plus the other side ("@name", "a member" once their account was erased; '' for the
 * platform's accounts).
 */
export function toWalletRecord(view: TransactionView): ExportRecord {
  return {
    id: view.id,
    created_at: view.createdAt,
    type: view.transactionType,
    kind: view.kind,
    direction: view.amountMicro < 0 ? 'out' : 'in',
    amount_ac: acOf(view.amountMicro),
    balance_after_ac: acOf(view.balanceAfterMicro),
    description: view.description,
    counterparty: view.counterpartyId
      ? view.counterpartyUsername
        ? `@${view.counterpartyUsername}`
        : 'a member'
      : '',
    memo: view.memo,
  };
}

const acOrNull = (micro: number | null) => (micro === null ? null : acOf(micro));
const pendingValue = (pending: PendingChange | null) =>
  pending ? (pending.value === null ? 'none' : acOf(pending.value)) : null;

/**
 * The member's wallet history, oldest first, a page at a time (cursor: the last entry's seq), and
 * their spending settings (docs/spending.md) as one record: what is in effect (null: none), what a
 * raise or a removal waits for ('none': the setting is being removed), and a cooling-off under way.
 */
@Injectable()
export class WalletExport {
  /** Records per page (tests lower it). */
  pageSize = EXPORT_PAGE_SIZE;

  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(WalletService) private readonly wallets: WalletService,
    @Inject(SpendingService) private readonly spending: SpendingService,
  ) {}

  page(userId: string, part: EconomyExportPart, cursor: string): Promise<ExportRecords> {
    return part === 'wallet' ? this.walletPage(userId, cursor) : this.spendingSettings(userId);
  }

  private async spendingSettings(userId: string): Promise<ExportRecords> {
    const settings = await this.spending.settings(userId);
    return {
      records: [
        {
          daily_limit_ac: acOrNull(settings.dailyLimitMicro),
          pause_threshold_ac: acOrNull(settings.pauseThresholdMicro),
          pending_daily_limit_ac: pendingValue(settings.pendingDailyLimit),
          pending_daily_limit_from: isoDate(settings.pendingDailyLimit?.effectiveAt),
          pending_pause_threshold_ac: pendingValue(settings.pendingPauseThreshold),
          pending_pause_threshold_from: isoDate(settings.pendingPauseThreshold?.effectiveAt),
          cooling_off_until: isoDate(settings.coolingOffUntil),
        },
      ],
      nextCursor: '',
    };
  }

  private async walletPage(userId: string, cursor: string): Promise<ExportRecords> {
    const [afterSeq] = decodeExportCursor(cursor, ['number'] as const) ?? [0];
    const entries = await this.ledger.historyAfter(memberAccount(userId), this.pageSize + 1, afterSeq);
    const page = exportPageOf(entries, this.pageSize, (entry) => [entry.seq ?? 0]);
    return {
      records: (await this.wallets.views(page.items)).map(toWalletRecord),
      nextCursor: page.nextCursor,
    };
  }
}
