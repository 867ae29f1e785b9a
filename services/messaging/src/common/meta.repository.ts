import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '@aura/platform';
import { Connection, Schema } from 'mongoose';

/** Messaging's own facts about its database (collection `meta`). */
interface MetaDoc {
  _id: string;
  value: string;
}

/** The database's Redis epoch (see MessagingCache): made once, the same ever after. */
export async function cacheEpoch(connection: Connection): Promise<string> {
  const model =
    connection.models.MessagingMeta ??
    connection.model<MetaDoc>(
      'MessagingMeta',
      new Schema<MetaDoc>({ _id: String, value: String }, { collection: 'meta', versionKey: false }),
    );
  try {
    await model.create({ _id: 'redis_epoch', value: randomUUID().slice(0, 8) });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const doc = await model.findById('redis_epoch').lean<MetaDoc>().exec();
  if (!doc) throw new Error('redis epoch vanished');
  return doc.value;
}
