import './instrument';
import 'reflect-metadata';
import { asyncService, NestPinoLogger, ServiceRuntime } from '@aura/platform';
import { genies as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadGeniesConfig } from './config';
import { GeniesModule } from './genies.module';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';
import { IdentityGrpcLookup, MembersConsumer } from './members/members';
import { EconomyGenieMoney } from './money/economy-money';
import { PurchaseSweeper } from './sweep/purchase-sweeper';

async function main(): Promise<void> {
  const config = loadGeniesConfig();
  const runtime = await ServiceRuntime.create({ service: 'genies', config });
  const money = new EconomyGenieMoney(config.ECONOMY_GRPC_URL);
  const identity = new IdentityGrpcLookup(config.IDENTITY_GRPC_URL);
  const app = await NestFactory.createApplicationContext(
    GeniesModule.register(runtime, config, { money, identity }),
    { logger: new NestPinoLogger(runtime.logger) },
  );
  await app.init();
  runtime.grpc.add(
    contract.GeniesServiceService,
    asyncService(contract.GeniesServiceService, app.get(GeniesGrpcController), runtime.logger),
  );
  runtime.installSignalHandlers(async () => {
    await app.close();
    money.close();
    identity.close();
  });
  await runtime.start({ grpcUrl: config.GENIES_GRPC_URL, httpPort: config.GENIES_HTTP_PORT });
  app.get(PurchaseSweeper).start();
  await app.get(MembersConsumer).start();
}

main().catch((error) => {
  // Startup failures (bad config, unreachable database) end the process with a readable line.
  console.error(JSON.stringify({ level: 'fatal', service: 'genies', msg: String(error?.message ?? error) }));
  process.exit(1);
});
