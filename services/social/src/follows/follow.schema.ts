import { outboxPlugin } from '@aura/platform';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** A member following another (collection `follows`, `_id` = "<followerId>:<followeeId>"). */
export interface FollowDoc {
  _id: string;
  followerId: string;
  followeeId: string;
  createdAt: Date;
}

const followSchema = new Schema<FollowDoc>(
  {
    _id: { type: String, required: true },
    followerId: { type: String, required: true },
    followeeId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'follows', versionKey: false },
);
followSchema.index({ followerId: 1 });
followSchema.index({ followeeId: 1 });
/** Follows of the last minutes (CounterRepair). */
followSchema.index({ createdAt: 1 });
followSchema.plugin(outboxPlugin);

export const followId = (followerId: string, followeeId: string) => `${followerId}:${followeeId}`;

export function followModel(connection: Connection): Model<FollowDoc> {
  return (
    (connection.models.Follow as Model<FollowDoc>) ?? connection.model<FollowDoc>('Follow', followSchema)
  );
}
