import { Inject, Injectable } from '@nestjs/common';
import { MessagingCache } from '../common/cache';
import { CONFIG, LuaScript } from '@aura/platform';
import type { MessagingConfig } from '../config';
import type { NotificationDoc } from './notification.schema';

/**
 * A member's recent notifications in Redis, `<p>:n:<member>`:
 *   hash   loaded, unread (count), read_all_ms (everything created up to then is read)
 *   :z     notification ids by creation time (ms), the most recent `window`
 *   :d     id -> notification JSON (as stored in MongoDB)
 *   :r     id -> read time, for those read one by one
 *   :g     generation: every change bumps it, and a load only lands if it did not move since the
 *          loader began reading MongoDB (else a change made meanwhile, which found nothing loaded
 *          to update, would be missing from the cache until it expires)
 * All expire together; MongoDB is the truth they are rebuilt from.
 */

/** Every change script starts with this (KEYS[5] is the generation). */
const BUMP = `redis.call('INCR', KEYS[5]) redis.call('PEXPIRE', KEYS[5], 3600000)`;

// ARGV: payload ttl generation-when-the-loader-began ('' for none)
const LOAD = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'loaded') == 1 then return 0 end
if (redis.call('GET', KEYS[5]) or '') ~= ARGV[3] then return -1 end
local p = cjson.decode(ARGV[1])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[1], 'loaded', '1', 'unread', p.unread, 'read_all_ms', '0')
for _, n in ipairs(p.items) do
  redis.call('ZADD', KEYS[2], n[2], n[1])
  redis.call('HSET', KEYS[3], n[1], n[3])
  if n[4] ~= '' then redis.call('HSET', KEYS[4], n[1], n[4]) end
end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
return 1
`);

// ARGV: id ms json window ttl
const ADD = new LuaScript(`
${BUMP}
if redis.call('HEXISTS', KEYS[1], 'loaded') == 0 then return -1 end
if redis.call('ZADD', KEYS[2], 'NX', ARGV[2], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
local readall = tonumber(redis.call('HGET', KEYS[1], 'read_all_ms') or '0') or 0
if tonumber(ARGV[2]) > readall then redis.call('HINCRBY', KEYS[1], 'unread', 1) end
local n = redis.call('ZCARD', KEYS[2])
local w = tonumber(ARGV[4])
if n > w then
  local old = redis.call('ZRANGE', KEYS[2], 0, n - w - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, n - w - 1)
  for _, id in ipairs(old) do
    redis.call('HDEL', KEYS[3], id)
    redis.call('HDEL', KEYS[4], id)
  end
end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[5]) end
return 1
`);

// ARGV: id iso unread_outside_window(0|1) ttl
const READ = new LuaScript(`
${BUMP}
if redis.call('HEXISTS', KEYS[1], 'loaded') == 0 then return -1 end
local function decr()
  local c = redis.call('HINCRBY', KEYS[1], 'unread', -1)
  if c < 0 then redis.call('HSET', KEYS[1], 'unread', 0) end
end
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if score then
  local readall = tonumber(redis.call('HGET', KEYS[1], 'read_all_ms') or '0') or 0
  if tonumber(score) <= readall then return 0 end
  if redis.call('HSETNX', KEYS[4], ARGV[1], ARGV[2]) == 0 then return 0 end
  decr()
  for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
  return 1
