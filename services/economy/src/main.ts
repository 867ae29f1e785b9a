import './instrument';
import 'reflect-metadata';
import { asyncService, NestPinoLogger, ServiceRuntime } from '@aura/platform';
import { economy as contract } from '@aura/proto';
import { NestFactory } from '@nestjs/core';
import { loadEconomyConfig } from './config';
import { composeEconomy } from './economy';
import { EconomyModule } from './economy.module';
import { ECONOMY_CALLERS, EconomyGrpcController } from './grpc/economy.grpc-controller';
import { IdentityMemberDirectory } from './members/identity-directory';
import { IdentityMoodSource } from './spending/identity-mood';
import { StripeCheckoutProvider, stripeClient, TestCheckoutProvider } from './topups/checkout-provider';
import { parseOrigins } from './topups/packages';
import { LOCAL_WEBHOOK_SECRET } from './topups/topups.service';

async function main(): Promise<void> {
  const config = loadEconomyConfig();
  const runtime = await ServiceRuntime.create({ service: 'economy', config });
  const directory = new IdentityMemberDirectory(config.IDENTITY_GRPC_URL);
  const mood = new IdentityMoodSource(config.IDENTITY_GRPC_URL);
  const economy = composeEconomy({
    service: runtime.service,
    mongo: runtime.mongo,
    logger: runtime.logger,
    runtime,
    directory,
    mood,
    // A market that never ran starts with a flat 30-day history (ADR 0006), so every chart range draws.
    market: { backfillDays: 30 },
    topups: topUpOptions(config),
  });
  const app = await NestFactory.createApplicationContext(EconomyModule.register(runtime, config, economy), {
    logger: new NestPinoLogger(runtime.logger),
  });
  await app.init();
  await economy.init();

  runtime.grpc.add(
    contract.EconomyServiceService,
    asyncService(contract.EconomyServiceService, app.get(EconomyGrpcController), runtime.logger),
    ECONOMY_CALLERS,
  );
  runtime.installSignalHandlers(async () => {
    await economy.maintenance.stop();
    await economy.relay.stop();
    directory.close();
    mood.close();
    await app.close();
  });
  await runtime.start({ grpcUrl: config.ECONOMY_GRPC_URL, httpPort: config.ECONOMY_HTTP_PORT });
  economy.relay.start();
  economy.maintenance.start();
  // The ledger gauges from the start (then every LEDGER_CHECK_EVERY_MS).
  void economy.ledgerCheck.run().catch((error) => runtime.logger.warn({ err: error }, 'ledger check failed'));
  // Calls are served first; the consumers join their groups in the background (the platform's bus).
  await Promise.all([
    economy.membersConsumer.start(),
    economy.rewardsConsumer.start(),
    economy.marketConsumer.start(),
  ]);
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

main().catch((error) => {
  // Startup failures (bad config, unreachable database) end the process with a readable line.
  console.error(JSON.stringify({ level: 'fatal', service: 'economy', msg: String(error?.message ?? error) }));
  process.exit(1);
});
