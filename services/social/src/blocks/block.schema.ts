import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/**
 * One pair's block state as identity last told it (collection `blocks`, `_id` = "<blockerId>:<blockedId>"):
 * `active` false after an unblock (kept, so that a late block event older than `changedAt` cannot
 * bring it back). Documents written before `active` existed are blocks.
 */
export interface BlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  active?: boolean;
  changedAt?: Date;
  createdAt: Date;
}

export const blockSchema = new Schema<BlockDoc>(
  {
    _id: { type: String, required: true },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
    active: { type: Boolean },
    changedAt: { type: Date },
    createdAt: { type: Date, required: true },
  },
  { collection: 'blocks', versionKey: false },
);
blockSchema.index({ blockerId: 1 });
blockSchema.index({ blockedId: 1 });

export function blockModel(connection: Connection): Model<BlockDoc> {
  return (connection.models.Block as Model<BlockDoc>) ?? connection.model<BlockDoc>('Block', blockSchema);
}

export const blockId = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;