end
if ARGV[3] == '1' then decr() return 1 end
return 0
`);

// ARGV: now_ms
const READ_ALL = new LuaScript(`
${BUMP}
if redis.call('HEXISTS', KEYS[1], 'loaded') == 0 then return -1 end
redis.call('HSET', KEYS[1], 'read_all_ms', ARGV[1], 'unread', 0)
return 1
`);

// ARGV: id json ttl — replaces a cached notification (only if it is cached)
const PATCH = new LuaScript(`
${BUMP}
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
return 1
`);

export interface CachedNotification {
  doc: NotificationDoc;
  ms: number;
  readAt?: Date;
}

const reviveDoc = (json: string): NotificationDoc => {
  const doc = JSON.parse(json) as NotificationDoc;
  return {
    ...doc,
    created_at: new Date(doc.created_at),
    read_at: doc.read_at ? new Date(doc.read_at) : null,
  };
};

@Injectable()
export class NotificationCache {
  /** How many recent notifications a member keeps in Redis. */
  readonly window: number;

  constructor(
    @Inject(MessagingCache) private readonly cache: MessagingCache,
    @Inject(CONFIG) config: Pick<MessagingConfig, 'MESSAGING_RECENT_NOTIFICATIONS'>,
  ) {
    this.window = config.MESSAGING_RECENT_NOTIFICATIONS;
  }

  private keys(userId: string): [string, string, string, string, string] {
    const base = `${this.cache.prefix}:n:${userId}`;
    return [base, `${base}:z`, `${base}:d`, `${base}:r`, `${base}:g`];
  }

  /** Read before reading MongoDB for a load (see `:g` above). */
  async generation(userId: string): Promise<string> {
    return (await this.cache.redis.get(this.keys(userId)[4])) ?? '';
  }

  /** Marks a change made in MongoDB only (a load that began before it will not land). */
  async bump(userId: string): Promise<void> {
    const key = this.keys(userId)[4];
    await this.cache.redis.multi().incr(key).pexpire(key, 3_600_000).exec();
  }

  /** Forgets a member's notifications (their account was erased). */
  async drop(userId: string): Promise<void> {
    const keys = this.keys(userId);
    await this.cache.redis.del(...keys.slice(0, 4));
    await this.bump(userId);
  }

  async loaded(userId: string): Promise<boolean> {
    return (await this.cache.redis.hexists(this.keys(userId)[0], 'loaded')) === 1;
  }

  /** True if loaded now or already; false if something changed since `generation` was read. */
  async load(
    userId: string,
    recent: NotificationDoc[],
    unread: number,
    generation: string,
  ): Promise<boolean> {
    const payload = {
      unread: String(unread),
      items: recent.map((doc) => [
        doc._id,
        String(new Date(doc.created_at).getTime()),
        JSON.stringify(doc),
        doc.read_at ? new Date(doc.read_at).toISOString() : '',
      ]),
    };
    const result = await LOAD.run(this.cache.redis, this.keys(userId), [
      JSON.stringify(payload),
      this.cache.ttlMs,
      generation,
    ]);
    return Number(result) !== -1;
  }

  /** -1 not loaded, 1 added, 0 already there. */
  async add(doc: NotificationDoc): Promise<number> {
    return Number(
      await ADD.run(this.cache.redis, this.keys(doc.user_id), [
        doc._id,
        new Date(doc.created_at).getTime(),
        JSON.stringify(doc),
        this.window,
        this.cache.ttlMs,
      ]),
    );
  }

  /** -1 not loaded, 1 newly read, 0 already read (or unknown and not said to be unread). */
  async markRead(userId: string, id: string, at: Date, unreadOutsideWindow: boolean): Promise<number> {
    return Number(
      await READ.run(this.cache.redis, this.keys(userId), [
        id,
        at.toISOString(),
        unreadOutsideWindow ? '1' : '0',
        this.cache.ttlMs,
      ]),
    );
  }

  async markAllRead(userId: string, at: Date): Promise<number> {
    return Number(await READ_ALL.run(this.cache.redis, this.keys(userId), [at.getTime()]));
  }

  /** Replaces the cached copy of a notification that changed (coins attached). */
  async patch(doc: NotificationDoc): Promise<void> {
    await PATCH.run(this.cache.redis, this.keys(doc.user_id), [
      doc._id,
      JSON.stringify(doc),
      this.cache.ttlMs,
    ]);
  }

  /** A reward that arrived before its notification, kept a day for it (`<p>:nr:<notification id>`). */
  async rememberReward(id: string, micro: number): Promise<void> {
    await this.cache.redis.set(`${this.cache.prefix}:nr:${id}`, String(micro), 'EX', 24 * 3600);
  }

  /** The rewards kept for each of `ids` (one Redis round trip for all). */
  async pendingRewards(ids: string[]): Promise<(number | undefined)[]> {
    if (ids.length === 0) return [];
    const pipeline = this.cache.redis.pipeline();
    for (const id of ids) pipeline.get(`${this.cache.prefix}:nr:${id}`);
    const results = (await pipeline.exec()) ?? [];
    return ids.map((_, index) => {
      const [error, value] = results[index] ?? [];
      if (error) throw error;
      return value === null || value === undefined ? undefined : Number(value);
    });
  }

  async unread(userId: string): Promise<number> {
    return Math.max(0, Number((await this.cache.redis.hget(this.keys(userId)[0], 'unread')) ?? 0));
  }

  /** The window, newest first, with read state resolved. */
  async recent(userId: string): Promise<CachedNotification[]> {
    const [hash, z, d, r] = this.keys(userId);
    const flat = await this.cache.redis.zrevrange(z, 0, -1, 'WITHSCORES');
    if (flat.length === 0) return [];
    const ids: string[] = [];
    const scores: number[] = [];
    for (let index = 0; index < flat.length; index += 2) {
      ids.push(flat[index]);
      scores.push(Number(flat[index + 1]));
    }
    const [jsons, reads, readAllMs] = await Promise.all([
      this.cache.redis.hmget(d, ...ids),
      this.cache.redis.hmget(r, ...ids),
      this.cache.redis.hget(hash, 'read_all_ms'),
    ]);
    const readAll = Number(readAllMs ?? 0);
    const result: CachedNotification[] = [];
    ids.forEach((id, index) => {
      const json = jsons[index];
      if (!json) return;
      const doc = reviveDoc(json);
      const ms = scores[index];
      const readAt = reads[index]
        ? new Date(reads[index]!)
        : (doc.read_at ?? (ms <= readAll ? new Date(readAll) : undefined));
      result.push({ doc, ms, readAt: readAt ?? undefined });
    });
    return result;
  }
}
