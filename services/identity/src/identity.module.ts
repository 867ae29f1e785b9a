import { AccountDeletionService } from './account-deletion/account-deletion.service';
import { AccountErasureConsumer } from './account-deletion/account-erasure.consumer';
import { PersonalDataRepository } from './account-deletion/personal-data.repository';
import { RestrictionsConsumer } from './restrictions/restrictions.consumer';
import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { AdminUsersService } from './admin-users/admin-users.service';
import { AuraConsumer } from './aura/aura.consumer';
import { AuraLedger } from './aura/aura-ledger';
import { AuraLogRepository } from './aura/aura-log.repository';
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
import { WellnessRepository } from './wellness/wellness.repository';
import { WellnessService } from './wellness/wellness.service';
import { ProfileVisitsRepository } from './visits/visits.repository';
import { DeviceSessionsRepository } from './tokens/device-sessions.repository';
import { EmailLinksService } from './email-links/email-links.service';
import { EmailTokensRepository } from './email-links/email-tokens.repository';
import { VerificationMailConsumer } from './email-links/verification-mail.consumer';
import { Mailer } from './mail/mailer';
import { IdentityExport } from './member-export/member-export';
import { PasskeysRepository } from './passkeys/passkeys.repository';
import { PasskeysService } from './passkeys/passkeys.service';
import { WebAuthnCeremoniesRepository } from './passkeys/webauthn-ceremonies.repository';
import { SecurityPolicyRepository } from './security-policy/security-policy.repository';
import { SecurityPolicyService } from './security-policy/security-policy.service';
import { LoginChallengesRepository } from './two-factor/login-challenges.repository';
import { SecondFactor } from './two-factor/second-factor';
import { TotpSecretCipher } from './two-factor/totp-secret-cipher';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';

@Module({})
export class IdentityModule {
  static register(runtime: ServiceRuntime, config: IdentityConfig, signingKey: SigningKey): DynamicModule {
    return {
      module: IdentityModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        { provide: SIGNING_KEY, useValue: signingKey },
        TotpSecretCipher,
        UsersRepository,
        RefreshTokensRepository,
        DeviceSessionsRepository,
        TwoFactorRepository,
        LoginChallengesRepository,
        SecondFactor,
        AuthService,
        TwoFactorService,
        Mailer,
        EmailTokensRepository,
        EmailLinksService,
        VerificationMailConsumer,
        RestrictionsConsumer,
        AccountDeletionService,
        PersonalDataRepository,
        AccountErasureConsumer,
        SecurityPolicyRepository,
        SecurityPolicyService,
        PasskeysRepository,
        WebAuthnCeremoniesRepository,
        PasskeysService,
        IdentityGrpcController,
        ProfileChangedAnnouncer,
        ProfileMediaConsumer,
        SuperAuraConsumer,
        BlocksRepository,
        BlocksService,
        BlocksGrpcHandlers,
        AuraLogRepository,
        AuraLedger,
        AuraConsumer,
        WellnessRepository,
        WellnessService,
        ProfileVisitsRepository,
        ProfileService,
        WellnessGrpcHandlers,
        AdminUsersService,
        IdentityExport,
      ],
    };
  }
}
