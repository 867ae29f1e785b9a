import type { Redis } from 'ioredis';
import { REDIS, SingleFlight } from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';

/** Marks a cached set or sorted set as complete (an empty set still exists). Never a real member. */
export const SENTINEL = '~';
const GEN_TTL_SECONDS = 2 * 24 * 3600;

const genKey = (key: string) => `${key}:gen`;

/** The keys a cache command takes: the copy and its generation. */
export const cacheKeys = (key: string): [string, string] => [key, genKey(key)];

/*
 * Rebuildable caches guarded by a generation counter. A writer changes MongoDB first, then bumps the
 * key's generation and applies its change to the cached copy if one exists. A reader that finds no
 * copy reads the generation, loads from MongoDB and stores the copy only if the generation is
 * unchanged, so a copy built from a read that raced a write is never stored (without the guard a
 * rebuild could store a timeline missing a post fanned out while it read). A rebuild is one indexed
 * query, so a reader that loses this race only leaves the rebuild to the next reader. Sets and
 * sorted sets follow the same rule.
 */
const FILL_SET = `
local g = redis.call('GET', KEYS[2]) or ''
if g ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SADD', KEYS[1], '${SENTINEL}')
for i = 3, #ARGV do redis.call('SADD', KEYS[1], ARGV[i]) end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

const CHANGE_SET = `
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ${GEN_TTL_SECONDS})
if ARGV[1] == 'del' then redis.call('DEL', KEYS[1]) return 1 end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #ARGV do
  if ARGV[1] == 'add' then redis.call('SADD', KEYS[1], ARGV[i]) else redis.call('SREM', KEYS[1], ARGV[i]) end
end
return 1`;

const FILL_ZSET = `
local g = redis.call('GET', KEYS[2]) or ''
if g ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZADD', KEYS[1], -1, '${SENTINEL}')
for i = 3, #ARGV, 2 do redis.call('ZADD', KEYS[1], tonumber(ARGV[i]), ARGV[i + 1]) end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

/** ARGV: 'add' | 'rem' | 'del', then a cap (an add keeps the `cap` highest scores; 0 = all), then entries. */
const CHANGE_ZSET = `
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ${GEN_TTL_SECONDS})
if ARGV[1] == 'del' then redis.call('DEL', KEYS[1]) return 1 end
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[1] == 'add' then
  for i = 3, #ARGV, 2 do redis.call('ZADD', KEYS[1], tonumber(ARGV[i]), ARGV[i + 1]) end
  local cap = tonumber(ARGV[2])
  if cap > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 1, -(cap + 1)) end
  return 1
end
for i = 3, #ARGV do redis.call('ZREM', KEYS[1], ARGV[i]) end
return 1`;

/**
 * CHANGE_ZSET's 'add' of one entry to many sorted sets in one call (a post's fan-out: one command
 * and one span instead of one per timeline). KEYS: copy and generation of each set, in pairs; ARGV:
 * the score, the id, then each set's cap. Answers how many copies existed.
 */
const ADD_TO_ZSETS = `
local score, id, added = tonumber(ARGV[1]), ARGV[2], 0
for i = 1, #KEYS, 2 do
  redis.call('INCR', KEYS[i + 1])
  redis.call('EXPIRE', KEYS[i + 1], ${GEN_TTL_SECONDS})
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('ZADD', KEYS[i], score, id)
    local cap = tonumber(ARGV[2 + (i + 1) / 2])
    if cap > 0 then redis.call('ZREMRANGEBYRANK', KEYS[i], 1, -(cap + 1)) end
    added = added + 1
  end
end
return added`;

