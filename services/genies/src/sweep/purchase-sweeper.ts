import { LOGGER, PeriodicTasks } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { PurchasesService } from '../purchases/purchases.service';

/** A purchase still "charging" after this long was interrupted: the sweep finishes it. */
const PURCHASE_RECOVER_AFTER_MS = 30_000;

/** Finishes bottle purchases a crash interrupted, every 10 s (PurchasesService.sweep; idempotent). */
@Injectable()
export class PurchaseSweeper implements OnModuleDestroy {
  private readonly timer: PeriodicTasks;

  constructor(@Inject(PurchasesService) purchases: PurchasesService, @Inject(LOGGER) logger: Logger) {
    this.timer = new PeriodicTasks(
      [{ name: 'purchase sweep', everyMs: 10_000, run: () => purchases.sweep(PURCHASE_RECOVER_AFTER_MS) }],
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
