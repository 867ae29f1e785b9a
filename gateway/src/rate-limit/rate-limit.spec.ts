import 'reflect-metadata';
import { ExecutionContext, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { loadGatewayConfig } from '../config';
import {
  POSTING_TOO_FAST,
  RATE_LIMIT_KEY,
  RateLimiter,
  RateLimitGuard,
  SENDING_TOO_FAST,
  TOO_MANY_REQUESTS,
} from './rate-limit';

/** A Redis double: MULTI of INCR + EXPIRE pairs, the counting script (INCR + EXPIRE per key), and MGET. */
function fakeRedis(options: { down?: boolean } = {}) {
  const counters = new Map<string, number>();
  const incr = (key: string) => {
    counters.set(key, (counters.get(key) ?? 0) + 1);
    return counters.get(key)!;
  };
  const redis: Record<string, unknown> = {
    defineCommand: (name: string, { lua }: { lua: string }) => {
      expect(lua).toContain("redis.call('INCR', KEYS[i])");
      redis[name] = async (numberOfKeys: number, ...keysAndArgs: string[]) => {
        if (options.down) throw new Error('connection refused');
        return keysAndArgs.slice(0, numberOfKeys).map(incr);
      };
    },
    multi: () => {
      const keys: string[] = [];
      const chain = {
        incr: (key: string) => (keys.push(key), chain),
        expire: () => chain,
        exec: async () => {
          if (options.down) throw new Error('connection refused');
          return keys.flatMap((key) => [
            [null, incr(key)],
            [null, 1],
          ]);
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
  AURA_RATE_LIMIT_UPLOADS_PER_MINUTE: '1',
  AURA_RATE_LIMIT_CONTENT_PER_MINUTE: '3',
  AURA_RATE_LIMIT_MESSAGES_PER_MINUTE: '2',
});

/** A request to a route with `policy` (if any) whose controller has `controllerPolicy` (if any). */
function context(policy: string | undefined, request: object, controllerPolicy?: string): ExecutionContext {
  const handler = () => undefined;
  class Controller {}
  if (policy) Reflect.defineMetadata(RATE_LIMIT_KEY, policy, handler);
  if (controllerPolicy) Reflect.defineMetadata(RATE_LIMIT_KEY, controllerPolicy, Controller);
  return {
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}
const member = (userId: string) => ({ ip: '10.0.0.1', caller: { userId, role: 'user' } });
const guardOver = (redis: Redis) =>
  new RateLimitGuard(new Reflector(), new RateLimiter(redis, config, logger));
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: HttpException) => ({
      status: error.getStatus(),
      body: error.getResponse(),
      retryAfter: Number((error as unknown as { headers: Record<string, string> }).headers['retry-after']),
    }),
  );

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

  it('content: posts and comments per member, each counted apart, with their own message', async () => {
    const guard = guardOver(fakeRedis().redis);
    const post = (userId: string) => guard.canActivate(context('posts', member(userId)));
    for (let i = 0; i < 3; i++) expect(await post('m1')).toBe(true);
    const refused = await refusalOf(post('m1'));
    expect(refused).toEqual({
      status: 429,
      body: { detail: POSTING_TOO_FAST },
      retryAfter: expect.any(Number),
    });
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.retryAfter).toBeLessThanOrEqual(60);
    expect(await post('m2')).toBe(true);
    expect(await guard.canActivate(context('comments', member('m1')))).toBe(true);
  });

  it("messages: a controller's policy counts its every route, after a route's own", async () => {
    const { redis, counters } = fakeRedis();
    const guard = guardOver(redis);
    const send = () => guard.canActivate(context(undefined, member('m1'), 'messages'));
    const sendWithMedia = () => guard.canActivate(context('uploads', member('m1'), 'messages'));
    expect(await sendWithMedia()).toBe(true);
    expect(await refusalOf(sendWithMedia())).toMatchObject({
      status: 429,
      body: { detail: TOO_MANY_REQUESTS },
    });
    expect(await send()).toBe(true);
    expect(await refusalOf(send())).toMatchObject({ status: 429, body: { detail: SENDING_TOO_FAST } });
    const counted = [...counters.keys()].map((key) => key.replace(/:\d+$/, ''));
    expect(counted).toEqual(['ratelimit:unit:uploads:member:m1', 'ratelimit:unit:messages:member:m1']);
  });

  it('content and messages fail open: Redis unreachable lets them through; no policy counts nothing', async () => {
    const down = guardOver(fakeRedis({ down: true }).redis);
    for (let i = 0; i < 5; i++) {
      expect(await down.canActivate(context('posts', member('m1')))).toBe(true);
      expect(await down.canActivate(context(undefined, member('m1'), 'messages'))).toBe(true);
    }
    const { redis, counters } = fakeRedis();
    expect(await guardOver(redis).canActivate(context(undefined, member('m1')))).toBe(true);
    expect(counters.size).toBe(0);
  });

  it('content defaults to 30 per minute, messages to 120', () => {
    const defaults = loadGatewayConfig({ AURA_INTERNAL_TLS_DIR: '/pki' });
    expect(defaults.AURA_RATE_LIMIT_CONTENT_PER_MINUTE).toBe(30);
    expect(defaults.AURA_RATE_LIMIT_MESSAGES_PER_MINUTE).toBe(120);
  });
});
