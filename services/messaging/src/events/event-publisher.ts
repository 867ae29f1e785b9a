import type { EventBus, EventRecord } from '@aura/platform';

interface Queued {
  records: EventRecord[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Publishes to Kafka in batches: while one send is in flight (the idempotent producer allows one),
 * later records wait and go together in the next send. Under load this turns hundreds of sends per
 * second into a few batched ones; alone, a record goes at once.
 */
export class CoalescingPublisher {
  private queue: Queued[] = [];
  private sending = false;

  constructor(
    private readonly bus: Pick<EventBus, 'publish'>,
    private readonly maxBatch = 500,
  ) {}

  publish(records: EventRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ records, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.sending || this.queue.length === 0) return;
    this.sending = true;
    const batch: Queued[] = [];
    let size = 0;
    while (this.queue.length > 0 && size < this.maxBatch) {
      const next = this.queue.shift()!;
      batch.push(next);
      size += next.records.length;
    }
    void this.bus
      .publish(batch.flatMap((item) => item.records))
      .then(
        () => batch.forEach((item) => item.resolve()),
        (error) => batch.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        this.sending = false;
        this.kick();
      });
  }
}
