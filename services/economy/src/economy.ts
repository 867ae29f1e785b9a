import { PeriodicTasks, type EventBus, type ServiceRuntime } from '@aura/platform';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { EconomyGrpcController } from './grpc/economy.grpc-controller';
import { Ledger } from './ledger/ledger';
import { LEDGER_CHECK_EVERY_MS, LedgerCheck } from './ledger/ledger-check';
import { LedgerRelay, LedgerRelayOptions } from './ledger/ledger-relay';
import { MarketConsumer } from './market/market.consumer';
import { MarketplaceService } from './marketplace/marketplace.service';
import { MarketRepository } from './market/market.repository';
import { MarketOptions, MarketService } from './market/market.service';
import type { MemberDirectory } from './members/member';
import { MembersConsumer } from './members/members.consumer';
import { MembersRepository } from './members/members.repository';
import { touchEconomyCounters } from './metrics';
import type { CoinPriceSource } from './money/coin-price';
import { PaymentsService } from './payments/payments.service';
import { RewardSlots } from './rewards/reward-slots';
import type { MoodSource } from './spending/identity-mood';
import { SpendingService } from './spending/spending.service';
import { EconomySettings } from './settings/economy-settings';
import { RewardsConsumer } from './rewards/rewards.consumer';
import { RewardsService } from './rewards/rewards.service';
import { StatementService } from './statements/statement.service';
import { WalletExport } from './wallet/wallet-export';
import { WalletService } from './wallet/wallet.service';
import { WithdrawalsOptions, WithdrawalsService } from './withdrawals/withdrawals.service';
import { CheckoutProvider, TestCheckoutProvider } from './topups/checkout-provider';
import { LOCAL_WEBHOOK_SECRET, TopUpsOptions, TopUpsService } from './topups/topups.service';

export interface EconomyDependencies {
  service: string;
  mongo: Connection;
  logger: Logger;
  /** The event bus: publishing (the ledger relay) and subscriptions (the ServiceRuntime's). */
  runtime: {
    bus: Pick<EventBus, 'publish' | 'isReady'>;
    subscribe: ServiceRuntime['subscribe'];
  };
  directory?: MemberDirectory;
  /** Whether a member's last two check-ins were low (identity's IsMoodLow): the spending pause. */
  mood: MoodSource;
  /** The spending rules' time (tests move it; docs/spending.md). */
  clock?: () => Date;
  price?: CoinPriceSource;
  relay?: LedgerRelayOptions;
  market?: MarketOptions;
  withdrawals?: WithdrawalsOptions;
  /** Card top-ups and SuperAura: the test checkout with the local webhook secret unless given. */
  topups?: Partial<TopUpsOptions> & { provider?: CheckoutProvider };
}

/** Every part of the economy service, wired. main.ts and the service tests build it the same way. */
export function composeEconomy(deps: EconomyDependencies) {
  touchEconomyCounters();
  const late: { relay?: LedgerRelay } = {};
  const host = { service: deps.service, eventsStored: () => late.relay?.nudge() };
  const ledger = new Ledger(deps.mongo, host, deps.logger);
  const relay = (late.relay = new LedgerRelay(ledger.store, deps.runtime.bus, deps.logger, deps.relay));
  const members = new MembersRepository(deps.mongo, deps.directory);
  const slots = new RewardSlots(deps.mongo);
  const settings = new EconomySettings(deps.mongo);
  const rewards = new RewardsService(
    ledger,
    members,
    slots,
    deps.logger,
    async () => (await settings.current()).postRewardMicro,
  );
  const spending = new SpendingService(deps.mongo, ledger, deps.mood, deps.clock);
  const payments = new PaymentsService(ledger, members, spending, deps.logger);
  const marketRepository = new MarketRepository(deps.mongo);
  const market = new MarketService(
    marketRepository,
    members,
    deps.runtime.bus,
    deps.service,
    deps.logger,
    deps.market,
  );
  const price = deps.price ?? market;
  const withdrawals = new WithdrawalsService(deps.mongo, ledger, members, price, deps.logger, {
    minimumUsdMicro: async () => (await settings.current()).minWithdrawalUsdMicro,
    ...deps.withdrawals,
  });
  const wallets = new WalletService(ledger, price, withdrawals, (ids) => members.erasedAmong(ids));
  const walletExport = new WalletExport(ledger, wallets, spending);
  const statements = new StatementService(ledger, wallets, market, price, members);
  const marketplace = new MarketplaceService(deps.mongo, ledger, members, spending, deps.logger);
  const topups = new TopUpsService(deps.mongo, ledger, members, deps.logger, {
    provider: deps.topups?.provider ?? new TestCheckoutProvider(),
    webhookSecret:
      deps.topups?.webhookSecret === undefined ? LOCAL_WEBHOOK_SECRET : deps.topups.webhookSecret,
    allowedOrigins: deps.topups?.allowedOrigins ?? [],
    production: deps.topups?.production ?? false,
    testCheckout: deps.topups?.testCheckout ?? true,
  });
  const controller = new EconomyGrpcController(
    wallets,
    payments,
    ledger,
    market,
    withdrawals,
    topups,
    marketplace,
    settings,
    walletExport,
    statements,
    spending,
  );
  const ledgerCheck = new LedgerCheck(ledger, deps.logger);
  const maintenance = new PeriodicTasks(
    [
      // The ledger check's gauges (aura_ledger_*): every entry is read, so every few minutes only.
      { name: 'ledger check', everyMs: LEDGER_CHECK_EVERY_MS, run: () => ledgerCheck.run() },
      // Every 15 s: the minute's snapshot is taken by the first run in each minute (later runs find it).
      { name: 'coin market snapshot', everyMs: 15_000, run: () => market.snapshot() },
      { name: 'coin market purge', everyMs: 3600_000, run: () => market.purge() },
    ],
    deps.logger,
  );
  return {
    ledger,
    relay,
    members,
    slots,
    rewards,
    settings,
    spending,
    payments,
    wallets,
    walletExport,
    withdrawals,
    topups,
    marketplace,
    controller,
    maintenance,
    ledgerCheck,
    market,
    marketConsumer: new MarketConsumer(deps.runtime, marketRepository),
    membersConsumer: new MembersConsumer(deps.runtime, members, spending),
    rewardsConsumer: new RewardsConsumer(deps.runtime, rewards),
    async init(): Promise<void> {
      await ledger.init();
      await Promise.all([
        members.ensureIndexes(),
        slots.ensureIndexes(),
        withdrawals.ensureIndexes(),
        topups.ensureIndexes(),
        marketplace.init(),
        spending.ensureIndexes(),
      ]);
      await market.init();
    },
  };
}

export type Economy = ReturnType<typeof composeEconomy>;
