import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { AdminClient } from '../clients/admin.client';
import { EconomyClient } from '../clients/economy.client';
import { GeniesClient } from '../clients/genies.client';
import { IdentityClient } from '../clients/identity.client';
import { MediaClient } from '../clients/media.client';
import { MessagingClient } from '../clients/messaging.client';
import { SocialClient } from '../clients/social.client';
import { GATEWAY_REDIS } from '../common/tokens';
import { RealtimeEventsConsumer } from '../realtime/realtime-events.consumer';
import { Public } from '../auth/auth.decorators';

export class HealthResponse {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) checks!: Record<string, string>;
}

/**
 * The whole site's status: 200 only when every service is ready, else 503 with what is missing. It is
 * not the gateway's readiness (GET /health/ready on GATEWAY_HTTP_PORT is: one service down leaves the
 * rest of the site up); it serves people and the local runner. Concurrent requests share one round of
 * checks, so it cannot be used to multiply calls to the services.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly media: MediaClient,
    private readonly social: SocialClient,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    private readonly messaging: MessagingClient,
    private readonly realtime: RealtimeEventsConsumer,
    private readonly economy: EconomyClient,
    private readonly genies: GeniesClient,
    private readonly admin: AdminClient,
  ) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: HealthResponse })
  @ApiResponse({ status: 503, description: 'A dependency is not ready' })
  check(): Promise<HealthResponse> {
    this.inFlight ??= this.evaluate().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private inFlight?: Promise<HealthResponse>;

  private async evaluate(): Promise<HealthResponse> {
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
      this.social.checkHealth().then(
        (status) => (checks.social = status.ready ? 'ok' : 'not ready'),
        () => (checks.social = 'unreachable'),
      ),
      this.messaging.checkHealth().then(
        (status) => (checks.messaging = status.ready ? 'ok' : 'not ready'),
        () => (checks.messaging = 'unreachable'),
      ),
      this.economy.checkHealth().then(
        (status) => (checks.economy = status.ready ? 'ok' : 'not ready'),
        () => (checks.economy = 'unreachable'),
      ),
      this.genies.checkHealth().then(
        (status) => (checks.genies = status.ready ? 'ok' : 'not ready'),
        () => (checks.genies = 'unreachable'),
      ),
      this.admin.checkHealth().then(
        (status) => (checks.admin = status.ready ? 'ok' : 'not ready'),
        () => (checks.admin = 'unreachable'),
      ),
      this.redis.ping().then(
        () => (checks.redis = 'ok'),
        () => (checks.redis = 'unreachable'),
      ),
    ]);
    // Pushes need the realtime consumer in its group (once; a later Kafka hiccup does not unready it).
    checks.realtime = this.realtime.ready ? 'ok' : 'starting';
    const failing = Object.entries(checks).filter(([, value]) => value !== 'ok');
    if (failing.length > 0) {
      throw new ServiceUnavailableException({
        detail: `Not ready: ${failing.map(([name, value]) => `${name} ${value}`).join(', ')}`,
      });
    }
    return { status: 'ok', checks };
  }
}
