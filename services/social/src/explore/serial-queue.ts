/**
 * Runs async tasks one at a time, in the order they were queued; a failing task does not stop the
 * ones after it. ExploreStore runs every projection write through one queue, so each counter shard
 * it owns has a single writer (see ExploreStore).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => task());
    this.tail = result.catch(() => undefined);
    return result;
  }
}
