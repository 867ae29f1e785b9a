import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { IdentityClient } from '../clients/identity.client';
import { MediaClient } from '../clients/media.client';
import { GATEWAY_REDIS } from '../common/tokens';
import { Public } from '../auth/auth.decorators';

export class HealthResponse {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) checks!: Record<string, string>;
}

/** 200 only when every service the gateway needs is ready, else 503 with what is missing. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly media: MediaClient,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: HealthResponse })
  @ApiResponse({ status: 503, description: 'A dependency is not ready' })
  async check(): Promise<HealthResponse> {
    const checks: Record<string, string> = {};
    await Promise.all([
      this.identity.checkHealth().then(
        (status) => (checks.identity = status.ready ? 'ok' : 'not ready'),
        () => (checks.identity = 'unreachable'),
      ),
      this.media.checkHealth().then(
        (status) => (checks.media = status.ready ? 'ok' : 'not ready'),
        () => (checks.media = 'unreachable'),
      ),
      this.redis.ping().then(
        () => (checks.redis = 'ok'),
        () => (checks.redis = 'unreachable'),
      ),
    ]);
    const failing = Object.entries(checks).filter(([, value]) => value !== 'ok');
    if (failing.length > 0) {
      throw new ServiceUnavailableException({
        detail: `Not ready: ${failing.map(([name, value]) => `${name} ${value}`).join(', ')}`,
      });
    }
    return { status: 'ok', checks };
  }
}
