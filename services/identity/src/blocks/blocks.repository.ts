import {
  collectionOf,
  createEvent,
  insertOnce,
  insertOutboxEvents,
  MONGO,
  outboxCollection,
  OutboxModel,
  RUNTIME,
  ServiceRuntime,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { blockId, BlockDoc, blockSchema } from './block.schema';

export interface Block {
  blockerId: string;
  blockedId: string;
  reason: string;
  createdAt: Date;
}

const toBlock = (doc: BlockDoc): Block => ({
  blockerId: doc.blocker_id,
  blockedId: doc.blocked_id,
  reason: doc.reason ?? '',
  createdAt: new Date(doc.created_at),
});

/**
 * Blocks and their events as two idempotent steps. The block document is inserted once (`_id` =
 * pair); its event goes to the `block_events` outbox under an id derived from the block (pair + the
 * block's creation time), so every step can be repeated: a retried block or unblock finishes what a
 * crashed one began and never publishes twice. The relay usually publishes a block before the unblock
 * that follows it, but does not promise it (a pass that failed, or another replica's relay, can let a
 * later event out first): consumers order by `changed_at`.
 */
@Injectable()
export class BlocksRepository implements OnModuleInit {
  private readonly model: Model<BlockDoc>;
  private readonly events: OutboxModel;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME)
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
  ) {
    this.model = connection.models.Block ?? connection.model<BlockDoc>('Block', blockSchema);
    this.events = outboxCollection(connection, 'block_events');
    runtime.registerOutbox(this.events);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  async find(blockerId: string, blockedId: string): Promise<Block | null> {
    const doc = await this.model
      .findOne({ _id: blockId(blockerId, blockedId) })
      .lean<BlockDoc>()
      .exec();
    return doc ? toBlock(doc) : null;
  }

  /** The blocks between two members, either direction. */
  async between(a: string, b: string): Promise<Block[]> {
    const docs = await this.model
      .find({ _id: { $in: [blockId(a, b), blockId(b, a)] } })
      .lean<BlockDoc[]>()
      .exec();
    return docs.map(toBlock);
  }

  async listByBlocker(blockerId: string, limit = 1000): Promise<Block[]> {
    const docs = await this.model
      .find({ blocker_id: blockerId })
      .sort({ created_at: -1 })
      .limit(limit)
      .lean<BlockDoc[]>()
      .exec();
    return docs.map(toBlock);
  }

  /** Inserts the block (or finds the existing one) and makes sure its user.blocked event is stored. */
  async block(blockerId: string, blockedId: string, reason: string): Promise<Block> {
    let block: Block | null = { blockerId, blockedId, reason, createdAt: new Date() };
    const inserted = await insertOnce(collectionOf(this.model), {
      _id: blockId(blockerId, blockedId),
      blocker_id: blockerId,
      blocked_id: blockedId,
      reason,
      created_at: block.createdAt,
    });
    if (!inserted) {
      block = await this.find(blockerId, blockedId);
      // Unblocked between our insert and this read: the unblock won, and that is a valid order.
      if (!block) return { blockerId, blockedId, reason, createdAt: new Date() };
    }
    await this.storeEvent('user.blocked', block, block.createdAt);
    return block;
  }

  /** Stores the user.unblocked event of the block, then deletes it. False when there was none. */
  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    const block = await this.find(blockerId, blockedId);
    if (!block) return false;
    await this.storeEvent('user.unblocked', block, new Date());
    await this.model.deleteOne({ _id: blockId(blockerId, blockedId) }).exec();
    return true;
  }

  private async storeEvent(type: 'user.blocked' | 'user.unblocked', block: Block, at: Date): Promise<void> {
    const record = createEvent(this.runtime.service, type, block.blockerId, {
      blockerId: block.blockerId,
      blockedId: block.blockedId,
      changedAt: at.toISOString(),
    });
    const kind = type === 'user.blocked' ? 'blocked' : 'unblocked';
    const id = `${kind}:${blockId(block.blockerId, block.blockedId)}:${block.createdAt.getTime()}`;
    if (await insertOutboxEvents(this.events, id, [record]))
      this.runtime.eventsStored([record], { model: this.events, id });
  }
}
