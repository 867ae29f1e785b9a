/**
 * Concurrent callers asking for the same key share one run of the work: the second caller gets the
 * first one's promise instead of starting the same load again. Once it settles the key is free.
 * (Only for work whose result every caller may share, e.g. filling a cache from MongoDB.)
 */
export class SingleFlight<T = unknown> {
  private readonly running = new Map<string, Promise<T>>();

  run<R extends T>(key: string, work: () => Promise<R>): Promise<R> {
    const existing = this.running.get(key) as Promise<R> | undefined;
    if (existing) return existing;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** Keys with work under way (for tests and diagnostics). */
  get size(): number {
    return this.running.size;
  }
}
