import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { ErrorResponse } from '../auth/auth.dto';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

export const CONTENT_RATE_LIMIT_KEY = 'aura:content-rate-limit';
export const POSTING_TOO_FAST = 'You are posting too fast. Please wait a moment and try again.';

export type ContentRateLimitPolicy = 'posts' | 'comments';

const WINDOW_SECONDS = 60;

/**
 * Per-member limit on new content (posts and stories; comments counted apart), the pattern of
 * rate-limit/RateLimitGuard (fixed windows in Redis shared by every gateway process) keyed by the
 * member instead of the address. Runs after the global AuthGuard, so the caller is known. Redis
 * unreachable = let through (logged): the limiter must not take posting down with it.
 */
@Injectable()
export class ContentRateLimitGuard implements CanActivate {
  private readonly limit: number;

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {
    this.limit = config.AURA_RATE_LIMIT_CONTENT_PER_MINUTE;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<ContentRateLimitPolicy | undefined>(
      CONTENT_RATE_LIMIT_KEY,
      context.getHandler(),
    );
    const caller = context.switchToHttp().getRequest<{ caller?: AuthenticatedCaller }>().caller;
    if (!policy || !caller) return true;
    const bucket = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    const key = `ratelimit:${policy}:member:${caller.userId}:${bucket}`;
    let count: number;
    try {
      const results = await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS).exec();
      count = Number(results?.[0]?.[1] ?? 0);
    } catch (error) {
      this.logger.warn({ err: error, policy }, 'content rate limiter unavailable; request allowed');
      return true;
    }
    if (count > this.limit) {
      const retryAfter = (bucket + 1) * WINDOW_SECONDS - Math.floor(Date.now() / 1000);
      const error = new HttpException({ detail: POSTING_TOO_FAST }, HttpStatus.TOO_MANY_REQUESTS);
      (error as HttpException & { headers?: Record<string, string> }).headers = {
        'retry-after': String(retryAfter),
      };
      throw error;
    }
    return true;
  }
}

/** Declares the route's per-member content limit next to it (and documents the 429). */
export const ContentRateLimit = (policy: ContentRateLimitPolicy) =>
  applyDecorators(
    SetMetadata(CONTENT_RATE_LIMIT_KEY, policy),
    UseGuards(ContentRateLimitGuard),
    ApiResponse({
      status: 429,
      type: ErrorResponse,
      description: 'More than AURA_RATE_LIMIT_CONTENT_PER_MINUTE (default 30) in a minute',
    }),
  );
