import { CONFIG, REDIS } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../config';
import { MetaRepository } from './meta.repository';

/**
 * Where messaging's hot state lives in Redis: every key starts with `prefix`, which names the
 * database and an epoch stored in that database. A database that is dropped and made again (tests)
 * gets a new epoch, so it never meets the Redis state of its predecessor; the old keys expire.
 * MongoDB stays the source of truth: each structure can be rebuilt from it (see the caches).
 * The epoch is read in `onModuleInit`: the prefix is there once `app.init()` has returned.
 */
@Injectable()
export class MessagingCache implements OnModuleInit {
  /** Milliseconds an idle cache lives. */
  readonly ttlMs: number;
  private keyPrefix?: string;

  constructor(
    @Inject(REDIS) readonly redis: Redis,
    @Inject(MetaRepository) private readonly meta: MetaRepository,
    @Inject(CONFIG) config: Pick<MessagingConfig, 'MESSAGING_CACHE_TTL_SECONDS'>,
  ) {
    this.ttlMs = config.MESSAGING_CACHE_TTL_SECONDS * 1000;
  }

  async onModuleInit(): Promise<void> {
    this.keyPrefix = `msg:${this.meta.databaseName}:${await this.meta.cacheEpoch()}`;
  }

  get prefix(): string {
    if (this.keyPrefix === undefined) throw new Error('MessagingCache: the epoch is read in app.init()');
    return this.keyPrefix;
  }
}
