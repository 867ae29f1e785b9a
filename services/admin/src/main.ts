import './instrument';
import 'reflect-metadata';
import { asyncService, NestPinoLogger, ServiceRuntime } from '@aura/platform';
import { admin as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { composeAdmin } from './admin';
import { AdminModule } from './admin.module';
import { loadAdminConfig } from './config';
import { AdminGrpcController } from './grpc/admin.grpc-controller';

async function main(): Promise<void> {
  const config = loadAdminConfig();
  const runtime = await ServiceRuntime.create({ service: 'admin', config });
  const admin = composeAdmin({ mongo: runtime.mongo, runtime, identityUrl: config.IDENTITY_GRPC_URL });
  const app = await NestFactory.createApplicationContext(AdminModule.register(runtime, config, admin), {
    logger: new NestPinoLogger(runtime.logger),
  });
  await app.init();
  await admin.init();

  runtime.grpc.add(
    contract.AdminServiceService,
    asyncService(contract.AdminServiceService, app.get(AdminGrpcController), runtime.logger),
  );
  runtime.installSignalHandlers(async () => {
    admin.names.close();
    await app.close();
  });
  await runtime.start({ grpcUrl: config.ADMIN_GRPC_URL, httpPort: config.ADMIN_HTTP_PORT });
  await admin.dashboardConsumer.start();
}

main().catch((error) => {
  // Startup failures (bad config, unreachable database) end the process with a readable line.
  console.error(JSON.stringify({ level: 'fatal', service: 'admin', msg: String(error?.message ?? error) }));
  process.exit(1);
});
