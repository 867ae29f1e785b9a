import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '@aura/platform';
import type { Redis } from 'ioredis';
import { Connection, Schema } from 'mongoose';

export const MESSAGING_CACHE = Symbol('MessagingCache');

/**
 * Where messaging's hot state lives in Redis: every key starts with `prefix`, which names the
 * database and an epoch stored in that database. A database that is dropped and made again (tests)
 * gets a new epoch, so it never meets the Redis state of its predecessor; the old keys expire.
 * MongoDB stays the source of truth: each structure can be rebuilt from it (see the caches).
 */
export interface MessagingCache {
  redis: Redis;
  prefix: string;
  /** Milliseconds an idle cache lives. */
  ttlMs: number;
}

interface MetaDoc {
  _id: string;
  value: string;
}

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

export async function createMessagingCache(
  redis: Redis,
  connection: Connection,
  ttlSeconds: number,
): Promise<MessagingCache> {
  const epoch = await cacheEpoch(connection);
  return { redis, prefix: `msg:${connection.name}:${epoch}`, ttlMs: ttlSeconds * 1000 };
}
