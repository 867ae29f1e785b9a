import { EventRecord, fromStoredOutbox, LOGGER, StoredOutboxEvent } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { CoalescingPublisher } from './event-publisher';

/** Redoes what a write does after its insert (Redis); answers events to publish after the stored ones. */
export type FinishHandler = (doc: Record<string, unknown>) => Promise<EventRecord[]>;

/** A document inserted with its events, as the sweep reads it (with its `_outbox`). */
export type OutboxedDoc = Record<string, unknown> & { _id: string; _outbox?: StoredOutboxEvent[] };

/** One collection's writes inserted with their events, as its repository finds and clears them. */
export interface OutboxedWrites {
  /**
   * Documents written before `before` whose events are not published yet, at most `limit` (the sweep
   * leaves recent ones to the request still finishing them).
   */
  unfinished(before: Date, limit: number): Promise<OutboxedDoc[]>;
  /** The document's events went out: its outbox is cleared (by `_id`). */
  finished(id: string): Promise<void>;
}

interface Finishable {
  writes: OutboxedWrites;
  finish: FinishHandler;
}

/**
 * Messages and reads are inserted together with their events, in the document's `_outbox` (the
 * platform's outboxPlugin): one write stores both. The request path then updates Redis, publishes the
 * events with the conversation updates, and clears `_outbox` (`finished`). A process that dies in
 * between leaves `_outbox` behind: the sweep of any instance finds those documents once they are older
 * than a few seconds (outboxPlugin's sparse index holds only them), redoes the Redis part with the
 * registered handler (idempotent scripts: a message or a read is added once), publishes the stored
 * events (same ids: consumers drop repeats) and clears them. Two instances sweeping the same document
 * publish it twice, which consumers drop the same way.
 *
 * Messaging finishes these itself rather than through the platform's OutboxRelay: the relay publishes
 * what a document stores, but finishing a message also means its Redis effects (the conversation's
 * window, unread counts, both members' lists) and the conversation updates computed from them.
 */
@Injectable()
export class OutboxFinisher implements OnModuleDestroy {
  private readonly finishable: Finishable[] = [];
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    @Inject(CoalescingPublisher) private readonly publisher: CoalescingPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  register(writes: OutboxedWrites, finish: FinishHandler): void {
    this.finishable.push({ writes, finish });
  }

  start(intervalMs = 5000, olderThanMs = 15000): void {
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sweep(olderThanMs)
        .then(() => undefined)
        .catch((error) => this.logger.warn({ err: error }, 'outbox sweep failed; will retry'))
        .finally(() => (this.sweeping = undefined));
    }, intervalMs);
    this.sweepTimer.unref();
  }

  /** Finishes what a crashed process left: documents whose outbox is older than `olderThanMs`. */
  async sweep(olderThanMs = 15000): Promise<number> {
    let finished = 0;
    for (const { writes, finish } of this.finishable) {
      const docs = await writes.unfinished(new Date(Date.now() - olderThanMs), 200);
      for (const doc of docs) {
        const extra = await finish(doc);
        await this.publisher.publish([...(doc._outbox ?? []).map(fromStoredOutbox), ...extra]);
        await writes.finished(doc._id);
        finished += 1;
      }
    }
    if (finished > 0) this.logger.info({ count: finished }, 'finished writes left by a crash');
    return finished;
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping;
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }
}
