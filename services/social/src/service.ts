// The social service: built and started by startSocial (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import { asyncService, NestPinoLogger, RunningService, ServiceRuntime } from '@aura/platform';
import { social } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { BlocksConsumer } from './blocks/blocks.consumer';
import { ModerationConsumer } from './moderation/moderation.consumer';
import { loadSocialConfig } from './config';
import { SOCIAL_CALLERS, SocialGrpcController } from './grpc/social.grpc-controller';
import { MembersConsumer } from './members/members.consumer';
import { backfillSearchWords } from './social-core.module';
import { SocialModule } from './social.module';
import { SocialSweeper } from './sweep/social-sweeper';

/** Builds and starts the social service in this process (its main.ts, or the one-process server). */
export async function startSocial(): Promise<RunningService> {
  const config = loadSocialConfig();
  const runtime = await ServiceRuntime.create({ service: 'social', config, redis: true });
  const app = await NestFactory.createApplicationContext(SocialModule.register(runtime, config), {
    logger: new NestPinoLogger(runtime.logger),
  });
  await app.init();
  const backfilled = await backfillSearchWords((type) => app.get(type));
  if (backfilled.members + backfilled.posts > 0)
    runtime.logger.info(backfilled, 'search words given to members and posts stored without them');

  runtime.grpc.add(
    social.SocialServiceService,
    asyncService(social.SocialServiceService, app.get(SocialGrpcController), runtime.logger),
    SOCIAL_CALLERS,
  );
  const running = runtime.running(() => app.close());
  await runtime.start({ grpcUrl: config.SOCIAL_GRPC_URL, httpPort: config.SOCIAL_HTTP_PORT });
  // Calls are served first; the consumers join their groups in the background (the platform's bus).
  await app.get(MembersConsumer).start();
  await app.get(BlocksConsumer).start();
  await app.get(ModerationConsumer).start();
  await app.get(AccountErasureConsumer).start();
  app.get(SocialSweeper).start();
  return running;
}
