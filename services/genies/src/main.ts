import './instrument';
import 'reflect-metadata';
import { asyncService, createObjectStorage, NestPinoLogger, ServiceRuntime } from '@aura/platform';
import { genies as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadGeniesConfig } from './config';
import { composeGenies } from './genies';
import { GeniesModule } from './genies.module';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';
import { IdentityGrpcLookup } from './members/members';
import { EconomyGenieMoney } from './money/economy-money';

async function main(): Promise<void> {
  const config = loadGeniesConfig();
  const runtime = await ServiceRuntime.create({ service: 'genies', config });
  const money = new EconomyGenieMoney(config.ECONOMY_GRPC_URL);
  const identity = new IdentityGrpcLookup(config.IDENTITY_GRPC_URL);
  const genies = composeGenies({
    mongo: runtime.mongo,
    logger: runtime.logger,
    runtime,
    storage: createObjectStorage(config),
    bucket: config.S3_BUCKET_MEDIA,
    money,
    identity,
  });
  const app = await NestFactory.createApplicationContext(GeniesModule.register(runtime, config, genies), {
    logger: new NestPinoLogger(runtime.logger),
  });
  await app.init();
  await genies.init();
  runtime.grpc.add(
    contract.GeniesServiceService,
    asyncService(contract.GeniesServiceService, app.get(GeniesGrpcController), runtime.logger),
  );
  runtime.installSignalHandlers(async () => {
    await genies.stopSweeper();
    money.close();
    identity.close();
    await app.close();
  });
  await runtime.start({ grpcUrl: config.GENIES_GRPC_URL, httpPort: config.GENIES_HTTP_PORT });
  genies.startSweeper();
  await genies.membersConsumer.start();
}

main().catch((error) => {
  // Startup failures (bad config, unreachable database) end the process with a readable line.
  console.error(JSON.stringify({ level: 'fatal', service: 'genies', msg: String(error?.message ?? error) }));
  process.exit(1);
});
