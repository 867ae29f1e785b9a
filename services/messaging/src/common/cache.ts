import type { ServiceRuntime } from '@aura/platform';
import type { Redis } from 'ioredis';
import { cacheEpoch } from './meta.repository';

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

export async function createMessagingCache(
  redis: Redis,
  connection: ServiceRuntime['mongo'],
  ttlSeconds: number,
): Promise<MessagingCache> {
  const epoch = await cacheEpoch(connection);
  return { redis, prefix: `msg:${connection.name}:${epoch}`, ttlMs: ttlSeconds * 1000 };
}
