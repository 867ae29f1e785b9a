import Redis from 'ioredis';

export type { Redis } from 'ioredis';

/** A Redis client that fails a command fast while Redis is down instead of queueing it forever. */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}
