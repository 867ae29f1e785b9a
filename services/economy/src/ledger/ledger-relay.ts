import { fromStoredOutbox } from '@aura/platform';
import type { EventBus, StoredOutboxEvent } from '@aura/platform';
import type { Logger } from 'pino';
import type { LedgerStore } from './ledger.store';

export interface LedgerRelayOptions {
  /** Transfers whose events go out in one Kafka batch and leave in one delete. */
  batchSize?: number;
  /** The periodic pass that catches what a crash left behind (writes nudge the relay at once). */
  intervalMs?: number;
}

/**
 * Publishes the ledger's outbox (ledger_outbox/{transfer key}, written in each transfer's transaction
 * with all its events, never changed). A pass takes up to `batchSize` documents, publishes all their
 * events in one Kafka batch and deletes the documents in one call. A crash between publishing and
 * deleting publishes again, with the same event ids, which consumers drop.
 */
export class LedgerRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(
    private readonly store: LedgerStore,
    private readonly bus: Pick<EventBus, 'publish' | 'isReady'>,
    private readonly logger: Logger,
    private readonly options: LedgerRelayOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.options.intervalMs ?? 2000);
    this.timer.unref();
    this.nudge();
  }

  /** Asks for a pass soon; passes never overlap. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error) => this.logger.warn({ err: error }, 'ledger relay pass failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Publishes everything pending now. */
  async drain(): Promise<void> {
    const batchSize = this.options.batchSize ?? 200;
    for (;;) {
      if (!this.bus.isReady()) return;
      const docs = await this.store.outbox
        .find({ '_outbox.0': { $exists: true } })
        .limit(batchSize)
        .toArray();
      if (docs.length === 0) return;
      await this.bus.publish(
        docs.flatMap((doc) => (doc._outbox as StoredOutboxEvent[]).map(fromStoredOutbox)),
      );
      await this.store.outbox.deleteMany({ _id: { $in: docs.map((doc) => doc._id) } });
      if (docs.length < batchSize) return;
    }
  }

  /** Stops the passes (after the one in flight) and publishes what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.drain().catch((error) => this.logger.warn({ err: error }, 'ledger relay: final pass failed'));
  }
}
