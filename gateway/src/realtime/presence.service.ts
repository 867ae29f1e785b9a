import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_REDIS } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LuaScript } from '@aura/platform';
import { realtimeNamespace } from './realtime.keys';

/** A socket's presence entry lives this long without a heartbeat (a crashed gateway's sockets expire). */
export const PRESENCE_TTL_MS = 60_000;
export const HEARTBEAT_MS = 20_000;

// KEYS: sockets-of-member, online; ARGV: entry expiry now ttl userId → live sockets before this one
const CONNECT = new LuaScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], 'GT', ARGV[2], ARGV[5])
return before
`);

// KEYS: sockets-of-member, online; ARGV: entry now userId → 1 when this was the last socket (offline now)
const DISCONNECT = new LuaScript(`
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[1]) > 0 then return 0 end
redis.call('DEL', KEYS[1])
return redis.call('ZREM', KEYS[2], ARGV[3])
`);

// KEYS: sockets-of-member, online; ARGV: now userId → 1 when every socket of the member had expired
const SWEEP = new LuaScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local live = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if #live > 0 then
  redis.call('ZADD', KEYS[2], live[2], ARGV[2])
  return 0
end
return redis.call('ZREM', KEYS[2], ARGV[2])
`);

/**
 * Who is online, shared by every gateway process through Redis:
 *   <ns>:p:<member>   sorted set of the member's sockets (`<process>:<socket id>`) scored by expiry
 *   <ns>:online       sorted set of members scored by their latest socket expiry
 * A member is online while any socket is connected: connect and disconnect are atomic scripts that
 * say whether this was the first or the last socket. Each process refreshes its sockets' expiry every
 * 20 s; a process that dies leaves entries that expire after 60 s, and the sweep (any process) then
 * announces those members offline, once (the script that removes them decides).
 */
@Injectable()
export class PresenceService {
  readonly processId = randomUUID().slice(0, 8);
  private readonly namespace: string;
  /** This process's sockets: member → socket ids. */
  private readonly local = new Map<string, Set<string>>();

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.namespace = realtimeNamespace(config);
  }

  private socketsKey(userId: string): string {
    return `${this.namespace}:p:${userId}`;
  }

  private get onlineKey(): string {
    return `${this.namespace}:online`;
  }

  /** True when this is the member's first socket (they just came online). */
  async connected(userId: string, socketId: string): Promise<boolean> {
    const sockets = this.local.get(userId) ?? new Set<string>();
    sockets.add(socketId);
    this.local.set(userId, sockets);
    const now = Date.now();
    const before = await CONNECT.run<number>(
      this.redis,
      [this.socketsKey(userId), this.onlineKey],
      [`${this.processId}:${socketId}`, now + PRESENCE_TTL_MS, now, PRESENCE_TTL_MS * 2, userId],
    );
    return Number(before) === 0;
  }

  /** True when this was the member's last socket (they just went offline). */
  async disconnected(userId: string, socketId: string): Promise<boolean> {
    const sockets = this.local.get(userId);
    sockets?.delete(socketId);
    if (sockets && sockets.size === 0) this.local.delete(userId);
    const gone = await DISCONNECT.run<number>(
      this.redis,
      [this.socketsKey(userId), this.onlineKey],
      [`${this.processId}:${socketId}`, Date.now(), userId],
    );
    return Number(gone) === 1;
  }

  /** The members among `userIds` who are online now. */
  async onlineAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const scores = await this.redis.zmscore(this.onlineKey, ...userIds);
    const now = Date.now();
    return new Set(userIds.filter((_, index) => Number(scores[index] ?? 0) > now));
  }

  /** Refreshes the expiry of this process's sockets. */
  async heartbeat(): Promise<void> {
    if (this.local.size === 0) return;
    const expiry = Date.now() + PRESENCE_TTL_MS;
    const pipeline = this.redis.pipeline();
    for (const [userId, sockets] of this.local) {
      const key = this.socketsKey(userId);
      for (const socketId of sockets) pipeline.zadd(key, expiry, `${this.processId}:${socketId}`);
      pipeline.pexpire(key, PRESENCE_TTL_MS * 2);
      pipeline.zadd(this.onlineKey, 'GT', expiry, userId);
    }
    await pipeline.exec();
  }

  /** Members whose every socket expired (their gateway died): each is answered by one process only. */
  async sweepExpired(): Promise<string[]> {
    const now = Date.now();
    const stale = await this.redis.zrangebyscore(this.onlineKey, '-inf', now, 'LIMIT', 0, 500);
    const offline: string[] = [];
    for (const userId of stale) {
      const gone = await SWEEP.run<number>(
        this.redis,
        [this.socketsKey(userId), this.onlineKey],
        [now, userId],
      );
      if (Number(gone) === 1) offline.push(userId);
    }
    return offline;
  }
}
