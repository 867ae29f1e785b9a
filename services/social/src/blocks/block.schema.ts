import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** One member blocking another (collection `blocks`, `_id` = "<blockerId>:<blockedId>"), from identity's events. */
export interface BlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  createdAt: Date;
}

export const blockSchema = new Schema<BlockDoc>(
  {
    _id: { type: String, required: true },
    blockerId: { type: String, required: true },
    blockedId: { type: String, required: true },
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
