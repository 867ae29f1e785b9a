import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/** Messaging's own facts about its database (collection `meta`). */
interface MetaDoc {
  _id: string;
  value: string;
}

const metaSchema = new Schema<MetaDoc>(
  { _id: String, value: String },
  { collection: 'meta', versionKey: false },
);

/** The `meta` collection: the Redis epoch MessagingCache reads at start. */
@Injectable()
export class MetaRepository {
  private readonly model: Model<MetaDoc>;

  constructor(@Inject(MONGO) private readonly connection: Connection) {
    this.model =
      (connection.models.MessagingMeta as Model<MetaDoc>) ??
      connection.model<MetaDoc>('MessagingMeta', metaSchema);
  }

  /** The database's name (the Redis keys name it, see MessagingCache). */
  get databaseName(): string {
    return this.connection.name;
  }

  /** The database's Redis epoch (see MessagingCache): made once, the same ever after. */
  async cacheEpoch(): Promise<string> {
    try {
      await this.model.create({ _id: 'redis_epoch', value: randomUUID().slice(0, 8) });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const doc = await this.model.findById('redis_epoch').lean<MetaDoc>().exec();
    if (!doc) throw new Error('redis epoch vanished');
    return doc.value;
  }
}
