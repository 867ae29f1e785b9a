import type { EventRecord } from '@aura/platform';
import type { EventType } from '@aura/proto';
import type { Logger } from 'pino';
import type { MessagingCache } from '../common/cache';
import type { CoalescingPublisher } from './event-publisher';

/**
 * The outbox of the hot paths (a message sent, a message read), as an intent log in Redis:
 *   1. the intent (the document about to be written and its events) goes to `<p>:pending` (a hash,
 *      with `<p>:pending:z` ordering the intents by time);
 *   2. the document is inserted into MongoDB (insert-once: a repeat changes nothing);
 *   3. Redis state is updated, the events are published, the intent is deleted.
 * A process that dies anywhere in between leaves the intent; the sweep of any instance redoes 2–3
 * (idempotent) and publishes the same events (same ids: consumers drop repeats). Nothing is lost,
 * nothing happens twice.
 *
 * Why Redis and not a MongoDB collection (or the platform's in-document outbox): on FerretDB every
 * MongoDB write is a SQLite transaction (~5 ms quiet, 100+ ms under load) and every outbox sweep a
 * scan of the messages collection; a Redis write is ~0.2 ms. The message itself is in MongoDB before
 * the sender is answered. The one loss this admits: Redis losing its data in the same seconds as
 * messaging crashes mid-send drops the realtime push of those messages (never the messages: members
 * read them from the API).
 */
interface StoredIntent {
  kind: string;
  doc: Record<string, unknown>;
  events: (Omit<EventRecord, 'payload'> & { payload: string })[];
}

/** Redoes the change of an intent; answers more events to publish with the stored ones. */
export type RecoveryHandler = (doc: Record<string, unknown>) => Promise<EventRecord[]>;

const toJson = (kind: string, doc: Record<string, unknown>, records: EventRecord[]): string =>
  JSON.stringify({
    kind,
    doc,
    events: records.map((record) => ({ ...record, payload: record.payload.toString('base64') })),
  } satisfies StoredIntent);

const eventsOf = (intent: StoredIntent): EventRecord[] =>
  intent.events.map((event) => ({
    ...event,
    type: event.type as EventType,
    payload: Buffer.from(event.payload, 'base64'),
  }));

export class PendingEvents {
  private readonly handlers = new Map<string, RecoveryHandler>();
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly cache: MessagingCache,
    private readonly publisher: CoalescingPublisher,
    private readonly logger: Logger,
  ) {}

  private get hashKey(): string {
    return `${this.cache.prefix}:pending`;
  }

  private get timeKey(): string {
    return `${this.cache.prefix}:pending:z`;
  }

  onRecover(kind: string, handler: RecoveryHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Writes the intent. Call before the change it describes (documents with Dates survive as JSON). */
  async store(
    id: string,
    kind: string,
    doc: Record<string, unknown>,
    records: EventRecord[],
    at = new Date(),
  ): Promise<void> {
    await this.cache.redis
      .multi()
      .hset(this.hashKey, id, toJson(kind, doc, records))
      .zadd(this.timeKey, at.getTime(), id)
      .exec();
  }

  /** Publishes the events (and any extra ones), then forgets the intent. */
  async publish(id: string, records: EventRecord[]): Promise<void> {
    await this.publisher.publish(records);
    await this.forget(id);
  }

  private async forget(id: string): Promise<void> {
    await this.cache.redis.multi().hdel(this.hashKey, id).zrem(this.timeKey, id).exec();
  }

  start(intervalMs = 5000, olderThanMs = 15000): void {
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sweep(olderThanMs)
        .then(() => undefined)
        .catch((error) => this.logger.warn({ err: error }, 'pending events sweep failed; will retry'))
        .finally(() => (this.sweeping = undefined));
    }, intervalMs);
    this.sweepTimer.unref();
  }

  /** Finishes what a crashed process left: redo each change, publish its events, forget it. */
  async sweep(olderThanMs = 15000): Promise<number> {
    const ids = await this.cache.redis.zrangebyscore(
      this.timeKey,
      '-inf',
      Date.now() - olderThanMs,
      'LIMIT',
      0,
      200,
    );
    let finished = 0;
    for (const id of ids) {
      // Claim it: of several instances sweeping at once, one takes each intent.
      const score = await this.cache.redis.zscore(this.timeKey, id);
      if ((await this.cache.redis.zrem(this.timeKey, id)) === 0) continue;
      try {
        const json = await this.cache.redis.hget(this.hashKey, id);
        if (json) {
          const intent = JSON.parse(json) as StoredIntent;
          const handler = this.handlers.get(intent.kind);
          const extra = handler ? await handler(intent.doc) : [];
          await this.publisher.publish([...eventsOf(intent), ...extra]);
        }
        await this.forget(id);
        finished += 1;
      } catch (error) {
        await this.cache.redis.zadd(this.timeKey, Number(score ?? Date.now()), id);
        throw error;
      }
    }
    if (finished > 0) this.logger.info({ count: finished }, 'finished pending events left by a crash');
    return finished;
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping;
  }
}
