import './instrument';
import 'reflect-metadata';
import { asyncService, NestPinoLogger, ServiceRuntime } from '@aura/platform';
import { admin as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { AdminModule } from './admin.module';
import { loadAdminConfig } from './config';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { AdminGrpcController } from './grpc/admin.grpc-controller';

async function main(): Promise<void> {
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
  runtime.installSignalHandlers(() => app.close());
  await runtime.start({ grpcUrl: config.ADMIN_GRPC_URL, httpPort: config.ADMIN_HTTP_PORT });
  await app.get(DashboardConsumer).start();
}

main().catch((error) => {
  // Startup failures (bad config, unreachable database) end the process with a readable line.
  console.error(JSON.stringify({ level: 'fatal', service: 'admin', msg: String(error?.message ?? error) }));
  process.exit(1);
});
