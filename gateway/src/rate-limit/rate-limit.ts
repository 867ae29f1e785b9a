import { createHash } from 'node:crypto';
import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  ServiceUnavailableException,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { ErrorResponse } from '../auth/auth.dto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from '../common/tokens';

export const RATE_LIMIT_KEY = 'aura:rate-limit';
export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a moment and try again.';
export const LIMITER_UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/**
 * - login: every attempt per client address (wide, a NAT shares it) + failed attempts per account
 * - register: every attempt per client address, per e-mail and per username
 * - password-reset: every request per client address and per e-mail
 * - money, withdrawals, password, two-factor, uploads, search, tickets, reports: per signed-in member
 */
export type RateLimitPolicy =
  | 'login'
  | 'register'
  | 'money'
  | 'withdrawals'
  | 'password'
  | 'account-security'
  | 'password-reset'
  | 'uploads'
  | 'search'
  | 'tickets'
  | 'reports'
  | 'statements';

const LIMITS_DOC: Record<RateLimitPolicy, string> = {
  login:
    'AURA_RATE_LIMIT_LOGIN_PER_MINUTE attempts per client address, or AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT failed ones per account in 15 minutes',
  register:
    'AURA_RATE_LIMIT_REGISTER_PER_HOUR sign-ups per client address, or AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR per e-mail or username',
  money: 'AURA_RATE_LIMIT_MONEY_PER_MINUTE per member (tips, transfers, checkout sessions)',
  withdrawals: 'AURA_RATE_LIMIT_WITHDRAWALS_PER_HOUR withdrawal requests per member',
  password: 'AURA_RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR password changes per member',
  'account-security':
    'AURA_RATE_LIMIT_ACCOUNT_SECURITY_PER_HOUR per member: two-factor settings (each checks the password or a code) and new confirmation mails',
  'password-reset':
    'AURA_RATE_LIMIT_PASSWORD_RESETS_PER_HOUR per client address, or AURA_RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR per e-mail address',
  uploads: 'AURA_RATE_LIMIT_UPLOADS_PER_MINUTE uploads per member',
  search: 'AURA_RATE_LIMIT_SEARCH_PER_MINUTE searches per member',
  tickets: 'AURA_RATE_LIMIT_TICKETS_PER_HOUR new tickets per member',
  reports: 'AURA_RATE_LIMIT_REPORTS_PER_HOUR reports per member',
  statements: 'AURA_RATE_LIMIT_STATEMENTS_PER_HOUR wallet statements (JSON, CSV or PDF) per member',
};

/** Declares the endpoint's rate limit next to its route, and documents its 429 and 503. */
export const RateLimit = (policy: RateLimitPolicy) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_KEY, policy),
    ApiResponse({
      status: 429,
      type: ErrorResponse,
      description: `Rate limited (Retry-After says when to try again): ${LIMITS_DOC[policy]}`,
    }),
    ApiResponse({
      status: 503,
      type: ErrorResponse,
      description: 'The rate limiter (Redis) or a service is unavailable: refused, never let through',
    }),
  );

export interface Bucket {
  /** What is counted, e.g. `login:ip:198.51.100.7`. */
  name: string;
  limit: number;
  seconds: number;
}

const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** An account name or e-mail as a key part: case-folded and hashed (no addresses in Redis). */
const accountKey = (value: string) =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 22);

/**
 * Fixed-window counters in Redis shared by every gateway process, named per deployment
 * (KAFKA_GROUP_PREFIX). Fails closed: when Redis cannot count, the request is refused with 503 — a
 * limiter that lets everything through while Redis is down is no limit for an attacker who can
 * make it so.
 */
@Injectable()
export class RateLimiter {
  private readonly prefix: string;

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {
    this.prefix = `ratelimit:${config.KAFKA_GROUP_PREFIX}`;
  }

  private keyOf(bucket: Bucket, now: number): { key: string; retryAfter: number } {
    const window = Math.floor(now / 1000 / bucket.seconds);
    return {
      key: `${this.prefix}:${bucket.name}:${window}`,
      retryAfter: Math.max(1, (window + 1) * bucket.seconds - Math.floor(now / 1000)),
    };
  }

  /** Counts one hit in every bucket; 429 when any of them is over its limit. */
  async hit(buckets: Bucket[]): Promise<void> {
    const now = Date.now();
    const keys = buckets.map((bucket) => this.keyOf(bucket, now));
    const multi = this.redis.multi();
    keys.forEach(({ key }, index) => multi.incr(key).expire(key, buckets[index].seconds));
    const results = await this.exec(() => multi.exec());
    const counts = keys.map((_, index) => Number(results[index * 2]?.[1] ?? 0));
    this.refuseOver(buckets, keys, counts, (count, limit) => count > limit);
  }

  /** 429 when a bucket has already reached its limit; counts nothing. */
  async check(buckets: Bucket[]): Promise<void> {
    const now = Date.now();
    const keys = buckets.map((bucket) => this.keyOf(bucket, now));
    let values: (string | null)[];
    try {
      values = await this.redis.mget(...keys.map(({ key }) => key));
    } catch (error) {
      return this.unavailable(error);
    }
    const counts = values.map((value) => Number(value ?? 0));
    this.refuseOver(buckets, keys, counts, (count, limit) => count >= limit);
  }

