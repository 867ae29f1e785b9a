import type { Logger } from 'pino';

export interface PeriodicTask {
  /** What the logs call it ("daily digest", "purchase sweep"). */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * A service's background work (sweeps, relays, scheduled notifications): each task on its own timer that
 * does not hold the process open, one run of a task at a time (a tick that finds the last run still going
 * is skipped), a failure logged and tried again on the next tick, and `stop` waits for runs in progress.
 */
export class PeriodicTasks {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly tasks: PeriodicTask[],
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  start(): void {
    this.stopped = false;
    for (const task of this.tasks) this.every(task);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }

  private every(task: PeriodicTask) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      this.once(task).finally(() => (busy = false));
    }, task.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  private once(task: PeriodicTask): Promise<unknown> {
    const run = task
      .run()
      .catch((error) => this.logger.warn({ err: error }, `${task.name} failed; will retry`));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }
}
