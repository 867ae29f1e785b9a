import { LOGGER, PeriodicTasks } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { GeniesService } from '../genies.service';

/** Finishes bottle purchases a crash interrupted, every 10 s (GeniesService.sweep; idempotent). */
@Injectable()
export class PurchaseSweeper implements OnModuleDestroy {
  private readonly timer: PeriodicTasks;

  constructor(@Inject(GeniesService) service: GeniesService, @Inject(LOGGER) logger: Logger) {
    this.timer = new PeriodicTasks(
      [{ name: 'purchase sweep', everyMs: 10_000, run: () => service.sweep() }],
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
