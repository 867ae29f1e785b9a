import { type BaseConfig, type MemberSource, PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { EconomyGrpcController } from './grpc/economy.grpc-controller';
import { Ledger } from './ledger/ledger';
import { LedgerCheck } from './ledger/ledger-check';
import { GeniePaymentsService } from './genie-payments/genie-payments.service';
import { LedgerRepository } from './ledger/ledger.repository';
import { MarketConsumer } from './market/market.consumer';
import { MarketRepository } from './market/market.repository';
import { type MarketOptions, MarketService } from './market/market.service';
import { MarketplaceRepository } from './marketplace/marketplace.repository';
import { MarketplaceService } from './marketplace/marketplace.service';
import { MembersConsumer } from './members/members.consumer';
import { MembersRepository } from './members/members.repository';
import { touchEconomyCounters } from './metrics';
import type { CoinPriceSource } from './money/coin-price';
import { PaymentsService } from './payments/payments.service';
import { RewardDaysRepository } from './rewards/reward-days.repository';
import { RewardSlots } from './rewards/reward-slots';
import { RewardsConsumer } from './rewards/rewards.consumer';
import { RewardsService } from './rewards/rewards.service';
import { EconomySettings } from './settings/economy-settings';
import { SettingsRepository } from './settings/settings.repository';
import type { MoodSource } from './spending/identity-mood';
import { SpendingRepository } from './spending/spending.repository';
import { SpendingService } from './spending/spending.service';
import { StatementService } from './statements/statement.service';
import { InvoicePaidHandler } from './superaura/invoice-paid.handler';
import { SubscriptionChangedHandler } from './superaura/subscription-changed.handler';
import { SuperAuraRepository } from './superaura/superaura.repository';
import { SuperAuraService } from './superaura/superaura.service';
import { MaintenanceSweeper } from './sweep/maintenance-sweeper';
import {
  CLOCK,
  COIN_PRICE,
  MARKET_OPTIONS,
  MEMBER_SOURCE,
  MOOD_SOURCE,
  TOPUPS_OPTIONS,
  WITHDRAWALS_OPTIONS,
} from './tokens';
import { TestCheckoutProvider } from './topups/checkout-provider';
import { CheckoutSessions } from './topups/checkout-sessions';
import { TopUpReversals } from './topups/reversals';
import { TopUpCredit } from './topups/top-up-credit';
import { TopUpsRepository } from './topups/topups.repository';
import { LOCAL_WEBHOOK_SECRET, type TopUpsOptions, TopUpsService } from './topups/topups.service';
import { ChargeDisputeClosedHandler } from './topups/webhooks/charge-dispute-closed.handler';
import { ChargeDisputeCreatedHandler } from './topups/webhooks/charge-dispute-created.handler';
import { ChargeRefundedHandler } from './topups/webhooks/charge-refunded.handler';
import { CheckoutCompletedHandler } from './topups/webhooks/checkout-completed.handler';
import { CheckoutExpiredHandler } from './topups/webhooks/checkout-expired.handler';
import { StripeWebhooks } from './topups/webhooks/stripe-webhooks';
import { WalletExport } from './wallet/wallet-export';
import { WalletService } from './wallet/wallet.service';
import { WithdrawalsRepository } from './withdrawals/withdrawals.repository';
import { type WithdrawalsOptions, WithdrawalsService } from './withdrawals/withdrawals.service';

/** What main.ts supplies and a test replaces; everything else is the service's own classes. */
export interface EconomyModuleOptions {
  /** identity, asked for a member economy has not heard of yet (over gRPC in main.ts; a stand-in in tests). */
  identity?: MemberSource;
  /** Whether a member's last two check-ins were low (identity's IsMoodLow): the spending pause. */
  mood: MoodSource;
  /** The spending rules' time (tests move it; docs/spending.md). */
  clock?: () => Date;
  /** The coin price (default: the coin market). */
  price?: CoinPriceSource;
  market?: MarketOptions;
  withdrawals?: WithdrawalsOptions;
  /** Card top-ups and SuperAura: the test checkout with the local webhook secret unless given. */
  topups?: Partial<TopUpsOptions>;
}

const optional = <T>(token: symbol, value: T | undefined): Provider[] =>
  value === undefined ? [] : [{ provide: token, useValue: value }];

/**
 * The economy service: its parts as class providers beside the platform's. Starting it (app.init())
 * creates the ledger's collections, then every part's indexes, the marketplace catalogue and the coin
 * market's history; main.ts then starts the consumers and the maintenance sweeper (the runtime's outbox
 * relay, which publishes the ledger's events, starts with the runtime).
 */
@Module({})
export class EconomyModule {
  static register(runtime: ServiceRuntime, config: BaseConfig, options: EconomyModuleOptions): DynamicModule {
    touchEconomyCounters();
    const topups = options.topups;
    const topUpOptions: TopUpsOptions = {
      provider: topups?.provider ?? new TestCheckoutProvider(),
      webhookSecret: topups?.webhookSecret === undefined ? LOCAL_WEBHOOK_SECRET : topups.webhookSecret,
      allowedOrigins: topups?.allowedOrigins ?? [],
      production: topups?.production ?? false,
      testCheckout: topups?.testCheckout ?? true,
    };
    return {
      module: EconomyModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        ...optional(MEMBER_SOURCE, options.identity),
        { provide: MOOD_SOURCE, useValue: options.mood },
        ...optional(CLOCK, options.clock),
        options.price
          ? { provide: COIN_PRICE, useValue: options.price }
          : { provide: COIN_PRICE, useExisting: MarketService },
        ...optional(MARKET_OPTIONS, options.market),
        {
          // The super admin's minimum (src/settings) unless the test's options say otherwise.
          provide: WITHDRAWALS_OPTIONS,
          useFactory: (settings: EconomySettings): WithdrawalsOptions => ({
            minimumUsdMicro: async () => (await settings.current()).minWithdrawalUsdMicro,
            ...options.withdrawals,
          }),
          inject: [EconomySettings],
        },
        { provide: TOPUPS_OPTIONS, useValue: topUpOptions },
        LedgerRepository,
        Ledger,
        LedgerCheck,
        GeniePaymentsService,
        MembersRepository,
        RewardDaysRepository,
        RewardSlots,
        SettingsRepository,
        EconomySettings,
        RewardsService,
        SpendingRepository,
        SpendingService,
        PaymentsService,
        MarketRepository,
        MarketService,
        WithdrawalsRepository,
        WithdrawalsService,
        WalletService,
        WalletExport,
        StatementService,
        MarketplaceRepository,
        MarketplaceService,
        TopUpsRepository,
        CheckoutSessions,
        TopUpCredit,
        TopUpReversals,
        SuperAuraRepository,
        SuperAuraService,
        CheckoutCompletedHandler,
        CheckoutExpiredHandler,
        ChargeRefundedHandler,
        ChargeDisputeCreatedHandler,
        ChargeDisputeClosedHandler,
        SubscriptionChangedHandler,
        InvoicePaidHandler,
        StripeWebhooks,
        TopUpsService,
        EconomyGrpcController,
        MaintenanceSweeper,
        MarketConsumer,
        MembersConsumer,
        RewardsConsumer,
      ],
    };
  }
}
