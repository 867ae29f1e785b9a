import type { Logger } from 'pino';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** The service's background work: each task on its own timer, one run of a task at a time. */
export class PeriodicTasks {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly tasks: PeriodicTask[],
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    for (const task of this.tasks) this.every(task.everyMs, task.name, task.run);
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
