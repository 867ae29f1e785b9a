import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script run by its SHA (EVALSHA), loaded on first use or after a Redis restart. */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run<T = unknown>(redis: Redis, keys: string[], args: (string | number)[]): Promise<T> {
    try {
      return (await redis.evalsha(this.sha, keys.length, ...keys, ...args)) as T;
    } catch (error) {
      if (!String((error as Error).message).includes('NOSCRIPT')) throw error;
      return (await redis.eval(this.source, keys.length, ...keys, ...args)) as T;
    }
  }
}
