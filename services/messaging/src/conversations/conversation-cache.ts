import { Inject, Injectable } from '@nestjs/common';
import { MessagingCache } from '../common/cache';
import { CONFIG, LuaScript } from '@aura/platform';
import type { MessagingConfig } from '../config';
import { fromCacheJson, StoredMessage, toCacheJson } from '../messages/message';
import type { ConversationSnapshot } from './conversations.repository';

/**
 * Redis keys of one conversation `<p>:c:<id>` (all four expire together, refreshed on every write):
 *   hash        loaded, created_at, created_by, updated_at, last (message id), last_ms, total,
 *               u:<member> (that member's unread count)
 *   :z          sorted set of the most recent message ids, scored by time (ms)
 *   :d          hash message id -> message JSON
 *   :r          hash message id -> read time (ISO), for the recent messages the recipient read
 * and of one member `<p>:u:<id>:cv`, a sorted set of their conversation ids scored by last activity,
 * with `<p>:u:<id>:cl` saying it was loaded from MongoDB. Scripts change them atomically, and each
 * write is idempotent (a message is added once: ZADD NX decides; a read once: HSETNX decides).
 */

const LOAD = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'loaded') == 1 then return 0 end
local p = cjson.decode(ARGV[1])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[1], 'loaded', '1', 'created_at', p.created_at, 'created_by', p.created_by,
  'updated_at', p.updated_at, 'last', p.last, 'last_ms', p.last_ms, 'total', p.total)
for uid, n in pairs(p.unread) do redis.call('HSET', KEYS[1], 'u:' .. uid, n) end
for _, m in ipairs(p.messages) do
  redis.call('ZADD', KEYS[2], m[2], m[1])
  redis.call('HSET', KEYS[3], m[1], m[3])
end
for _, r in ipairs(p.reads) do redis.call('HSET', KEYS[4], r[1], r[2]) end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
return 1
`);

// KEYS: hash z d r cvA cvB clA clB; ARGV: id ms json recipient iso ttl window cid memberA memberB
const APPLY = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'loaded') == 0 then return {-1, 0, 0} end
local added = redis.call('ZADD', KEYS[2], 'NX', ARGV[2], ARGV[1])
if added == 1 then
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
  local lastms = tonumber(redis.call('HGET', KEYS[1], 'last_ms') or '0') or 0
  if tonumber(ARGV[2]) >= lastms then
    redis.call('HSET', KEYS[1], 'last', ARGV[1], 'last_ms', ARGV[2], 'updated_at', ARGV[5])
  end
  redis.call('HINCRBY', KEYS[1], 'total', 1)
  redis.call('HINCRBY', KEYS[1], 'u:' .. ARGV[4], 1)
  local n = redis.call('ZCARD', KEYS[2])
  local w = tonumber(ARGV[7])
  if n > w then
    local old = redis.call('ZRANGE', KEYS[2], 0, n - w - 1)
    redis.call('ZREMRANGEBYRANK', KEYS[2], 0, n - w - 1)
    for _, id in ipairs(old) do
      redis.call('HDEL', KEYS[3], id)
      redis.call('HDEL', KEYS[4], id)
    end
  end
end
redis.call('ZADD', KEYS[5], 'GT', ARGV[2], ARGV[8])
redis.call('ZADD', KEYS[6], 'GT', ARGV[2], ARGV[8])
for i = 1, 6 do redis.call('PEXPIRE', KEYS[i], ARGV[6]) end
for i = 7, 8 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[6]) end
end
local ua = tonumber(redis.call('HGET', KEYS[1], 'u:' .. ARGV[9]) or '0')
local ub = tonumber(redis.call('HGET', KEYS[1], 'u:' .. ARGV[10]) or '0')
return {added, ua, ub}
`);

// KEYS: hash z d r; ARGV: id iso reader ttl
const READ = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'loaded') == 0 then return {-1, 0} end
local changed = redis.call('HSETNX', KEYS[4], ARGV[1], ARGV[2])
if changed == 1 then
  local c = redis.call('HINCRBY', KEYS[1], 'u:' .. ARGV[3], -1)
  if c < 0 then redis.call('HSET', KEYS[1], 'u:' .. ARGV[3], 0) end
  for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
end
return {changed, tonumber(redis.call('HGET', KEYS[1], 'u:' .. ARGV[3]) or '0')}
`);

// KEYS: cv cl; ARGV: json [[cid, ms]...] ttl
const LOAD_MEMBER = new LuaScript(`
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
for _, c in ipairs(cjson.decode(ARGV[1])) do redis.call('ZADD', KEYS[1], 'GT', c[2], c[1]) end
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`);

// KEYS: d; ARGV: id json. Only a message the window holds (a message not cached is read from MongoDB).
const REPLACE = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`);

