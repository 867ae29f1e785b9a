// The genies service: built and started by startGenies (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import {
  asyncService,
  IdentityMemberSource,
  NestPinoLogger,
  RunningService,
  ServiceRuntime,
} from '@aura/platform';
import { genies as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadGeniesConfig } from './config';
import { GeniesModule } from './genies.module';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';
import { MembersConsumer } from './members/members';
import { EconomyGenieMoney } from './money/economy-money';
import { PurchaseSweeper } from './sweep/purchase-sweeper';

/** Builds and starts the genies service in this process (its main.ts, or the one-process server). */
export async function startGenies(): Promise<RunningService> {
  const config = loadGeniesConfig();
  const runtime = await ServiceRuntime.create({ service: 'genies', config });
  const money = new EconomyGenieMoney(config.ECONOMY_GRPC_URL);
  const identity = new IdentityMemberSource(config.IDENTITY_GRPC_URL);
  const app = await NestFactory.createApplicationContext(
    GeniesModule.register(runtime, config, { money, identity }),
    { logger: new NestPinoLogger(runtime.logger) },
  );
  await app.init();
  runtime.grpc.add(
    contract.GeniesServiceService,
    asyncService(contract.GeniesServiceService, app.get(GeniesGrpcController), runtime.logger),
  );
  const running = runtime.running(async () => {
    await app.close();
    money.close();
    identity.close();
  });
  await runtime.start({ grpcUrl: config.GENIES_GRPC_URL, httpPort: config.GENIES_HTTP_PORT });
  app.get(PurchaseSweeper).start();
  await app.get(MembersConsumer).start();
  return running;
}
