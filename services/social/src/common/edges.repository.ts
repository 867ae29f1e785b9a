import {
  EventRecord,
  isDuplicateKeyError,
  MONGO,
  outboxPlugin,
  RUNTIME,
  StoredOutboxEvent,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { OutboxHost } from './outbox-host';

/**
 * Likes and follows are "edges": one document per (actor, target) with a deterministic `_id`, so a
 * member can like a post or follow a member at most once however many requests race (the `_id` index
 * decides). Adding an edge stores its event in the edge document itself. Removing one first records
 * a removal (with the event, and any event of the edge not yet published) under an id naming that
 * edge instance, then deletes the edge: a crash between the two leaves a removal that the recovery
 * sweep completes, and a repeated removal of the same instance is a no-op, so the event goes out
 * exactly once. The caller moves the target's counter right after its insert or delete succeeded
 * (CounterRepair recounts a target when a crash came in between).
 */
export interface EdgeDoc {
  _id: string;
  createdAt: Date;
}

/** The collection of one kind of edge (post likes, comment likes, follows). */
export type EdgeModel = Model<EdgeDoc>;

/** The kinds of edges; a removal names its kind (and the sweep recounts by it). */
export const EDGE_KINDS = { postLike: 'post_like', commentLike: 'comment_like', follow: 'follow' } as const;
export type EdgeKind = (typeof EDGE_KINDS)[keyof typeof EDGE_KINDS];

export interface EdgeRemovalDoc {
  _id: string;
  kind: string;
  edgeId: string;
  edgeCreatedAt: Date;
  createdAt: Date;
  done: boolean;
}

const removalSchema = new Schema<EdgeRemovalDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    edgeId: { type: String, required: true },
    edgeCreatedAt: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    done: { type: Boolean, default: false },
  },
  { collection: 'edge_removals', versionKey: false },
);
removalSchema.index({ done: 1, createdAt: 1 });
/** Removals of the last minutes (CounterRepair). */
removalSchema.index({ createdAt: 1 });
removalSchema.plugin(outboxPlugin);

