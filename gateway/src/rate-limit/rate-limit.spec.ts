import 'reflect-metadata';
import { ExecutionContext, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { loadGatewayConfig } from '../config';
import { RATE_LIMIT_KEY, RateLimiter, RateLimitGuard, TOO_MANY_REQUESTS } from './rate-limit';

/** A Redis double: MULTI of INCR + EXPIRE pairs, and MGET. */
function fakeRedis(options: { down?: boolean } = {}) {
  const counters = new Map<string, number>();
  const redis = {
    multi: () => {
      const keys: string[] = [];
      const chain = {
        incr: (key: string) => (keys.push(key), chain),
        expire: () => chain,
        exec: async () => {
          if (options.down) throw new Error('connection refused');
          return keys.flatMap((key) => {
            counters.set(key, (counters.get(key) ?? 0) + 1);
            return [
              [null, counters.get(key)],
              [null, 1],
            ];
          });
        },
      };
      return chain;
    },
    mget: async (...keys: string[]) => {
      if (options.down) throw new Error('connection refused');
      return keys.map((key) => (counters.has(key) ? String(counters.get(key)) : null));
    },
  };
  return { redis: redis as unknown as Redis, counters };
}

const logger = { warn: jest.fn() } as unknown as Logger;
const config = loadGatewayConfig({
  AURA_INTERNAL_TLS_DIR: '/pki',
  KAFKA_GROUP_PREFIX: 'unit',
  AURA_RATE_LIMIT_LOGIN_PER_MINUTE: '5',
  AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3',
  AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR: '2',
  AURA_RATE_LIMIT_MONEY_PER_MINUTE: '2',
});

function context(policy: string, request: object): ExecutionContext {
  const handler = () => undefined;
  Reflect.defineMetadata(RATE_LIMIT_KEY, policy, handler);
  return {
    getType: () => 'http',
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: HttpException) => error.getStatus(),
  );

describe('RateLimitGuard', () => {
  it('sign-in: counted per address; failed attempts per account from any address', async () => {
    const { redis } = fakeRedis();
    const limiter = new RateLimiter(redis, config, logger);
    const guard = new RateLimitGuard(new Reflector(), limiter);
    const login = (ip: string, username: string) =>
      statusOf(guard.canActivate(context('login', { ip, body: { username } })));
    for (let i = 0; i < 5; i++) expect(await login('10.0.0.1', `u${i}`)).toBe(200);
    expect(await login('10.0.0.1', 'u9')).toBe(429);
    expect(await login('10.0.0.2', 'u9')).toBe(200);
    // Three failures of one account, each from its own address: the account waits, whatever the case.
    for (let i = 0; i < 3; i++) await limiter.recordLoginFailure('Luna');
    expect(await login('10.0.0.3', 'luna')).toBe(429);
    expect(await login('10.0.0.4', 'LUNA')).toBe(429);
    expect(await login('10.0.0.5', 'orion')).toBe(200);
  });

  it('sign-up: per e-mail and per username, whatever the address', async () => {
    const guard = new RateLimitGuard(new Reflector(), new RateLimiter(fakeRedis().redis, config, logger));
    const register = (ip: string, username: string, email: string) =>
      statusOf(guard.canActivate(context('register', { ip, body: { username, email } })));
    expect(await register('10.0.0.1', 'a1', 'x@example.com')).toBe(200);
    expect(await register('10.0.0.2', 'a2', 'X@example.com')).toBe(200);
    expect(await register('10.0.0.3', 'a3', 'x@example.com')).toBe(429);
    expect(await register('10.0.0.4', 'a4', 'y@example.com')).toBe(200);
  });

  it('member policies count the signed-in member and answer 429 with Retry-After', async () => {
    const guard = new RateLimitGuard(new Reflector(), new RateLimiter(fakeRedis().redis, config, logger));
    const tip = (userId: string) =>
      guard.canActivate(context('money', { ip: '10.0.0.1', caller: { userId, role: 'user' } }));
    await tip('m1');
    await tip('m1');
    const refused = await tip('m1').catch((error: HttpException) => error);
    expect((refused as HttpException).getStatus()).toBe(429);
    expect((refused as HttpException).getResponse()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(
      Number((refused as unknown as { headers: Record<string, string> }).headers['retry-after']),
    ).toBeGreaterThan(0);
    expect(await statusOf(tip('m2'))).toBe(200);
  });

  it('fails closed: Redis unreachable is 503, never let through', async () => {
    const guard = new RateLimitGuard(
      new Reflector(),
      new RateLimiter(fakeRedis({ down: true }).redis, config, logger),
    );
    expect(
      await statusOf(guard.canActivate(context('login', { ip: '10.0.0.1', body: { username: 'a' } }))),
    ).toBe(503);
    expect(
      await statusOf(
        guard.canActivate(context('money', { ip: '10.0.0.1', caller: { userId: 'm', role: 'user' } })),
      ),
    ).toBe(503);
  });
});
