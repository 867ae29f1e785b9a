// The messaging service: built and started by startMessaging (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import {
  asyncService,
  IdentityMemberSource,
  NestPinoLogger,
  RunningService,
  ServiceRuntime,
} from '@aura/platform';
import { messaging } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { BlocksConsumer } from './blocks/blocks.consumer';
import { loadMessagingConfig } from './config';
import { OutboxFinisher } from './events/outbox-finisher';
import { MESSAGING_CALLERS, MessagingGrpcController } from './grpc/messaging.grpc-controller';
import { MembersConsumer } from './members/members.consumer';
import { MessagingModule } from './messaging.module';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { MessageRemovalConsumer } from './messages/message-removal.consumer';
import { NotificationsConsumer } from './notifications/notifications.consumer';
import { NotificationsService } from './notifications/notifications.service';

/** Builds and starts the messaging service in this process (its main.ts, or the one-process server). */
export async function startMessaging(): Promise<RunningService> {
  const config = loadMessagingConfig();
  const runtime = await ServiceRuntime.create({ service: 'messaging', config, redis: true });
  const identity = new IdentityMemberSource(config.IDENTITY_GRPC_URL);
  const app = await NestFactory.createApplicationContext(
    MessagingModule.register(runtime, config, identity),
    { logger: new NestPinoLogger(runtime.logger) },
  );
  await app.init();

  runtime.grpc.add(
    messaging.MessagingServiceService,
    asyncService(messaging.MessagingServiceService, app.get(MessagingGrpcController), runtime.logger),
    MESSAGING_CALLERS,
  );
  const running = runtime.running(async () => {
    // The outbox finisher's sweep and the notification timers stop (onModuleDestroy) before identity's client.
    await app.close();
    identity.close();
  });
  await runtime.start({ grpcUrl: config.MESSAGING_GRPC_URL, httpPort: config.MESSAGING_HTTP_PORT });
  app.get(OutboxFinisher).start();
  app.get(NotificationsService).startTimers();
  // Calls are served first; the consumers join their groups in the background (the platform's bus).
  await Promise.all([
    app.get(MembersConsumer).start(),
    app.get(BlocksConsumer).start(),
    app.get(NotificationsConsumer).start(),
    app.get(MessageRemovalConsumer).start(),
    app.get(AccountErasureConsumer).start(),
  ]);
  return running;
}
