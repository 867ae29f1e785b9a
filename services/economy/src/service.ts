// The economy service: built and started by startEconomy (ADR 0014); main.ts runs it as its own process.
import 'reflect-metadata';
import {
  asyncService,
  IdentityMemberSource,
  NestPinoLogger,
  RunningService,
  ServiceRuntime,
} from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadEconomyConfig } from './config';
import { EconomyModule } from './economy.module';
import { ECONOMY_CALLERS, EconomyGrpcController } from './grpc/economy.grpc-controller';
import { LedgerCheck } from './ledger/ledger-check';
import { MarketConsumer } from './market/market.consumer';
import { MembersConsumer } from './members/members.consumer';
import { RewardsConsumer } from './rewards/rewards.consumer';
import { IdentityMoodSource } from './spending/identity-mood';
import { MaintenanceSweeper } from './sweep/maintenance-sweeper';
import { StripeCheckoutProvider, stripeClient, TestCheckoutProvider } from './topups/checkout-provider';
import { parseOrigins } from './topups/packages';
import { LOCAL_WEBHOOK_SECRET } from './topups/topups.service';

/** Builds and starts the economy service in this process (its main.ts, or the one-process server). */
export async function startEconomy(): Promise<RunningService> {
  const config = loadEconomyConfig();
  const runtime = await ServiceRuntime.create({ service: 'economy', config });
  const identity = new IdentityMemberSource(config.IDENTITY_GRPC_URL);
  const mood = new IdentityMoodSource(config.IDENTITY_GRPC_URL);
  const app = await NestFactory.createApplicationContext(
    EconomyModule.register(runtime, config, {
      identity,
      mood,
      // A market that never ran starts with a flat 30-day history (ADR 0006), so every chart range draws.
      market: { backfillDays: 30 },
      topups: topUpOptions(config),
    }),
    { logger: new NestPinoLogger(runtime.logger) },
  );
  // The ledger's collections, every part's indexes, the marketplace catalogue, the market's history.
  await app.init();

  runtime.grpc.add(
    contract.EconomyServiceService,
    asyncService(contract.EconomyServiceService, app.get(EconomyGrpcController), runtime.logger),
    ECONOMY_CALLERS,
  );
  const running = runtime.running(async () => {
    // The maintenance sweeper stops (onModuleDestroy); then the runtime's outbox relay makes its last pass.
    await app.close();
    identity.close();
    mood.close();
  });
  await runtime.start({ grpcUrl: config.ECONOMY_GRPC_URL, httpPort: config.ECONOMY_HTTP_PORT });
  app.get(MaintenanceSweeper).start();
  // The ledger gauges from the start (then every LEDGER_CHECK_EVERY_MS).
  void app
    .get(LedgerCheck)
    .run()
    .catch((error) => runtime.logger.warn({ err: error }, 'ledger check failed'));
  // Calls are served first; the consumers join their groups in the background (the platform's bus).
  await Promise.all([
    app.get(MembersConsumer).start(),
    app.get(RewardsConsumer).start(),
    app.get(MarketConsumer).start(),
  ]);
  return running;
}

/** Stripe with a secret key; otherwise the local test checkout where it is enabled (never in production). */
function topUpOptions(config: ReturnType<typeof loadEconomyConfig>) {
  const testCheckout = !config.STRIPE_SECRET_KEY && config.AURA_TEST_CHECKOUT === 'enabled';
  const provider = config.STRIPE_SECRET_KEY
    ? new StripeCheckoutProvider(stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE))
    : new TestCheckoutProvider();
  return {
    provider,
    // The published local secret signs only the test checkout's own events.
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? (testCheckout ? LOCAL_WEBHOOK_SECRET : null),
    allowedOrigins: parseOrigins(config.PAYMENTS_ALLOWED_ORIGINS),
    production: config.AURA_ENV === 'production',
    testCheckout,
  };
}