  /** A failed sign-in of `username`, whatever the address it came from. */
  async recordLoginFailure(username: string): Promise<void> {
    const bucket = this.loginFailures(username);
    const { key } = this.keyOf(bucket, Date.now());
    await this.exec(() => this.redis.multi().incr(key).expire(key, bucket.seconds).exec());
  }

  loginFailures(username: string): Bucket {
    return {
      name: `login-failures:account:${accountKey(username)}`,
      limit: this.config.AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      seconds: LOGIN_FAILURE_WINDOW_SECONDS,
    };
  }

  buckets(policy: RateLimitPolicy, request: FastifyRequest & { caller?: AuthenticatedCaller }): Bucket[] {
    const c = this.config;
    const member = (limit: number, seconds: number): Bucket[] =>
      request.caller ? [{ name: `${policy}:member:${request.caller.userId}`, limit, seconds }] : [];
    switch (policy) {
      case 'login':
        return [{ name: `login:ip:${request.ip}`, limit: c.AURA_RATE_LIMIT_LOGIN_PER_MINUTE, seconds: 60 }];
      case 'register': {
        const body = (request.body ?? {}) as { email?: unknown; username?: unknown };
        const perAccount = c.AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR;
        return [
          { name: `register:ip:${request.ip}`, limit: c.AURA_RATE_LIMIT_REGISTER_PER_HOUR, seconds: 3600 },
          ...(typeof body.email === 'string' && body.email.trim()
            ? [{ name: `register:email:${accountKey(body.email)}`, limit: perAccount, seconds: 3600 }]
            : []),
          ...(typeof body.username === 'string' && body.username.trim()
            ? [{ name: `register:username:${accountKey(body.username)}`, limit: perAccount, seconds: 3600 }]
            : []),
        ];
      }
      case 'password-reset': {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return [
          {
            name: `password-reset:ip:${request.ip}`,
            limit: c.AURA_RATE_LIMIT_PASSWORD_RESETS_PER_HOUR,
            seconds: 3600,
          },
          ...(typeof email === 'string' && email.trim()
            ? [
                {
                  name: `password-reset:email:${accountKey(email)}`,
                  limit: c.AURA_RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
                  seconds: 3600,
                },
              ]
            : []),
        ];
      }
      case 'money':
        return member(c.AURA_RATE_LIMIT_MONEY_PER_MINUTE, 60);
      case 'withdrawals':
        return member(c.AURA_RATE_LIMIT_WITHDRAWALS_PER_HOUR, 3600);
      case 'password':
        return member(c.AURA_RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR, 3600);
      case 'account-security':
        return member(c.AURA_RATE_LIMIT_ACCOUNT_SECURITY_PER_HOUR, 3600);
      case 'uploads':
        return member(c.AURA_RATE_LIMIT_UPLOADS_PER_MINUTE, 60);
      case 'search':
        return member(c.AURA_RATE_LIMIT_SEARCH_PER_MINUTE, 60);
      case 'tickets':
        return member(c.AURA_RATE_LIMIT_TICKETS_PER_HOUR, 3600);
      case 'reports':
        return member(c.AURA_RATE_LIMIT_REPORTS_PER_HOUR, 3600);
      case 'statements':
        return member(c.AURA_RATE_LIMIT_STATEMENTS_PER_HOUR, 3600);
    }
  }

  /** A MULTI's results, or 503 when Redis (or any command of it) failed. */
  private async exec(
    call: () => Promise<[Error | null, unknown][] | null>,
  ): Promise<[Error | null, unknown][]> {
    let results: [Error | null, unknown][] | null;
    try {
      results = await call();
    } catch (error) {
      return this.unavailable(error);
    }
    const failed = results?.find(([error]) => error)?.[0];
    if (!results || failed) return this.unavailable(failed ?? new Error('no answer'));
    return results;
  }

  private unavailable(error: unknown): never {
    this.logger.warn({ err: error }, 'rate limiter unavailable: request refused');
    const refusal = new ServiceUnavailableException({ detail: LIMITER_UNAVAILABLE });
    (refusal as HttpException & { headers?: Record<string, string> }).headers = { 'retry-after': '2' };
    throw refusal;
  }

  private refuseOver(
    buckets: Bucket[],
    keys: { retryAfter: number }[],
    counts: number[],
    over: (count: number, limit: number) => boolean,
  ): void {
    const index = buckets.findIndex((bucket, i) => over(counts[i], bucket.limit));
    if (index < 0) return;
    const error = new HttpException({ detail: TOO_MANY_REQUESTS }, HttpStatus.TOO_MANY_REQUESTS);
    (error as HttpException & { headers?: Record<string, string> }).headers = {
      'retry-after': String(keys[index].retryAfter),
    };
    throw error;
  }
}

/** Global guard (after AuthGuard, so the caller is known): applies the route's @RateLimit policy. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: AuthenticatedCaller }>();
    const buckets = this.limiter.buckets(policy, request);
    if (buckets.length > 0) await this.limiter.hit(buckets);
    if (policy === 'login') {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      if (typeof username === 'string' && username.trim())
        await this.limiter.check([this.limiter.loginFailures(username)]);
    }
    return true;
  }
}
