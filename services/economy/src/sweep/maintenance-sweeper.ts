import { LOGGER, PeriodicTasks } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LEDGER_CHECK_EVERY_MS, LedgerCheck } from '../ledger/ledger-check';
import { MarketService } from '../market/market.service';

/**
 * The economy's periodic work: the ledger check's gauges and the coin market's snapshots and purge.
 * main.ts starts it after runtime.start(); onModuleDestroy stops it.
 */
@Injectable()
export class MaintenanceSweeper implements OnModuleDestroy {
  private readonly timer: PeriodicTasks;

  constructor(
    @Inject(LedgerCheck) ledgerCheck: LedgerCheck,
    @Inject(MarketService) market: MarketService,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.timer = new PeriodicTasks(
      [
        // The ledger check's gauges (aura_ledger_*): every entry is read, so every few minutes only.
        { name: 'ledger check', everyMs: LEDGER_CHECK_EVERY_MS, run: () => ledgerCheck.run() },
        // Every 15 s: the minute's snapshot is taken by the first run in each minute (later runs find it).
        { name: 'coin market snapshot', everyMs: 15_000, run: () => market.snapshot() },
        { name: 'coin market purge', everyMs: 3600_000, run: () => market.purge() },
      ],
      logger,
    );
  }

  start(): void {
    this.timer.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.timer.stop();
  }
}