// KEYS: cv cl; ARGV: ms cid ttl
const TOUCH_MEMBER = new LuaScript(`
redis.call('ZADD', KEYS[1], 'GT', ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return 1
`);

export interface ConversationState {
  id: string;
  createdAt: Date;
  createdBy: string;
  updatedAt: Date;
  total: number;
  unread: Record<string, number>;
  last?: StoredMessage;
  lastReadAt?: Date;
}

export interface WindowEntry {
  message: StoredMessage;
  ms: number;
  readAt?: Date;
}

@Injectable()
export class ConversationCache {
  /** How many recent messages a conversation keeps in Redis. */
  private readonly windowSize: number;

  constructor(
    @Inject(MessagingCache) private readonly cache: MessagingCache,
    @Inject(CONFIG) config: Pick<MessagingConfig, 'MESSAGING_RECENT_MESSAGES'>,
  ) {
    this.windowSize = config.MESSAGING_RECENT_MESSAGES;
  }

  get window(): number {
    return this.windowSize;
  }

  private keys(id: string): [string, string, string, string] {
    const base = `${this.cache.prefix}:c:${id}`;
    return [base, `${base}:z`, `${base}:d`, `${base}:r`];
  }

  private memberKeys(userId: string): [string, string] {
    return [`${this.cache.prefix}:u:${userId}:cv`, `${this.cache.prefix}:u:${userId}:cl`];
  }

  /** Fills the cache from a MongoDB snapshot unless it is already loaded (then nothing changes). */
  async load(snapshot: ConversationSnapshot): Promise<void> {
    const { conversation, recent, reads, total, unread } = snapshot;
    const newest = recent[0];
    const payload = {
      created_at: new Date(conversation.created_at).toISOString(),
      created_by: conversation.created_by,
      updated_at: (newest?.createdAt ?? new Date(conversation.created_at)).toISOString(),
      last: newest?.id ?? '',
      last_ms: String(newest?.createdAt.getTime() ?? 0),
      total: String(total),
      unread: Object.fromEntries(Object.entries(unread).map(([id, n]) => [id, String(n)])),
      messages: recent.map((message) => [
        message.id,
        String(message.createdAt.getTime()),
        toCacheJson(message),
      ]),
      reads: [...reads.entries()].map(([id, at]) => [id, at.toISOString()]),
    };
    await LOAD.run(this.cache.redis, this.keys(conversation._id), [
      JSON.stringify(payload),
      this.cache.ttlMs,
    ]);
  }

  /** Whether the conversation is in the cache (then it exists, and so do its members). */
  async isLoaded(id: string): Promise<boolean> {
    return (await this.cache.redis.hexists(this.keys(id)[0], 'loaded')) === 1;
  }

  /** The conversation's state, or undefined when it is not in the cache. */
  async state(id: string): Promise<ConversationState | undefined> {
    return (await this.states([id])).get(id);
  }

