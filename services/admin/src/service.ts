// The admin service: built and started by startAdmin (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import { asyncService, NestPinoLogger, RunningService, ServiceRuntime } from '@aura/platform';
import { admin as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { AdminModule } from './admin.module';
import { loadAdminConfig } from './config';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { AdminGrpcController } from './grpc/admin.grpc-controller';

/** Builds and starts the admin service in this process (its main.ts, or the one-process server). */
export async function startAdmin(): Promise<RunningService> {
  const config = loadAdminConfig();
  const runtime = await ServiceRuntime.create({ service: 'admin', config });
  const app = await NestFactory.createApplicationContext(
    AdminModule.register(runtime, config, { identityUrl: config.IDENTITY_GRPC_URL }),
    { logger: new NestPinoLogger(runtime.logger) },
  );
  await app.init();

  runtime.grpc.add(
    contract.AdminServiceService,
    asyncService(contract.AdminServiceService, app.get(AdminGrpcController), runtime.logger),
  );
  const running = runtime.running(() => app.close());
  await runtime.start({ grpcUrl: config.ADMIN_GRPC_URL, httpPort: config.ADMIN_HTTP_PORT });
  await app.get(DashboardConsumer).start();
  return running;
}