interface CacheCommands {
  socialFillSet(
    key: string,
    gen: string,
    expected: string,
    ttl: number,
    ...members: string[]
  ): Promise<number>;
  socialChangeSet(key: string, gen: string, op: string, ...members: string[]): Promise<number>;
  socialFillZset(
    key: string,
    gen: string,
    expected: string,
    ttl: number,
    ...pairs: string[]
  ): Promise<number>;
  socialChangeZset(key: string, gen: string, op: string, cap: number, ...args: string[]): Promise<number>;
  socialAddToZsets(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

export type CacheRedis = Redis & CacheCommands;

export function withCacheCommands(redis: Redis): CacheRedis {
  const client = redis as CacheRedis;
  if (typeof client.socialFillSet !== 'function') {
    redis.defineCommand('socialFillSet', { numberOfKeys: 2, lua: FILL_SET });
    redis.defineCommand('socialChangeSet', { numberOfKeys: 2, lua: CHANGE_SET });
    redis.defineCommand('socialFillZset', { numberOfKeys: 2, lua: FILL_ZSET });
    redis.defineCommand('socialChangeZset', { numberOfKeys: 2, lua: CHANGE_ZSET });
    redis.defineCommand('socialAddToZsets', { lua: ADD_TO_ZSETS });
  }
  return client;
}

export interface ScoredId {
  id: string;
  score: number;
}

/** Where a page continues: strictly after (score, id) in the list's order. */
export interface ScorePosition {
  score: number;
  id: string;
}

/** desc: newest first, ties by id descending; asc: oldest first, ties by id ascending. */
export type Order = 'desc' | 'asc';

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareScored(order: Order): (a: ScoredId, b: ScoredId) => number {
  return order === 'desc'
    ? (a, b) => b.score - a.score || compareIds(b.id, a.id)
    : (a, b) => a.score - b.score || compareIds(a.id, b.id);
}

export const byScoreDesc = compareScored('desc');

export function isAfter(item: ScoredId, position: ScorePosition | undefined, order: Order = 'desc'): boolean {
  return !position || compareScored(order)(position, item) < 0;
}

/**
 * Generation-guarded sets and sorted sets, and JSON values read by key. Built on the platform's
 * Redis client (REDIS); social cannot run without one, so its absence fails at start.
 */
@Injectable()
export class RedisCache {
  readonly redis: CacheRedis;

  /** Rebuilds under way in this process: concurrent readers of one missing copy share one load. */
  private readonly rebuilding = new SingleFlight();

  constructor(@Optional() @Inject(REDIS) redis: Redis | undefined) {
    if (!redis) throw new Error('social needs Redis (ServiceRuntime.create({ redis: true }))');
    this.redis = withCacheCommands(redis);
  }

  /** (A `load` given to set/contains/zsetPage must read MongoDB, never the same cached key: it would wait on itself.) */
  private rebuildOnce<T>(key: string, rebuild: () => Promise<T>): Promise<T> {
    return this.rebuilding.run(key, rebuild);
  }

  // ---- sets -----------------------------------------------------------------------------------

  /** The cached set, rebuilt by `load` when missing. */
  async set(key: string, ttlSeconds: number, load: () => Promise<string[]>): Promise<Set<string>> {
    const members = await this.redis.smembers(key);
    if (members.includes(SENTINEL)) return new Set(members.filter((member) => member !== SENTINEL));
    const loaded = await this.rebuildOnce(key, async () => {
      const generation = (await this.redis.get(genKey(key))) ?? '';
      const members = [...new Set(await load())];
      await this.redis.socialFillSet(key, genKey(key), generation, ttlSeconds, ...members);
      return members;
    });
    return new Set(loaded);
  }

  /** Which of `candidates` are in the cached set (rebuilt when missing). */
  async contains(
    key: string,
    candidates: string[],
    ttlSeconds: number,
    load: () => Promise<string[]>,
  ): Promise<boolean[]> {
    if (candidates.length === 0) return [];
    const flags = await this.redis.smismember(key, SENTINEL, ...candidates);
    if (flags[0] === 1) return flags.slice(1).map((flag) => flag === 1);
    const members = await this.set(key, ttlSeconds, load);
    return candidates.map((candidate) => members.has(candidate));
  }

  addToSet(key: string, ...members: string[]): Promise<number> {
    return this.redis.socialChangeSet(key, genKey(key), 'add', ...members);
  }

  removeFromSet(key: string, ...members: string[]): Promise<number> {
    return this.redis.socialChangeSet(key, genKey(key), 'rem', ...members);
  }

  /**
   * Called after a writer changed MongoDB and then the cached set: if the copy disagrees with the
   * truth read now (another writer's change landed in between, in the other order), it is dropped.
   * The last writer's check comes after every change, so the copy ends right or absent.
   */
  async reconcileMember(key: string, member: string, truth: () => Promise<boolean>): Promise<void> {
    const present = await truth();
    const [exists, cached] = await this.redis.smismember(key, SENTINEL, member);
    if (exists === 1 && (cached === 1) !== present) await this.invalidate(key);
  }

  /** Drops a cached set or sorted set so the next read rebuilds it (and no racing rebuild stores it). */
  async invalidate(key: string): Promise<void> {
    await this.redis.socialChangeSet(key, genKey(key), 'del');
  }

  // ---- sorted sets (scores are epoch milliseconds or other non-negative numbers) --------------

  /**
   * Up to `count` entries after `position` in `order`, from the cached sorted set; when it is missing,
   * `load` rebuilds it (all entries) and the page is cut from what was loaded.
   */
  async zsetPage(
    key: string,
    ttlSeconds: number,
    load: () => Promise<ScoredId[]>,
    position: ScorePosition | undefined,
    count: number,
    order: Order = 'desc',
  ): Promise<ScoredId[]> {
    if ((await this.redis.zscore(key, SENTINEL)) !== null)
      return this.zrangeAfter(key, position, count, order);
    const loaded = await this.rebuildOnce(key, async () => {
      const generation = (await this.redis.get(genKey(key))) ?? '';
      const items = await load();
      const pairs = items.flatMap((item) => [String(item.score), item.id]);
      await this.redis.socialFillZset(...cacheKeys(key), generation, ttlSeconds, ...pairs);
      return items;
    });
    return loaded
      .filter((item) => isAfter(item, position, order))
      .sort(compareScored(order))
      .slice(0, count);
  }

  /** Up to `count` entries after `position` in `order` (sentinel excluded; scores are ≥ 0). */
  async zrangeAfter(
    key: string,
    position: ScorePosition | undefined,
    count: number,
    order: Order = 'desc',
  ): Promise<ScoredId[]> {
    const items: ScoredId[] = [];
    let offset = 0;
    // Entries sharing the position's score but not after it are skipped; ask for a few more.
    for (;;) {
      const batch = count + 20;
      const raw =
        order === 'desc'
          ? await this.redis.zrevrangebyscore(
              key,
              position ? String(position.score) : '+inf',
              '0',
              'WITHSCORES',
              'LIMIT',
              offset,
              batch,
            )
          : await this.redis.zrangebyscore(
              key,
              position ? String(position.score) : '0',
              '+inf',
              'WITHSCORES',
              'LIMIT',
              offset,
              batch,
            );
      for (let i = 0; i < raw.length; i += 2) {
        const item = { id: raw[i], score: Number(raw[i + 1]) };
        if (item.id !== SENTINEL && isAfter(item, position, order)) items.push(item);
      }
      if (items.length >= count || raw.length < batch * 2) break;
      offset += batch;
    }
    return items.sort(compareScored(order)).slice(0, count);
  }

  /** Adds entries to a cached sorted set if it exists, keeping the `cap` highest (0 = all). */
  addToZset(key: string, items: ScoredId[], cap = 0): Promise<number> {
    const args = items.flatMap((item) => [String(item.score), item.id]);
    return this.redis.socialChangeZset(...cacheKeys(key), 'add', cap, ...args);
  }

  /**
   * addToZset() of one entry to each of `targets` (with its own cap), in one command; answers how
   * many of the copies existed.
   */
  addToZsets(item: ScoredId, targets: { key: string; cap: number }[]): Promise<number> {
    if (targets.length === 0) return Promise.resolve(0);
    return this.redis.socialAddToZsets(
      targets.length * 2,
      ...targets.flatMap(({ key }) => cacheKeys(key)),
      String(item.score),
      item.id,
      ...targets.map(({ cap }) => cap),
    );
  }

  removeFromZset(key: string, ...ids: string[]): Promise<number> {
    return this.redis.socialChangeZset(...cacheKeys(key), 'rem', 0, ...ids);
  }

  // ---- JSON values ----------------------------------------------------------------------------

  async getJson<T>(keys: string[]): Promise<(T | undefined)[]> {
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return values.map((value) => (value === null ? undefined : (JSON.parse(value) as T)));
  }
}
