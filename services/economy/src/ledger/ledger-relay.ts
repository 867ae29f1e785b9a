import { EVENT_BUS, fromStoredOutbox, LOGGER } from '@aura/platform';
import type { EventBus, StoredOutboxEvent } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import { RELAY_OPTIONS } from '../tokens';
import { Ledger } from './ledger';
import type { LedgerStore } from './ledger.repository';

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
 *
 * Each transfer the ledger commits nudges the relay (it listens to Ledger.onEventsStored); nudges do
 * nothing until main.ts (or a test) starts it, and onModuleDestroy stops a started relay.
 */
@Injectable()
export class LedgerRelay implements OnModuleDestroy {
  private readonly store: LedgerStore;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private started = false;

  constructor(
    @Inject(Ledger) ledger: Ledger,
    @Inject(EVENT_BUS) private readonly bus: Pick<EventBus, 'publish' | 'isReady'>,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(RELAY_OPTIONS) private readonly options: LedgerRelayOptions = {},
  ) {
    this.store = ledger.store;
    ledger.onEventsStored(() => this.nudge());
  }

  start(): void {
    this.started = true;
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
      const docs = await this.store.pendingOutbox(batchSize);
      if (docs.length === 0) return;
      await this.bus.publish(
        docs.flatMap((doc) => (doc._outbox as StoredOutboxEvent[]).map(fromStoredOutbox)),
      );
      await this.store.deleteOutbox(docs.map((doc) => doc._id));
      if (docs.length < batchSize) return;
    }
  }

  /** A started relay stops (and publishes what is left); one never started leaves the outbox as it is. */
  async onModuleDestroy(): Promise<void> {
    if (this.started) await this.stop();
  }

  /** Stops the passes (after the one in flight) and publishes what is left. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.drain().catch((error) => this.logger.warn({ err: error }, 'ledger relay: final pass failed'));
  }
}
