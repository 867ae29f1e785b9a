import { randomUUID } from 'node:crypto';
import { KeyedMutex, type Redis } from '@aura/platform';
import type { Collection } from '../db';
import type { Logger } from 'pino';
import { EMPTY_HEAD, EntryDoc, Head } from './ledger.types';

/** Sets the hint only when it moves forward (a late writer never moves a hint back). */
const ADVANCE_HEAD = `
local current = redis.call('GET', KEYS[1])
if current then
  local seq = tonumber(string.match(current, '^(%d+)'))
  if seq and seq >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;

const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

interface HeadCommands {
  auraAdvanceHead(key: string, seq: number, value: string, ttlMs: number): Promise<number>;
  auraReleaseLock(key: string, token: string): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AccountHeadsOptions {
  /** Redis key prefix; carries the ledger's epoch so hints of a dropped database are never read. */
  prefix: string;
  lockTtlMs?: number;
  lockWaitMs?: number;
  hintTtlMs?: number;
}

/**
 * Where each member chain ends. The truth is the entries collection (the link with the highest seq);
 * Redis holds a hint "seq|balance|earned" per account so that an append needs no read at all: the
 * writer inserts link seq+1 computed from the hint, and the unique _id proves the hint was the head
 * (a stale hint makes the insert fail, and the writer re-reads). A hint is only ever set from a link
 * that was inserted, and only forward, so it is never ahead of the truth.
 *
 * Appends to one account are serialized by an in-process mutex and a Redis lock (SET NX PX) so that
 * concurrent writers do not collide and retry in storms. The lock is not the safety: when it expires
 * or Redis is down, writers collide on the unique _id and the loser retries.
 */
export class AccountHeads {
  private readonly local = new KeyedMutex();
  private readonly lockTtlMs: number;
  private readonly lockWaitMs: number;
  private readonly hintTtlMs: number;
  private warned = false;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly entries: Collection<EntryDoc>,
    private readonly logger: Logger,
    private readonly options: AccountHeadsOptions,
  ) {
    this.lockTtlMs = options.lockTtlMs ?? 5000;
    // A holder that died frees the lock after its TTL, so waiting beats appending without it: writers
    // that give up on the lock collide, and every collision costs reads (scans on FerretDB) — under
    // heavy contention that turned a queue into a storm.
    this.lockWaitMs = options.lockWaitMs ?? 30_000;
    this.hintTtlMs = options.hintTtlMs ?? 7 * 24 * 3600 * 1000;
    if (redis && !('auraAdvanceHead' in redis)) {
      redis.defineCommand('auraAdvanceHead', { numberOfKeys: 1, lua: ADVANCE_HEAD });
      redis.defineCommand('auraReleaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK });
    }
  }

  private get commands(): (Redis & HeadCommands) | undefined {
    return this.redis as (Redis & HeadCommands) | undefined;
  }

  private hintKey(account: string) {
    return `${this.options.prefix}:head:${account}`;
  }

  private lockKey(account: string) {
    return `${this.options.prefix}:lock:${account}`;
  }

  private redisFailed(error: unknown, what: string) {
    if (!this.warned) this.logger.warn({ err: error }, `redis unavailable for ${what}; using MongoDB`);
    this.warned = true;
  }

  /** The hint, or the truth from MongoDB when there is none. */
  async get(account: string): Promise<Head> {
    if (this.redis) {
      try {
        const value = await this.redis.get(this.hintKey(account));
        const head = value ? parseHead(value) : undefined;
        if (head) return head;
      } catch (error) {
        this.redisFailed(error, 'account heads');
      }
    }
    return this.refresh(account);
  }

  /**
   * Where to append: the hint, or — when Redis has none for this account — the start of a chain
   * (links run from 1, so inserting link 1 succeeds only when the account has none, and a stale
   * guess just fails and re-reads). Saves the MongoDB read for a new account's first link.
   */
  async forAppend(account: string): Promise<Head> {
    if (this.redis) {
      try {
        const value = await this.redis.get(this.hintKey(account));
        return (value ? parseHead(value) : undefined) ?? EMPTY_HEAD;
      } catch (error) {
        this.redisFailed(error, 'account heads');
      }
    }
    return this.refresh(account);
  }

  /** Reads the last link from MongoDB (authoritative) and moves the hint forward to it. */
  async refresh(account: string): Promise<Head> {
    const [last] = await this.entries.find({ account }).sort({ seq: -1 }).limit(1).toArray();
    const head: Head = last
      ? { seq: last.seq ?? 0, balance: last.balance_after ?? 0, earned: last.earned_after ?? 0 }
      : EMPTY_HEAD;
    await this.advance(account, head);
    return head;
  }

  /** Records a link that was just inserted (never moves a hint back). */
  async advance(account: string, head: Head): Promise<void> {
    const commands = this.commands;
    if (!commands) return;
    try {
      await commands.auraAdvanceHead(
        this.hintKey(account),
        head.seq,
        `${head.seq}|${head.balance}|${head.earned}`,
        this.hintTtlMs,
      );
    } catch (error) {
      this.redisFailed(error, 'account heads');
    }
  }

  /** The hint as stored, without any fallback (the ledger check compares it with the chain). */
  async peekHint(account: string): Promise<Head | undefined> {
    if (!this.redis) return undefined;
    const value = await this.redis.get(this.hintKey(account)).catch(() => null);
    return value ? parseHead(value) : undefined;
  }

  /** Runs `fn` while holding this account (in-process first, then across processes via Redis). */
  withLock<T>(account: string, fn: () => Promise<T>): Promise<T> {
    return this.local.run(account, async () => {
      const token = await this.acquire(account);
      try {
        return await fn();
      } finally {
        if (token) await this.release(account, token);
      }
    });
  }

  private async acquire(account: string): Promise<string | undefined> {
    if (!this.redis) return undefined;
    const token = randomUUID();
    const deadline = Date.now() + this.lockWaitMs;
    let pause = 2;
    try {
      for (;;) {
        const ok = await this.redis.set(this.lockKey(account), token, 'PX', this.lockTtlMs, 'NX');
        if (ok === 'OK') return token;
        if (Date.now() > deadline) {
          this.logger.warn({ account }, 'account lock not acquired in time; appending without it');
          return undefined;
        }
        await sleep(pause + Math.random() * pause);
        pause = Math.min(pause * 2, 25);
      }
    } catch (error) {
      this.redisFailed(error, 'account locks');
      return undefined;
    }
  }

  private async release(account: string, token: string): Promise<void> {
    try {
      await this.commands?.auraReleaseLock(this.lockKey(account), token);
    } catch (error) {
      this.redisFailed(error, 'account locks');
    }
  }
}

export function parseHead(value: string): Head | undefined {
  const match = /^(\d+)\|(-?\d+)\|(-?\d+)$/.exec(value);
  if (!match) return undefined;
  return { seq: Number(match[1]), balance: Number(match[2]), earned: Number(match[3]) };
}
