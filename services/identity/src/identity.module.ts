import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { AdminUsersService } from './admin-users/admin-users.service';
import { AuraConsumer } from './aura/aura.consumer';
import { AuraLedger } from './aura/aura-ledger';
import { AuthService } from './auth/auth.service';
import { BlocksGrpcHandlers } from './blocks/blocks.grpc';
import { BlocksRepository } from './blocks/blocks.repository';
import { BlocksService } from './blocks/blocks.service';
import type { IdentityConfig } from './config';
import { IdentityGrpcController } from './grpc/identity.grpc-controller';
import { ProfileService } from './profile/profile.service';
import { ProfileMediaConsumer } from './profile-media/profile-media.consumer';
import type { SigningKey } from './tokens/signing-key';
import { RefreshTokensRepository } from './tokens/refresh-tokens.repository';
import { ProfileChangedAnnouncer } from './users/profile-changed';
import { SuperAuraConsumer } from './superaura/superaura.consumer';
import { SIGNING_KEY } from './tokens/tokens.providers';
import { UsersRepository } from './users/users.repository';
import { WellnessGrpcHandlers } from './wellness/wellness.grpc';
import { WellnessService } from './wellness/wellness.service';
import { ProfileVisitsRepository } from './visits/visits.repository';
import { DeviceSessionsRepository } from './tokens/device-sessions.repository';

@Module({})
export class IdentityModule {
  static register(runtime: ServiceRuntime, config: IdentityConfig, signingKey: SigningKey): DynamicModule {
    return {
      module: IdentityModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: SIGNING_KEY, useValue: signingKey },
        UsersRepository,
        RefreshTokensRepository,
        DeviceSessionsRepository,
        AuthService,
        IdentityGrpcController,
        ProfileChangedAnnouncer,
        ProfileMediaConsumer,
        SuperAuraConsumer,
        BlocksRepository,
        BlocksService,
        BlocksGrpcHandlers,
        AuraLedger,
        AuraConsumer,
        WellnessService,
        ProfileVisitsRepository,
        ProfileService,
        WellnessGrpcHandlers,
        AdminUsersService,
      ],
    };
  }
}