  async states(ids: string[]): Promise<Map<string, ConversationState>> {
    const pipeline = this.cache.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.keys(id)[0]);
    const hashes = ((await pipeline.exec()) ?? []).map((result) => result[1] as Record<string, string>);
    const lasts = this.cache.redis.pipeline();
    ids.forEach((id, index) => {
      const last = hashes[index]?.last;
      const [, , d, r] = this.keys(id);
      lasts.hget(d, last || '-');
      lasts.hget(r, last || '-');
    });
    const lastResults = ((await lasts.exec()) ?? []).map((result) => result[1] as string | null);
    const states = new Map<string, ConversationState>();
    ids.forEach((id, index) => {
      const hash = hashes[index];
      if (!hash || hash.loaded !== '1') return;
      const unread: Record<string, number> = {};
      for (const [field, value] of Object.entries(hash))
        if (field.startsWith('u:')) unread[field.slice(2)] = Math.max(0, Number(value));
      const lastJson = lastResults[index * 2];
      const lastRead = lastResults[index * 2 + 1];
      states.set(id, {
        id,
        createdAt: new Date(hash.created_at),
        createdBy: hash.created_by,
        updatedAt: new Date(hash.updated_at),
        total: Number(hash.total ?? 0),
        unread,
        last: lastJson ? fromCacheJson(lastJson) : undefined,
        lastReadAt: lastRead ? new Date(lastRead) : undefined,
      });
    });
    return states;
  }

  /**
   * Adds a message (once). Answers -1 when the conversation is not loaded (load, then retry), 1 when
   * added, 0 when it was already there; and both members' unread counts after it.
   */
  async apply(message: StoredMessage): Promise<{ status: number; unread: Record<string, number> }> {
    const [a, b] = [message.senderId, message.recipientId].sort();
    const [cvA, clA] = this.memberKeys(a);
    const [cvB, clB] = this.memberKeys(b);
    const result = await APPLY.run<[number, number, number]>(
      this.cache.redis,
      [...this.keys(message.conversationId), cvA, cvB, clA, clB],
      [
        message.id,
        message.createdAt.getTime(),
        toCacheJson(message),
        message.recipientId,
        message.createdAt.toISOString(),
        this.cache.ttlMs,
        this.windowSize,
        message.conversationId,
        a,
        b,
      ],
    );
    return { status: Number(result[0]), unread: { [a]: Number(result[1]), [b]: Number(result[2]) } };
  }

  /** Marks a message read (once). Status -1: not loaded; 1: newly read; 0: already read. */
  async markRead(
    conversationId: string,
    messageId: string,
    readerId: string,
    at: Date,
  ): Promise<{ status: number; unread: number }> {
    const result = await READ.run<[number, number]>(this.cache.redis, this.keys(conversationId), [
      messageId,
      at.toISOString(),
      readerId,
      this.cache.ttlMs,
    ]);
    return { status: Number(result[0]), unread: Number(result[1]) };
  }

  /** The recent messages kept for a conversation, newest first, with read times. */
  async recent(conversationId: string): Promise<WindowEntry[]> {
    const [, z, d, r] = this.keys(conversationId);
    const ids = await this.cache.redis.zrevrange(z, 0, -1, 'WITHSCORES');
    const entries: { id: string; ms: number }[] = [];
    for (let index = 0; index < ids.length; index += 2)
      entries.push({ id: ids[index], ms: Number(ids[index + 1]) });
    if (entries.length === 0) return [];
    const [jsons, reads] = await Promise.all([
      this.cache.redis.hmget(d, ...entries.map((entry) => entry.id)),
      this.cache.redis.hmget(r, ...entries.map((entry) => entry.id)),
    ]);
    const result: WindowEntry[] = [];
    entries.forEach((entry, index) => {
      const json = jsons[index];
      if (!json) return;
      const read = reads[index];
      result.push({ message: fromCacheJson(json), ms: entry.ms, readAt: read ? new Date(read) : undefined });
    });
    return result;
  }

  async cachedMessage(conversationId: string, messageId: string): Promise<WindowEntry | undefined> {
    const [, z, d, r] = this.keys(conversationId);
    const [json, read, score] = await Promise.all([
      this.cache.redis.hget(d, messageId),
      this.cache.redis.hget(r, messageId),
      this.cache.redis.zscore(z, messageId),
    ]);
    if (!json) return undefined;
    return { message: fromCacheJson(json), ms: Number(score), readAt: read ? new Date(read) : undefined };
  }

  /** Forgets a conversation (it is loaded from MongoDB again when next read). */
  async drop(conversationId: string): Promise<void> {
    await this.cache.redis.del(...this.keys(conversationId));
  }

  /** Writes a changed message over its cached copy, if the conversation's window holds it. */
  async replaceMessage(message: StoredMessage): Promise<void> {
    const [, , d] = this.keys(message.conversationId);
    await REPLACE.run(this.cache.redis, [d], [message.id, toCacheJson(message)]);
  }

  /** Whether the member's list of conversations was loaded. */
  async memberLoaded(userId: string): Promise<boolean> {
    return (await this.cache.redis.exists(this.memberKeys(userId)[1])) === 1;
  }

  async loadMember(userId: string, entries: { id: string; ms: number }[]): Promise<void> {
    await LOAD_MEMBER.run(this.cache.redis, this.memberKeys(userId), [
      JSON.stringify(entries.map((entry) => [entry.id, String(entry.ms)])),
      this.cache.ttlMs,
    ]);
  }

  /** Puts a conversation in a member's list (or moves it up). */
  async touchMember(userId: string, conversationId: string, ms: number): Promise<void> {
    await TOUCH_MEMBER.run(this.cache.redis, this.memberKeys(userId), [ms, conversationId, this.cache.ttlMs]);
  }

  /** A member's conversation ids, most recent activity first. */
  async memberConversations(userId: string, limit = 500): Promise<string[]> {
    return this.cache.redis.zrevrange(this.memberKeys(userId)[0], 0, limit - 1);
  }
}
