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

/**
 * Closes a client: QUIT when connected (its pending replies first, at most `timeoutMs`), else at once.
 * A QUIT sent while Redis is down waits in the offline queue for a connection that may never come
 * (for ever on a client without a retry limit), which would hang a shutdown.
 */
export async function closeRedis(client: Redis, timeoutMs = 2000): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  const timer = setTimeout(() => client.disconnect(), timeoutMs);
  try {
    await client.quit();
  } catch {
    // Disconnected meanwhile: closed either way.
  } finally {
    clearTimeout(timer);
  }
}
