import { createLogger, createRedis } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccessTokenVerifier } from './auth/access-token-verifier';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS } from './admin';
import { AccountDeletionController } from './auth/account-deletion.controller';
import { DataExportController } from './data-export/data-export.controller';
import { AuthController } from './auth/auth.controller';
import { EmailLinksController } from './auth/email-links.controller';
import { PasskeysController, SecondFactorPasskeyController } from './auth/passkeys.controller';
import { TwoFactorController } from './auth/two-factor.controller';
import { AuthGuard } from './auth/auth.guard';
import { IdentityClient } from './clients/identity.client';
import { MediaClient } from './clients/media.client';
import { SocialClient } from './clients/social.client';
import { ApiErrorFilter } from './common/api-error.filter';
import { GATEWAY_LOGGER, GATEWAY_REDIS } from './common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from './config';
import { ECONOMY_CONTROLLERS, ECONOMY_PROVIDERS } from './economy';
import { GENIES_CONTROLLERS, GENIES_PROVIDERS } from './genies';
import { MARKETPLACE_CONTROLLERS, MARKETPLACE_PROVIDERS } from './marketplace';
import { HealthController } from './health/health.controller';
import { BannerDataUrlController } from './media/banner-data-url.controller';
import { MediaFilesController } from './media/media-files.controller';
import { MediaUploadController } from './media/media-upload.controller';
import { ProfileUploadController } from './media/profile-upload.controller';
import { RateLimitGuard, RateLimiter } from './rate-limit/rate-limit';
import { SessionsService } from './auth/sessions.service';
import { MESSAGING_CONTROLLERS, MESSAGING_PROVIDERS } from './messaging';
import { PROFILE_CONTROLLERS } from './profile';
import { SOCIAL_CONTROLLERS, SOCIAL_PROVIDERS } from './social';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        AuthController,
        TwoFactorController,
        EmailLinksController,
        PasskeysController,
        SecondFactorPasskeyController,
        AccountDeletionController,
        DataExportController,
        HealthController,
        MediaUploadController,
        MediaFilesController,
        ProfileUploadController,
        BannerDataUrlController,
        // Before the social routes: /users/blocked is static, /users/{id} is not.
        ...MESSAGING_CONTROLLERS,
        ...SOCIAL_CONTROLLERS,
        ...PROFILE_CONTROLLERS,
        ...ECONOMY_CONTROLLERS,
        ...GENIES_CONTROLLERS,
        ...MARKETPLACE_CONTROLLERS,
        ...ADMIN_CONTROLLERS,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: GATEWAY_LOGGER, useValue: createLogger('gateway', config.LOG_LEVEL) },
        { provide: GATEWAY_REDIS, useFactory: () => createRedis(config.REDIS_URL, 'aura-gateway') },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        // Order matters: authenticate first, then count against the rate limit.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        IdentityClient,
        MediaClient,
        SocialClient,
        ...SOCIAL_PROVIDERS,
        ...ECONOMY_PROVIDERS,
        ...GENIES_PROVIDERS,
        ...MARKETPLACE_PROVIDERS,
        ...ADMIN_PROVIDERS,
        AccessTokenVerifier,
        SessionsService,
        RateLimiter,
        // Messaging, notifications, blocks and realtime (socket.io gateway, presence, typing, Kafka push).
        ...MESSAGING_PROVIDERS,
      ],
    };
  }
}
