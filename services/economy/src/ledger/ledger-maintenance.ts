import type { mongo } from 'mongoose';
import type { Logger } from 'pino';
import type { Collection } from '../db';
import type { Ledger } from './ledger';

/**
 * One pass of a recovery sweep over a work list: each item begun more than `olderThanMs` ago is
 * driven to its end by `recover`; a failure is logged and the item left for the next pass. Answers
 * how many were finished.
 */
export async function sweepStale<T extends { _id: string; created_at: Date }>(
  work: Collection<T>,
  options: { olderThanMs: number; limit: number; what: string; logger: Logger },
  recover: (item: T) => Promise<void>,
): Promise<number> {
  const cutoff = new Date(Date.now() - options.olderThanMs);
  const filter = { created_at: { $lte: cutoff } } as mongo.Filter<T>;
  const stale = (await work.find(filter).limit(options.limit).toArray()) as T[];
  let finished = 0;
  for (const item of stale) {
    try {
      await recover(item);
      finished += 1;
    } catch (error) {
      options.logger.error({ err: error, key: item._id }, `recovering ${options.what} failed; will retry`);
    }
  }
  if (finished > 0) options.logger.info({ finished }, `recovery sweep finished interrupted ${options.what}s`);
  return finished;
}

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
