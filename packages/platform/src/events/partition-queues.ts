/** What PartitionQueues needs of a fetched message. */
export interface Positioned {
  topic: string;
  partition: number;
  offset: bigint;
}

export interface PartitionQueuesOptions<M> {
  /** Handles a run of one partition's messages, in order; the next run of that partition waits for it. */
  work: (run: M[]) => Promise<void>;
  /** The most messages one run gets. */
  runSize: number;
  /** How many partitions are handled at once. */
  concurrency: number;
  /** At this many waiting messages `full` is called (pause fetching); `room` once half of them went. */
  highWater: number;
  full: () => void;
  room: () => void;
  /** A run failed: nothing after it may be handled (its offset must not be committed past it). */
  failed: (error: unknown) => void;
}

interface Queue<M> {
  waiting: M[];
  busy: boolean;
  /** The last offset queued: a refetch after a rejoin may deliver it again. */
  last: bigint;
}

/**
 * A consumer's fetched messages, by partition: each partition's in order, one run at a time, and up
 * to `concurrency` partitions side by side (order only matters within a partition, the aggregate's
 * key). Fetching pauses while too many wait.
 */
export class PartitionQueues<M extends Positioned> {
  private readonly queues = new Map<string, Queue<M>>();
  private waiting = 0;
  private active = 0;
  private paused = false;
  private stopped = false;

  constructor(private readonly options: PartitionQueuesOptions<M>) {}

  push(message: M): void {
    if (this.stopped) return;
    const key = `${message.topic}:${message.partition}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { waiting: [], busy: false, last: -1n };
      this.queues.set(key, queue);
    }
    if (message.offset <= queue.last) return;
    queue.last = message.offset;
    queue.waiting.push(message);
    this.waiting += 1;
    if (!this.paused && this.waiting >= this.options.highWater) {
      this.paused = true;
      this.options.full();
    }
    this.pump();
  }

  /** After a rebalance: what waits for a partition this consumer no longer has is dropped. */
  retain(assigned: (topic: string, partition: number) => boolean): void {
    for (const [key, queue] of this.queues) {
      const [topic, partition] = [
        key.slice(0, key.lastIndexOf(':')),
        Number(key.slice(key.lastIndexOf(':') + 1)),
      ];
      if (assigned(topic, partition)) continue;
      this.waiting -= queue.waiting.length;
      this.queues.delete(key);
    }
    this.checkRoom();
  }

  /** Drops everything waiting; runs in progress finish. */
  stop(): void {
    this.stopped = true;
    this.queues.clear();
    this.waiting = 0;
  }

  private pump(): void {
    for (const [key, queue] of this.queues) {
      if (this.stopped || this.active >= this.options.concurrency) return;
      if (queue.busy || queue.waiting.length === 0) continue;
      this.run(key, queue);
    }
  }

  private run(key: string, queue: Queue<M>): void {
    queue.busy = true;
    this.active += 1;
    const run = queue.waiting.splice(0, this.options.runSize);
    this.waiting -= run.length;
    this.checkRoom();
    void this.options
      .work(run)
      .catch((error: unknown) => {
        if (this.stopped) return;
        this.stop();
        this.options.failed(error);
      })
      .finally(() => {
        queue.busy = false;
        this.active -= 1;
        // Round robin: a partition that had its run goes to the back of the line.
        if (this.queues.get(key) === queue) {
          this.queues.delete(key);
          this.queues.set(key, queue);
        }
        this.pump();
      });
  }

  private checkRoom(): void {
    if (this.paused && this.waiting <= this.options.highWater / 2) {
      this.paused = false;
      this.options.room();
    }
  }
}
