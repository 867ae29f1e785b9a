import { EVENT_BUS, type EventBus, type EventRecord } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';

/** The most records one send takes (a send in flight, later records wait for the next). */
const MAX_BATCH = 500;

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
@Injectable()
export class CoalescingPublisher {
  private queue: Queued[] = [];
  private sending = false;

  constructor(@Inject(EVENT_BUS) private readonly bus: Pick<EventBus, 'publish'>) {}

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
    while (this.queue.length > 0 && size < MAX_BATCH) {
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
