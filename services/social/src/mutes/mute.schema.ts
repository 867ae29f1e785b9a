import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** A member muting another (collection `mutes`, `_id` = "<muterId>:<mutedId>": one per pair). */
export interface MuteDoc {
  _id: string;
  muterId: string;
  mutedId: string;
  createdAt: Date;
}

const muteSchema = new Schema<MuteDoc>(
  {
    _id: { type: String, required: true },
    muterId: { type: String, required: true },
    mutedId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'mutes', versionKey: false },
);
/** A member's mutes, newest first (the Privacy list; the set the feeds leave out). */
muteSchema.index({ muterId: 1, createdAt: -1, _id: -1 });

export const muteId = (muterId: string, mutedId: string) => `${muterId}:${mutedId}`;

export function muteModel(connection: Connection): Model<MuteDoc> {
  return (connection.models.Mute as Model<MuteDoc>) ?? connection.model<MuteDoc>('Mute', muteSchema);
}
