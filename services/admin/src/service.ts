// The admin service: built and started by startAdmin (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import {
  asyncService,
  IdentityMemberSource,
  NestPinoLogger,
  RunningService,
  ServiceRuntime,
} from '@aura/platform';
import { admin as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { AdminModule } from './admin.module';
import { loadAdminConfig } from './config';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { AdminGrpcController } from './grpc/admin.grpc-controller';
import { MembersConsumer } from './members/members.consumer';

/** Builds and starts the admin service in this process (its main.ts, or the one-process server). */
export async function startAdmin(): Promise<RunningService> {
  const config = loadAdminConfig();
  const runtime = await ServiceRuntime.create({ service: 'admin', config });
  const identity = new IdentityMemberSource(config.IDENTITY_GRPC_URL);
  const app = await NestFactory.createApplicationContext(
    AdminModule.register(runtime, config, { identity }),
    { logger: new NestPinoLogger(runtime.logger) },
  );
  await app.init();

  runtime.grpc.add(
    contract.AdminServiceService,
    asyncService(contract.AdminServiceService, app.get(AdminGrpcController), runtime.logger),
  );
  const running = runtime.running(async () => {
    await app.close();
    identity.close();
  });
  await runtime.start({ grpcUrl: config.ADMIN_GRPC_URL, httpPort: config.ADMIN_HTTP_PORT });
  await Promise.all([app.get(DashboardConsumer).start(), app.get(MembersConsumer).start()]);
  return running;
}
