import { createHash } from 'node:crypto';
import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { LuaScript } from '@aura/platform';
import { tryAgainShortly } from '../common/try-again';
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
export const POSTING_TOO_FAST = 'You are posting too fast. Please wait a moment and try again.';
export const SENDING_TOO_FAST = 'You are sending messages too fast. Please wait a moment and try again.';
export const LIMITER_UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/** An account name or e-mail as a key part: case-folded and hashed (no addresses in Redis). */
const accountKey = (value: string) =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 22);

type LimitedRequest = FastifyRequest & { caller?: AuthenticatedCaller };

interface Policy {
  /** The counters a request adds one to; none (nothing counted) when there is nothing to count by. */
  counts: (request: LimitedRequest, config: GatewayConfig) => Bucket[];
  /** Counters that refuse the request once full without counting it (login: the account's failures). */
  checks?: (request: LimitedRequest, config: GatewayConfig) => Bucket[];
  /** The 429's detail. */
  refusal: string;
  /**
   * Redis cannot count: 'refuse' (503) — a limiter that lets everything through while Redis is down
   * is no limit for an attacker who can make it so; 'allow' (logged) where the limit is a brake on
   * volume, not a defence, and must not take posting and chatting down with it.
   */
  whenRedisDown: 'refuse' | 'allow';
  /** The limits, for the OpenAPI description of the 429. */
  doc: string;
}

/** A counter per e-mail address or username in the body, when it has one. */
const perBodyField = (request: LimitedRequest, field: string, name: string, limit: number): Bucket[] => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.trim()
    ? [{ name: `${name}:${accountKey(value)}`, limit, seconds: 3600 }]
    : [];
};

const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** A failed sign-in's counter: per account name, whatever the address it came from. */
export const loginFailures = (username: string, config: GatewayConfig): Bucket => ({
  name: `login-failures:account:${accountKey(username)}`,
  limit: config.AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
  seconds: LOGIN_FAILURE_WINDOW_SECONDS,
});

/** The names of the numeric settings (the limits among them). */
type ConfigNumber = {
  [Key in keyof GatewayConfig]-?: GatewayConfig[Key] extends number ? Key : never;
}[keyof GatewayConfig];

/** A limit per signed-in member: its setting, its window, and what it counts (for the docs). */
const memberPolicy = (
  name: string,
  limit: ConfigNumber,
  seconds: 60 | 3600,
  what: string,
  behaviour: Pick<Policy, 'refusal' | 'whenRedisDown'> = {
    refusal: TOO_MANY_REQUESTS,
    whenRedisDown: 'refuse',
  },
): Policy => ({
  counts: (request, config) =>
    request.caller
      ? [{ name: `${name}:member:${request.caller.userId}`, limit: config[limit], seconds }]
      : [],
  ...behaviour,
  doc: `${limit} ${what} per member ${seconds === 60 ? 'in a minute' : 'in an hour'}`,
});

const POSTING: Pick<Policy, 'refusal' | 'whenRedisDown'> = {
  refusal: POSTING_TOO_FAST,
  whenRedisDown: 'allow',
};

