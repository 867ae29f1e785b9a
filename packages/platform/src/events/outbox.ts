import { EventType } from '@aura/proto';
import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import type { Logger } from 'pino';
import { EventRecord } from './event';
import { EventBus } from './event-bus';

/**
 * Transactional outbox in one document: the events of a change are written INSIDE the changed document
 * (field `_outbox`) by the same single-document write, which MongoDB applies atomically. A relay
 * publishes them and then removes them (`$unset`, which touches no other field). A process that dies
 * between the write and the publish leaves the events in the document, and the relay of any instance
 * publishes them later: nothing is lost; a duplicate publish is possible and consumers dedupe by event id.
 * The documents of a collection that only carries events can instead be deleted once published
 * (outboxPlugin's `deleteWhenPublished`: economy's ledger_outbox).
 */
export interface StoredOutboxEvent {
  id: string;
  type: string;
  version: number;
  topic: string;
  key: string;
  payload: Buffer;
  occurred_at: string;
  producer: string;
  trace: Record<string, string>;
}

export const OUTBOX_FIELD = '_outbox';

/** Any model whose schema uses outboxPlugin; its own document type does not matter to the relay. */
// mongoose's Model<T> is invariant in T (Model<UserDoc> is no Model<unknown>), so models of
// different documents share one list only as Model<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutboxModel = Model<any>;

export interface OutboxPluginOptions {
  /**
   * The documents only carry events, all written by the insert that creates each one, and nothing needs
   * them once published (economy's ledger_outbox: one per transfer, written in its transaction; the
   * transfer itself keeps the key once). The relay deletes such a document once its events are
   * published, instead of emptying its `_outbox` (outboxCollection's documents stay: their `_id` keeps
   * a retried handler from inserting its events again). Every document of such a collection is
   * pending, so the sweep needs no index.
   */
  deleteWhenPublished?: boolean;
}

/** Schemas of outboxPlugin's `deleteWhenPublished` (the relay deletes their published documents). */
const deletedWhenPublished = new WeakSet<Schema>();

/**
 * Adds the `_outbox` field to a schema whose documents publish events. Events are written only with
 * the write that creates the document (never appended later): the relay empties a document's outbox
 * (or deletes the document, with `deleteWhenPublished`) by `_id` once it has published what it read there.
 */
export function outboxPlugin(schema: Schema, options: OutboxPluginOptions = {}): void {
  schema.add({
    [OUTBOX_FIELD]: {
      type: [
        {
          _id: false,
          id: String,
          type: { type: String },
          version: Number,
          topic: String,
          key: String,
          payload: Buffer,
          occurred_at: String,
          producer: String,
          trace: { type: Map, of: String },
        },
      ],
      default: undefined,
      select: false,
    },
  });
  if (options.deleteWhenPublished) {
    deletedWhenPublished.add(schema);
    return;
  }
  // Only documents with unpublished events are in this index: the relay's sweep reads just those.
  schema.index({ [`${OUTBOX_FIELD}.id`]: 1 }, { sparse: true });
}

/** Documents whose events are not published yet (served by the sparse index of outboxPlugin). */
const PENDING = { [`${OUTBOX_FIELD}.id`]: { $exists: true } };

export function toStoredOutbox(records: EventRecord[]): StoredOutboxEvent[] {
  return records.map((record) => ({
    id: record.id,
    type: record.type,
    version: record.version,
    topic: record.topic,
    key: record.key,
    payload: record.payload,
    occurred_at: record.occurredAt,
    producer: record.producer,
    trace: record.trace,
  }));
}

/** An event as stored in an outbox document, back as the record to publish. */
export function fromStoredOutbox(stored: StoredOutboxEvent): EventRecord {
  const trace = stored.trace instanceof Map ? Object.fromEntries(stored.trace) : (stored.trace ?? {});
  const payload = stored.payload as unknown;
  return {
    id: stored.id,
    type: stored.type as EventType,
    version: stored.version,
    topic: stored.topic,
    key: stored.key,
    payload: Buffer.isBuffer(payload) ? payload : Buffer.from((payload as { buffer: Uint8Array }).buffer),
    occurredAt: stored.occurred_at,
    producer: stored.producer,
    trace,
  };
}

interface OutboxDoc {
  _id: unknown;
  _outbox: StoredOutboxEvent[];
}

export interface OutboxRelayOptions {
  bus: Pick<EventBus, 'publish' | 'isReady'>;
  logger: Logger;
  models: OutboxModel[];
  intervalMs?: number;
  batchSize?: number;
}

/** Where a write stored events: the relay reads that document by `_id` instead of scanning. */
export interface StoredEventsAt {
  model: OutboxModel;
  id: string;
}

