import {
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from '../common/tokens';

export const RATE_LIMIT_KEY = 'aura:rate-limit';
export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a moment and try again.';

export type RateLimitPolicy = 'login' | 'register';

/** Declares the endpoint's rate limit next to its route. */
export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(RATE_LIMIT_KEY, policy);

interface Window {
  limit: number;
  seconds: number;
}

/**
 * Fixed-window counters in Redis, per client address and policy, shared by every gateway process.
 * If Redis is unreachable the request is let through (logged): a rate limiter must not take sign-in
 * down with it.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly windows: Record<RateLimitPolicy, Window>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {
    this.windows = {
      login: { limit: config.AURA_RATE_LIMIT_LOGIN_PER_MINUTE, seconds: 60 },
      register: { limit: config.AURA_RATE_LIMIT_REGISTER_PER_HOUR, seconds: 3600 },
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const window = this.windows[policy];
    const bucket = Math.floor(Date.now() / 1000 / window.seconds);
    const key = `ratelimit:${policy}:${request.ip}:${bucket}`;
    let count: number;
    try {
      const results = await this.redis.multi().incr(key).expire(key, window.seconds).exec();
      count = Number(results?.[0]?.[1] ?? 0);
    } catch (error) {
      this.logger.warn({ err: error, policy }, 'rate limiter unavailable; request allowed');
      return true;
    }
    if (count > window.limit) {
      const retryAfter = (bucket + 1) * window.seconds - Math.floor(Date.now() / 1000);
      const error = new HttpException({ detail: TOO_MANY_REQUESTS }, HttpStatus.TOO_MANY_REQUESTS);
      (error as HttpException & { headers?: Record<string, string> }).headers = {
        'retry-after': String(retryAfter),
      };
      throw error;
    }
    return true;
  }
}