const POLICIES = {
  login: {
    counts: (request, c) => [
      { name: `login:ip:${request.ip}`, limit: c.AURA_RATE_LIMIT_LOGIN_PER_MINUTE, seconds: 60 },
    ],
    checks: (request, c) => {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      return typeof username === 'string' && username.trim() ? [loginFailures(username, c)] : [];
    },
    refusal: TOO_MANY_REQUESTS,
    whenRedisDown: 'refuse',
    doc: 'AURA_RATE_LIMIT_LOGIN_PER_MINUTE attempts per client address, or AURA_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT failed ones per account in 15 minutes',
  },
  register: {
    counts: (request, c) => [
      { name: `register:ip:${request.ip}`, limit: c.AURA_RATE_LIMIT_REGISTER_PER_HOUR, seconds: 3600 },
      ...perBodyField(request, 'email', 'register:email', c.AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR),
      ...perBodyField(
        request,
        'username',
        'register:username',
        c.AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR,
      ),
    ],
    refusal: TOO_MANY_REQUESTS,
    whenRedisDown: 'refuse',
    doc: 'AURA_RATE_LIMIT_REGISTER_PER_HOUR sign-ups per client address, or AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR per e-mail or username',
  },
  'password-reset': {
    counts: (request, c) => [
      {
        name: `password-reset:ip:${request.ip}`,
        limit: c.AURA_RATE_LIMIT_PASSWORD_RESETS_PER_HOUR,
        seconds: 3600,
      },
      ...perBodyField(
        request,
        'email',
        'password-reset:email',
        c.AURA_RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
      ),
    ],
    refusal: TOO_MANY_REQUESTS,
    whenRedisDown: 'refuse',
    doc: 'AURA_RATE_LIMIT_PASSWORD_RESETS_PER_HOUR per client address, or AURA_RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR per e-mail address',
  },
  money: memberPolicy(
    'money',
    'AURA_RATE_LIMIT_MONEY_PER_MINUTE',
    60,
    'tips, transfers and checkout sessions',
  ),
  withdrawals: memberPolicy(
    'withdrawals',
    'AURA_RATE_LIMIT_WITHDRAWALS_PER_HOUR',
    3600,
    'withdrawal requests',
  ),
  password: memberPolicy('password', 'AURA_RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR', 3600, 'password changes'),
  'account-security': memberPolicy(
    'account-security',
    'AURA_RATE_LIMIT_ACCOUNT_SECURITY_PER_HOUR',
    3600,
    'two-factor settings (each checks the password or a code) and new confirmation mails',
  ),
  uploads: memberPolicy('uploads', 'AURA_RATE_LIMIT_UPLOADS_PER_MINUTE', 60, 'uploads'),
  search: memberPolicy('search', 'AURA_RATE_LIMIT_SEARCH_PER_MINUTE', 60, 'searches'),
  tickets: memberPolicy('tickets', 'AURA_RATE_LIMIT_TICKETS_PER_HOUR', 3600, 'new tickets'),
  reports: memberPolicy('reports', 'AURA_RATE_LIMIT_REPORTS_PER_HOUR', 3600, 'reports'),
  // The downloads of one's own records share one budget.
  statements: memberPolicy(
    'statements',
    'AURA_RATE_LIMIT_STATEMENTS_PER_HOUR',
    3600,
    'wallet statements (JSON, CSV or PDF) and wellness exports (CSV)',
  ),
  posts: memberPolicy(
    'posts',
    'AURA_RATE_LIMIT_CONTENT_PER_MINUTE',
    60,
    'new or edited posts and stories',
    POSTING,
  ),
  comments: memberPolicy(
    'comments',
    'AURA_RATE_LIMIT_CONTENT_PER_MINUTE',
    60,
    'new or edited comments',
    POSTING,
  ),
  messages: memberPolicy(
    'messages',
    'AURA_RATE_LIMIT_MESSAGES_PER_MINUTE',
    60,
    'chat messages and story replies',
    {
      refusal: SENDING_TOO_FAST,
      whenRedisDown: 'allow',
    },
  ),
} satisfies Record<string, Policy>;

/**
 * - login: every attempt per client address (wide, a NAT shares it) + failed attempts per account
 * - register: every attempt per client address, per e-mail and per username
 * - password-reset: every request per client address and per e-mail
 * - the others: per signed-in member
 */
export type RateLimitPolicy = keyof typeof POLICIES;

/**
 * Declares the rate limit of a route (or of every route of a controller, counted as well as a
 * route's own) next to it, and documents its 429 and, when it fails closed, its 503.
 */
export const RateLimit = (policy: RateLimitPolicy) => {
  const { doc, whenRedisDown }: Policy = POLICIES[policy];
  return applyDecorators(
    SetMetadata(RATE_LIMIT_KEY, policy),
    ApiResponse({
      status: 429,
      type: ErrorResponse,
      description: `Rate limited (Retry-After says when to try again): ${doc}`,
    }),
    ...(whenRedisDown === 'refuse'
      ? [
          ApiResponse({
            status: 503,
            type: ErrorResponse,
            description: 'The rate limiter (Redis) or a service is unavailable: refused, never let through',
          }),
        ]
      : []),
  );
};