/**
 * Publishes outbox events: right after a write (nudge, for the document the writer names) and by a
 * periodic sweep of every outbox collection (recovery from a crash between a write and its publish).
 * A pass publishes a batch of documents' events in one Kafka call, then empties (or deletes) those
 * documents in one write: a crash in between publishes them again, with the same event ids.
 *
 * Nothing runs until start() (ServiceRuntime.start, or a test): a relay never started leaves the
 * outbox alone, nudges and drain() included. While the bus is not ready nothing is read or published;
 * after such a pass, or one that failed, the next nudge (or the timer) sweeps every collection.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private started = false;
  private stopped = true;
  /** Documents named by writers since the last pass; `sweepAll` when some writer named none. */
  private hinted = new Map<OutboxModel, Set<string>>();
  private sweepAll = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.started = true;
    this.stopped = false;
    // Writes nudge the relay at once; the sweep only catches what a crash left behind, so it runs rarely.
    this.timer = setInterval(() => this.nudge(), this.options.intervalMs ?? 30_000);
    this.timer.unref();
    this.nudge();
  }

  /**
   * Asks for a publish pass soon; passes never overlap. With `at`, the pass reads just that document
   * by `_id`; without, it sweeps every outbox collection. Before start() (and after stop()) it does nothing.
   */
  nudge(at?: StoredEventsAt): void {
    if (this.stopped) return;
    if (at) {
      const ids = this.hinted.get(at.model) ?? new Set<string>();
      ids.add(at.id);
      this.hinted.set(at.model, ids);
    } else this.sweepAll = true;
    this.schedule();
  }

  /** Starts a pass over what is pending, or marks that one is wanted after the running pass. */
  private schedule(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (!this.sweepAll && this.hinted.size === 0) return;
    const [hinted, sweepAll] = [this.hinted, this.sweepAll];
    this.hinted = new Map();
    this.sweepAll = false;
    // A sweep covers the named documents too.
    this.running = (sweepAll ? this.sweep() : this.publishNamed(hinted))
      .then((done) => {
        // The bus was not ready: what is left goes out with the next nudge's (or the timer's) sweep.
        if (!done) this.sweepAll = true;
      })
      .catch((error) => {
        // What was not published stays in its document; the next nudge (or the timer) sweeps for it.
        this.sweepAll = true;
        this.options.logger.warn({ err: error }, 'outbox relay pass failed; will retry');
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  /**
   * Publishes the events of the named documents: reads them by `_id` (a batch at a time), then empties
   * (or deletes) them.
   * False when it stopped because the bus was not ready.
   */
  private async publishNamed(hinted: Map<OutboxModel, Set<string>>): Promise<boolean> {
    const batchSize = this.options.batchSize ?? 100;
    for (const [model, idSet] of hinted) {
      const ids = [...idSet];
      for (let start = 0; start < ids.length; start += batchSize) {
        if (!this.options.bus.isReady()) return false;
        const batch = ids.slice(start, start + batchSize);
        // One read for the batch, its documents then put back in the order they were named.
        const found = await model
          .find({ _id: { $in: batch } })
          .select(`+${OUTBOX_FIELD}`)
          .lean<OutboxDoc[]>()
          .exec();
        const byId = new Map(found.map((doc) => [String(doc._id), doc]));
        const docs = batch.flatMap((id) => {
          const doc = byId.get(id);
          return doc && (doc._outbox?.length ?? 0) > 0 ? [doc] : [];
        });
        if (docs.length === 0) continue;
        await this.options.bus.publish(docs.flatMap((doc) => doc._outbox.map(fromStoredOutbox)));
        await this.removePublished(model, docs);
      }
    }
    return true;
  }

  /**
   * Publishes everything pending now; resolves when the outboxes are empty (or the bus is not ready).
   * The final pass after stop() (ServiceRuntime.stop); a relay never started leaves the outbox alone.
   */
  async drain(): Promise<void> {
    if (this.started) await this.sweep();
  }

  /**
   * Every outbox collection, a batch of documents' events in one Kafka call at a time. It runs at start
   * and on the timer (writers' nudges name their document instead). False when the bus was not ready.
   */
  private async sweep(): Promise<boolean> {
    for (const model of this.options.models) {
      const seen = new Set<string>();
      for (;;) {
        if (!this.options.bus.isReady()) return false;
        const docs = await model
          .find(PENDING)
          .select(`+${OUTBOX_FIELD}`)
          .limit(this.options.batchSize ?? 100)
          .lean<OutboxDoc[]>()
          .exec();
        const fresh = docs.filter((doc) => !seen.has(doc._outbox[0].id));
        if (fresh.length === 0) break;
        const records = fresh.flatMap((doc) => doc._outbox.map(fromStoredOutbox));
        await this.options.bus.publish(records);
        records.forEach((record) => seen.add(record.id));
        await this.removePublished(model, fresh);
      }
    }
    return true;
  }

  /**
   * Empties the outboxes just published (nothing appends to an outbox, see outboxPlugin), or deletes
   * the documents of a collection that only carries events (`deleteWhenPublished`).
   */
  private async removePublished(model: OutboxModel, docs: OutboxDoc[]): Promise<void> {
    const published = { _id: { $in: docs.map((doc) => doc._id) } };
    if (deletedWhenPublished.has(model.schema)) await model.deleteMany(published).exec();
    else await model.updateMany(published, { $unset: { [OUTBOX_FIELD]: 1 } }).exec();
  }

  /** Stops the nudges and the timer, after the pass in flight; drain() then publishes what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/**
 * A collection whose documents only carry events: for changes that are not one document write (e.g. a
 * consumer's reaction to another service's event). The caller derives the `_id` from what caused the
 * events (such as the consumed event's id), so a retried handler inserts them at most once.
 */
export function outboxCollection(connection: Connection, name = 'outbox'): OutboxModel {
  const existing = connection.models[`Outbox_${name}`];
  if (existing) return existing;
  const schema = new Schema(
    { _id: { type: String, required: true } },
    { collection: name, versionKey: false },
  );
  schema.plugin(outboxPlugin);
  return connection.model(`Outbox_${name}`, schema);
}

/** Inserts events into an outbox collection once per `id` (a repeat is a no-op). */
export async function insertOutboxEvents(
  model: OutboxModel,
  id: string,
  records: EventRecord[],
): Promise<boolean> {
  try {
    await model.create({ _id: id, [OUTBOX_FIELD]: toStoredOutbox(records) });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}
