import type { Logger } from 'pino';
import type { Ledger } from './ledger';

export interface MaintenanceOptions {
  sweepEveryMs?: number;
  /** Other periodic work of the service (e.g. purging old reward slots). */
  tasks?: { name: string; everyMs: number; run: () => Promise<unknown> }[];
}

/** Background work of the ledger: the recovery sweep (finishes transfers that a crash interrupted). */
export class LedgerMaintenance {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly ledger: Ledger,
    private readonly logger: Logger,
    private readonly options: MaintenanceOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.every(this.options.sweepEveryMs ?? 5000, 'sweep', () => this.ledger.sweep());
    for (const task of this.options.tasks ?? []) this.every(task.everyMs, task.name, task.run);
    this.once('sweep', () => this.ledger.sweep());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }

  private every(ms: number, what: string, task: () => Promise<unknown>) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      this.once(what, task).finally(() => (busy = false));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private once(what: string, task: () => Promise<unknown>): Promise<unknown> {
    const run = task().catch((error) => this.logger.warn({ err: error }, `${what} failed; will retry`));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }
}