export interface Bucket {
  /** What is counted, e.g. `login:ip:198.51.100.7`. */
  name: string;
  limit: number;
  seconds: number;
}

/**
 * One more in each counter (KEYS), each expiring after its window (ARGV, same order); answers the
 * counts. One command, where a MULTI of INCR and EXPIRE pairs was four or more (and a span each).
 */
const HIT = new LuaScript(`
local counts = {}
for i = 1, #KEYS do
  counts[i] = redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], tonumber(ARGV[i]))
end
return counts`);

/**
 * Fixed-window counters in Redis shared by every gateway process, named per deployment
 * (KAFKA_GROUP_PREFIX).
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

  /**
   * Applies a policy to a request: one more in each of its counters, then 429 (with Retry-After)
   * when any of them is over its limit or any counter it checks is full.
   */
  async apply(policyName: RateLimitPolicy, request: LimitedRequest): Promise<void> {
    const policy: Policy = POLICIES[policyName];
    const counted = policy.counts(request, this.config);
    const checked = policy.checks?.(request, this.config) ?? [];
    try {
      if (counted.length > 0) await this.hit(counted, policy.refusal);
      if (checked.length > 0) await this.check(checked, policy.refusal);
    } catch (error) {
      if (error instanceof HttpException) throw error;
      if (policy.whenRedisDown === 'refuse') return this.unavailable(error);
      this.logger.warn({ err: error, policy: policyName }, 'rate limiter unavailable: request allowed');
    }
  }

  /** A failed sign-in of `username`, whatever the address it came from. */
  async recordLoginFailure(username: string): Promise<void> {
    const bucket = loginFailures(username, this.config);
    const { key } = this.keyOf(bucket, Date.now());
    try {
      await this.counted(this.redis.multi().incr(key).expire(key, bucket.seconds).exec());
    } catch (error) {
      this.unavailable(error);
    }
  }

  private async hit(buckets: Bucket[], refusal: string): Promise<void> {
    const now = Date.now();
    const keys = buckets.map((bucket) => this.keyOf(bucket, now));
    const counts = (
      await HIT.run<number[]>(
        this.redis,
        keys.map(({ key }) => key),
        buckets.map((bucket) => bucket.seconds),
      )
    ).map(Number);
    refuseOver(buckets, keys, counts, (count, limit) => count > limit, refusal);
  }

  private async check(buckets: Bucket[], refusal: string): Promise<void> {
    const now = Date.now();
    const keys = buckets.map((bucket) => this.keyOf(bucket, now));
    const values = await this.redis.mget(...keys.map(({ key }) => key));
    const counts = values.map((value) => Number(value ?? 0));
    refuseOver(buckets, keys, counts, (count, limit) => count >= limit, refusal);
  }

  /** A MULTI's results; throws when Redis (or any command of it) failed. */
  private async counted(exec: Promise<[Error | null, unknown][] | null>): Promise<[Error | null, unknown][]> {
    const results = await exec;
    const failed = results?.find(([error]) => error)?.[0];
    if (!results || failed) throw failed ?? new Error('no answer');
    return results;
  }

  private unavailable(error: unknown): never {
    this.logger.warn({ err: error }, 'rate limiter unavailable: request refused');
    throw tryAgainShortly(LIMITER_UNAVAILABLE);
  }
}

function refuseOver(
  buckets: Bucket[],
  keys: { retryAfter: number }[],
  counts: number[],
  over: (count: number, limit: number) => boolean,
  refusal: string,
): void {
  const index = buckets.findIndex((bucket, i) => over(counts[i], bucket.limit));
  if (index < 0) return;
  const error = new HttpException({ detail: refusal }, HttpStatus.TOO_MANY_REQUESTS);
  (error as HttpException & { headers?: Record<string, string> }).headers = {
    'retry-after': String(keys[index].retryAfter),
  };
  throw error;
}

/**
 * Global guard (after AuthGuard, so the caller is known): applies the @RateLimit policies of the
 * route and of its controller, the route's first.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policies = this.reflector.getAllAndMerge<RateLimitPolicy[]>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<LimitedRequest>();
    for (const policy of policies) await this.limiter.apply(policy, request);
    return true;
  }
}
