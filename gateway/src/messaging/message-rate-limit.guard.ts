import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

export const SENDING_TOO_FAST = 'You are sending messages too fast. Please wait a moment and try again.';
const WINDOW_SECONDS = 60;

/**
 * Messages per member and minute (AURA_RATE_LIMIT_MESSAGES_PER_MINUTE): fixed windows in Redis shared
 * by every gateway process, like the other limiters. Redis unreachable = let through (logged).
 */
@Injectable()
export class MessageRateLimitGuard implements CanActivate {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = context.switchToHttp().getRequest<{ caller?: AuthenticatedCaller }>().caller;
    if (!caller) return true;
    const bucket = Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    const key = `ratelimit:messages:member:${caller.userId}:${bucket}`;
    let count: number;
    try {
      const results = await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS).exec();
      count = Number(results?.[0]?.[1] ?? 0);
    } catch (error) {
      this.logger.warn({ err: error }, 'message rate limiter unavailable; request allowed');
      return true;
    }
    if (count > this.config.AURA_RATE_LIMIT_MESSAGES_PER_MINUTE) {
      const error = new HttpException({ detail: SENDING_TOO_FAST }, HttpStatus.TOO_MANY_REQUESTS);
      (error as HttpException & { headers?: Record<string, string> }).headers = {
        'retry-after': String((bucket + 1) * WINDOW_SECONDS - Math.floor(Date.now() / 1000)),
      };
      throw error;
    }
    return true;
  }
}
