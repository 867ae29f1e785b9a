// The identity service: built and started by startIdentity (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import { asyncService, NestPinoLogger, RunningService, ServiceRuntime } from '@aura/platform';
import { identity } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { AuraConsumer } from './aura/aura.consumer';
import { AuthService } from './auth/auth.service';
import { ensureSuperAdmin } from './bootstrap/super-admin';
import { loadIdentityConfig } from './config';
import { IDENTITY_CALLERS, IdentityGrpcController } from './grpc/identity.grpc-controller';
import { IdentityModule } from './identity.module';
import { ProfileMediaConsumer } from './profile-media/profile-media.consumer';
import { SuperAuraConsumer } from './superaura/superaura.consumer';
import { loadSigningKey } from './tokens/signing-key';
import { VerificationMailConsumer } from './email-links/verification-mail.consumer';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { UsersRepository } from './users/users.repository';
import { AccountDeletionService } from './account-deletion/account-deletion.service';
import { AccountErasureConsumer } from './account-deletion/account-erasure.consumer';
import { RestrictionsConsumer } from './restrictions/restrictions.consumer';

/** Builds and starts the identity service in this process (its main.ts, or the one-process server). */
export async function startIdentity(): Promise<RunningService> {
  const config = loadIdentityConfig();
  const runtime = await ServiceRuntime.create({ service: 'identity', config });
  const signingKey = await loadSigningKey(config, runtime.logger);
  const app = await NestFactory.createApplicationContext(
    IdentityModule.register(runtime, config, signingKey),
    {
      logger: new NestPinoLogger(runtime.logger),
    },
  );
  await app.init(); // every repository has created its indexes (onModuleInit)
  const users = app.get(UsersRepository);
  const twoFactor = app.get(TwoFactorRepository);
  // TOTP secrets from before encryption (or the previous key's) are sealed with the current key.
  const sweep = await twoFactor.sealStoredSecrets();
  if (sweep.sealed > 0)
    runtime.logger.info({ sealed: sweep.sealed }, 'TOTP secrets sealed with the current key');
  if (sweep.corrupt.length > 0)
    runtime.logger.error(
      { members: sweep.corrupt.slice(0, 20), count: sweep.corrupt.length },
      'TOTP secrets that do not authenticate: these members cannot use their authenticator',
    );
  await ensureSuperAdmin(config, users, app.get(AuthService), runtime.logger);

  runtime.grpc.add(
    identity.IdentityServiceService,
    asyncService(identity.IdentityServiceService, app.get(IdentityGrpcController), runtime.logger),
    IDENTITY_CALLERS,
  );
  const running = runtime.running(() => app.close());
  await runtime.start({ grpcUrl: config.IDENTITY_GRPC_URL, httpPort: config.IDENTITY_HTTP_PORT });
  // Calls are served first; the consumers join their groups in the background (the platform's bus).
  await app.get(ProfileMediaConsumer).start();
  await app.get(SuperAuraConsumer).start();
  await app.get(AuraConsumer).start();
  await app.get(VerificationMailConsumer).start();
  await app.get(RestrictionsConsumer).start();
  await app.get(AccountErasureConsumer).start();
  app.get(AccountDeletionService).start();
  return running;
}
