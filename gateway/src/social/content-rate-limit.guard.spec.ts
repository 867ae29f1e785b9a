import 'reflect-metadata';
import { ExecutionContext, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { loadGatewayConfig } from '../config';
import { ContentRateLimitGuard, POSTING_TOO_FAST } from './content-rate-limit.guard';

/** A Redis double with the one MULTI the guard sends (INCR + EXPIRE). */
function fakeRedis(options: { down?: boolean } = {}) {
  const counters = new Map<string, number>();
  const keys: string[] = [];
  const redis = {
    multi: () => {
      let key = '';
      const chain = {
        incr: (name: string) => ((key = name), chain),
        expire: () => chain,
        exec: async () => {
          if (options.down) throw new Error('connection refused');
          keys.push(key);
          counters.set(key, (counters.get(key) ?? 0) + 1);
          return [[null, counters.get(key)]];
        },
      };
      return chain;
    },
  };
  return { redis: redis as unknown as Redis, keys };
}

const logger = { warn: jest.fn() } as unknown as Logger;

function context(policy: string | undefined, userId?: string): ExecutionContext {
  const handler = () => undefined;
  if (policy) Reflect.defineMetadata('aura:content-rate-limit', policy, handler);
  return {
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ caller: userId ? { userId, role: 'user' } : undefined }) }),
  } as unknown as ExecutionContext;
}

describe('ContentRateLimitGuard', () => {
  const config = loadGatewayConfig({
    AURA_INTERNAL_TLS_DIR: '/pki',
    AURA_RATE_LIMIT_CONTENT_PER_MINUTE: '3',
  });

  it('lets a member post up to the limit per minute, then answers 429 with Retry-After', async () => {
    const { redis, keys } = fakeRedis();
    const guard = new ContentRateLimitGuard(new Reflector(), redis, config, logger);
    for (let i = 0; i < 3; i++) expect(await guard.canActivate(context('posts', 'm1'))).toBe(true);
    const refused = await guard.canActivate(context('posts', 'm1')).catch((error: HttpException) => error);
    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(429);
    expect((refused as HttpException).getResponse()).toEqual({ detail: POSTING_TOO_FAST });
    expect(
      Number((refused as unknown as { headers: Record<string, string> }).headers['retry-after']),
    ).toBeLessThanOrEqual(60);
    expect(keys[0]).toMatch(/^ratelimit:posts:member:m1:\d+$/);
  });

  it('counts each member, and posts apart from comments', async () => {
    const { redis } = fakeRedis();
    const guard = new ContentRateLimitGuard(new Reflector(), redis, config, logger);
    for (let i = 0; i < 3; i++) await guard.canActivate(context('posts', 'm1'));
    expect(await guard.canActivate(context('posts', 'm2'))).toBe(true);
    expect(await guard.canActivate(context('comments', 'm1'))).toBe(true);
  });

  it('lets requests through when Redis is down, and routes without a policy always', async () => {
    const down = new ContentRateLimitGuard(new Reflector(), fakeRedis({ down: true }).redis, config, logger);
    for (let i = 0; i < 5; i++) expect(await down.canActivate(context('posts', 'm1'))).toBe(true);
    const { redis, keys } = fakeRedis();
    const guard = new ContentRateLimitGuard(new Reflector(), redis, config, logger);
    expect(await guard.canActivate(context(undefined, 'm1'))).toBe(true);
    expect(keys).toEqual([]);
  });

  it('defaults to 30 per minute', () => {
    expect(loadGatewayConfig({ AURA_INTERNAL_TLS_DIR: '/pki' }).AURA_RATE_LIMIT_CONTENT_PER_MINUTE).toBe(30);
  });
});