/** Inserts an edge with its events; false if it already exists. Called by the edge's repository. */
export async function insertEdge<T extends EdgeDoc>(
  model: Model<T>,
  doc: T,
  events: EventRecord[],
  host: OutboxHost,
): Promise<boolean> {
  try {
    await model.create({ ...doc, _outbox: toStoredOutbox(events) });
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  host.eventsStored(events, { model, id: doc._id });
  return true;
}

/** The events an edge's removal publishes, made from the edge as stored. */
export type RemovalEvents<T extends EdgeDoc> = (edge: T) => Promise<EventRecord[]>;

/**
 * One kind of edge as its repository writes it: `insert` once with its events (insertEdge), `remove`
 * through EdgeRemovals. Made by `EdgeRemovals.edges`, which registers the kind for recovery.
 */
export class Edges<T extends EdgeDoc> {
  constructor(
    private readonly kind: EdgeKind,
    private readonly model: Model<T>,
    private readonly removals: EdgeRemovals,
    private readonly host: OutboxHost,
  ) {}

  /** Inserts the edge with its events; false if it already exists. */
  insert(edge: T, events: EventRecord[]): Promise<boolean> {
    return insertEdge(this.model, edge, events, this.host);
  }

  /** EdgeRemovals.remove of the edge `edgeId` of this kind. */
  remove(edgeId: string, events: RemovalEvents<T>, now: Date): Promise<T | null> {
    return this.removals.remove(this.kind, this.model, edgeId, events, now);
  }
}

/**
 * The removals of edges. Each edge's repository gets its kind's `Edges` from `edges(kind, model)` in
 * its constructor (which registers the collection), and inserts and removes through it; `recover`
 * completes the interrupted removals of every registered kind.
 */
@Injectable()
export class EdgeRemovals implements OnModuleInit {
  readonly model: Model<EdgeRemovalDoc>;
  private readonly kinds = new Map<string, EdgeModel>();

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly host: OutboxHost,
  ) {
    this.model =
      (connection.models.EdgeRemoval as Model<EdgeRemovalDoc>) ??
      connection.model<EdgeRemovalDoc>('EdgeRemoval', removalSchema);
    host.registerOutbox(this.model);
  }

  async onModuleInit(): Promise<void> {
    await this.model.init();
  }

  /** The edges of `kind`, stored in `model`, for their repository; registers them for `recover`. */
  edges<T extends EdgeDoc>(kind: EdgeKind, model: Model<T>): Edges<T> {
    this.kinds.set(kind, model as unknown as EdgeModel);
    return new Edges(kind, model, this, this.host);
  }

  /**
   * Removes an edge and publishes `events(edge)` once. Returns the edge when this call deleted it (its
   * caller then moves the target's counter), or null when there was none or a concurrent call
   * deleted it.
   */
  async remove<T extends EdgeDoc>(
    kind: EdgeKind,
    edges: Model<T>,
    edgeId: string,
    events: RemovalEvents<T>,
    now: Date,
  ): Promise<T | null> {
    const edge = await edges
      .findById(edgeId)
      .select('+_outbox')
      .lean<T & { _outbox?: StoredOutboxEvent[] }>()
      .exec();
    if (!edge) return null;
    const records = await events(edge);
    const removalId = `${kind}:${edgeId}:${new Date(edge.createdAt).getTime()}`;
    try {
      await this.model.create({
        _id: removalId,
        kind,
        edgeId,
        edgeCreatedAt: edge.createdAt,
        createdAt: now,
        done: false,
        // The edge's own events not yet published go first, so deleting the edge loses none of them
        // (published twice at worst; consumers dedupe by event id).
        _outbox: [...(edge._outbox ?? []), ...toStoredOutbox(records)],
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // This edge instance is already being removed (a concurrent request, or one that crashed
      // halfway): its removal carries the events; finish it.
      return (await this.complete(edges, removalId, edgeId, edge.createdAt)) ? edge : null;
    }
    this.host.eventsStored(records, { model: this.model, id: removalId });
    return (await this.complete(edges, removalId, edgeId, edge.createdAt)) ? edge : null;
  }

  /** Deletes the edge and marks the removal done; true if this call deleted the edge. */
  private async complete<T extends EdgeDoc>(
    edges: Model<T>,
    removalId: string,
    edgeId: string,
    edgeCreatedAt: Date,
  ): Promise<boolean> {
    const { deletedCount } = await edges.deleteOne({ _id: edgeId, createdAt: edgeCreatedAt }).exec();
    await this.model.updateOne({ _id: removalId }, { $set: { done: true } }).exec();
    return deletedCount === 1;
  }

  /** The edges removed (or being removed) in [since, until), by kind. */
  async removedBetween(since: Date, until: Date): Promise<{ kind: string; edgeId: string }[]> {
    return this.model
      .find({ createdAt: { $gte: since, $lt: until } })
      .select({ _id: 0, kind: 1, edgeId: 1 })
      .lean<{ kind: string; edgeId: string }[]>()
      .exec();
  }

  /**
   * Completes removals that a crash left halfway (older than `before`, of the registered kinds).
   * Returns the edge ids.
   */
  async recover(before: Date): Promise<{ kind: string; edgeId: string }[]> {
    const pending = await this.model
      .find({ done: false, createdAt: { $lt: before } })
      .limit(200)
      .lean<EdgeRemovalDoc[]>()
      .exec();
    const completed: { kind: string; edgeId: string }[] = [];
    for (const removal of pending) {
      const edges = this.kinds.get(removal.kind);
      if (!edges) continue;
      await this.complete(edges, removal._id, removal.edgeId, removal.edgeCreatedAt);
      completed.push({ kind: removal.kind, edgeId: removal.edgeId });
    }
    // A completed removal whose events are published has done its work (its edge instance is gone,
    // so nothing can repeat it): drop it after a day so the collection does not grow.
    await this.model
      .deleteMany({
        done: true,
        createdAt: { $lt: new Date(before.getTime() - 24 * 3600 * 1000) },
        '_outbox.0': { $exists: false },
      })
      .exec();
    return completed;
  }
}
