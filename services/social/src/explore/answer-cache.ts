import { LOGGER } from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';

/**
 * Short-lived answers in Redis (JSON), for reads that every visitor repeats: the landing page polls
 * public stats and the preview every 15 s, Explore opens on trending tags and the top lists.
 * Keys: `<social's prefix>answer:<name>` (SocialKeys.prefix, which carries the run's database
 * suffix, so test runs never meet each other or development data), with a TTL of a few seconds.
 * Redis failing only costs the cache: the answer is computed.
 */
@Injectable()
export class AnswerCache {
  constructor(
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  key(name: string): string {
    return `${this.keys.prefix}answer:${name}`;
  }

  /** The cached answer of `name`, or `compute()` stored for `ttlMs` (0 = no caching). */
  async get<T>(name: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const hit = await this.peek<T>(name);
    if (hit !== undefined) return hit;
    const value = await compute();
    await this.put(name, value, ttlMs);
    return value;
  }

  /** The cached answer of `name`, if there is one (Redis failing: none). */
  async peek<T>(name: string): Promise<T | undefined> {
    const key = this.key(name);
    try {
      const hit = await this.cache.redis.get(key);
      return hit === null ? undefined : (JSON.parse(hit) as T);
    } catch (error) {
      this.logger?.warn({ err: error, key }, 'answer cache read failed');
      return undefined;
    }
  }

  /** Keeps `value` as the answer of `name` for `ttlMs` (0 = not at all). */
  async put(name: string, value: unknown, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    const key = this.key(name);
    try {
      await this.cache.redis.set(key, JSON.stringify(value), 'PX', ttlMs);
    } catch (error) {
      this.logger?.warn({ err: error, key }, 'answer cache write failed');
    }
  }
}
