import {
  AsyncService,
  CallContext,
  Caller,
  CallerPolicy,
  exportRequest,
  Forbidden,
  InvalidInput,
  toExportPage,
  Unauthenticated,
} from '@aura/platform';
import { common, economy } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { LedgerCheck } from '../ledger/ledger-check';
import { marketFigures, MarketService, type MarketSnapshot } from '../market/market.service';
import { HOURS_MESSAGE } from '../market/price-rules';
import { Messages } from '../payments/messages';
import { PaymentsService, type Receipt } from '../payments/payments.service';
import { EconomySettings, type EconomySettingsView } from '../settings/economy-settings';
import { spendingChangeOf } from '../spending/spending-rules';
import { SpendingService, type SpendingView } from '../spending/spending.service';
import { StatementService, type StatementView } from '../statements/statement.service';
import { ECONOMY_EXPORT_PARTS, WalletExport } from '../wallet/wallet-export';
import { WalletService } from '../wallet/wallet.service';
import { SuperAuraService } from '../superaura/superaura.service';
import { TopUpsService } from '../topups/topups.service';
import { StripeWebhooks } from '../topups/webhooks/stripe-webhooks';
import { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { GeniePaymentsService } from '../genie-payments/genie-payments.service';
import { MarketplaceService, type MarketPurchase } from '../marketplace/marketplace.service';

const ADMIN_ROLES = new Set(['admin', 'super_admin']);

/**
 * Who may call what: the gateway everything but the genies' money, which only genies may move, and a
 * member's data export, which only media gathers.
 */
export const ECONOMY_CALLERS: CallerPolicy<economy.EconomyServiceServer> = {
  methods: { chargeGeniePurchase: ['genies'], payGenieEarnings: ['genies'], exportMemberData: ['media'] },
};

function callerOf(context: CallContext): Caller {
  if (!context.caller) throw new Unauthenticated(Messages.notAuthenticated);
  return context.caller;
}

/** Whose wallet a call reads: the caller's own, or anyone's for an admin. */
function subjectOf(caller: Caller, userId: string): string {
  if (!userId || userId === caller.userId) return caller.userId;
  if (!ADMIN_ROLES.has(caller.role)) throw new Forbidden(Messages.notAllowed);
  return userId;
}

function toSettings(view: EconomySettingsView): economy.EconomySettings {
  return {
    minWithdrawalUsdMicro: view.minWithdrawalUsdMicro,
    postRewardMicro: view.postRewardMicro,
    updatedAt: view.updatedAt ? view.updatedAt.toISOString() : '',
    updatedBy: view.updatedBy,
  };
}

function toStatement(view: StatementView): economy.Statement {
  return {
    userId: view.userId,
    username: view.username,
    month: view.period.month,
    periodStart: view.period.start.toISOString(),
    periodEnd: view.period.end.toISOString(),
    inProgress: view.period.inProgress,
    openingBalanceMicro: view.openingBalanceMicro,
    closingBalanceMicro: view.closingBalanceMicro,
    totalInMicro: view.totalInMicro,
    totalOutMicro: view.totalOutMicro,
    openingPriceMicroUsd: view.openingPriceMicroUsd,
    closingPriceMicroUsd: view.closingPriceMicroUsd,
    openingBalanceUsdMicro: view.openingBalanceUsdMicro,
    closingBalanceUsdMicro: view.closingBalanceUsdMicro,
    totalInUsdMicro: view.totalInUsdMicro,
    totalOutUsdMicro: view.totalOutUsdMicro,
    lines: view.lines.map((line) => ({ ...line })),
    generatedAt: view.generatedAt.toISOString(),
  };
}

function toReceipt(receipt: Receipt): economy.TransferReceipt {
  return { ...receipt };
}

/** The gRPC face of economy: decodes, checks who is calling, delegates, encodes. */
@Injectable()
export class EconomyGrpcController implements AsyncService<economy.EconomyServiceServer> {
  constructor(
    @Inject(WalletService) private readonly wallets: WalletService,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(MarketService) private readonly market: MarketService,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService,
    @Inject(TopUpsService) private readonly topups: TopUpsService,
    @Inject(StripeWebhooks) private readonly stripeWebhooks: StripeWebhooks,
    @Inject(SuperAuraService) private readonly superAura: SuperAuraService,
    @Inject(MarketplaceService) private readonly marketplace: MarketplaceService,
    @Inject(EconomySettings) private readonly settings: EconomySettings,
    @Inject(WalletExport) private readonly walletExport: WalletExport,
    @Inject(StatementService) private readonly statements: StatementService,
    @Inject(SpendingService) private readonly spending: SpendingService,
    @Inject(GeniePaymentsService) private readonly geniePayments: GeniePaymentsService,
    @Inject(LedgerCheck) private readonly ledgerCheck: LedgerCheck,
  ) {}

  // ---- spending that cares (spending/, docs/spending.md): the caller's own -------------------------

  async getSpendingSettings(_request: unknown, context: CallContext): Promise<economy.SpendingSettings> {
    return toSpending(await this.spending.view(callerOf(context).userId));
  }

  async updateSpendingSettings(
    request: economy.UpdateSpendingSettingsRequest,
    context: CallContext,
  ): Promise<economy.SpendingSettings> {
    const caller = callerOf(context);
    return toSpending(await this.spending.update(caller.userId, spendingChangeOf(request)));
  }

  async startCoolingOff(_request: unknown, context: CallContext): Promise<economy.SpendingSettings> {
    return toSpending(await this.spending.startCoolingOff(callerOf(context).userId));
  }

  // ---- settings (settings/) -------------------------------------------------------------------------

  async getEconomySettings(_request: unknown, context: CallContext): Promise<economy.EconomySettings> {
    return toSettings(await this.settings.read(callerOf(context)));
  }

  async updateEconomySettings(
    request: economy.UpdateEconomySettingsRequest,
    context: CallContext,
  ): Promise<economy.EconomySettings> {
    return toSettings(
      await this.settings.update(callerOf(context), {
        minWithdrawalUsdMicro: request.minWithdrawalUsdMicro,
        postRewardMicro: request.postRewardMicro,
      }),
    );
  }

  // ---- marketplace (marketplace/) -------------------------------------------------------------------

  /** Public: no caller needed. */
  async listMarketplaceCategories(): Promise<economy.MarketplaceCategoryList> {
    return { categories: this.marketplace.categories() };
  }

  async listMarketplaceItems(_request: unknown, context: CallContext): Promise<economy.MarketplaceItemList> {
    return { items: await this.marketplace.list(callerOf(context)) };
  }

  async purchaseMarketplaceItem(
    request: economy.PurchaseMarketplaceItemRequest,
    context: CallContext,
  ): Promise<economy.MarketplacePurchase> {
    return toPurchase(
      await this.marketplace.purchase(callerOf(context), request.itemId, context.idempotencyKey, {
        confirmPause: request.confirmPause,
      }),
    );
  }

  async listMarketplacePurchases(
    _request: unknown,
    context: CallContext,
  ): Promise<economy.MarketplacePurchaseList> {
    return { purchases: (await this.marketplace.purchases(callerOf(context))).map(toPurchase) };
  }

  async applyMarketplaceItem(
    request: economy.MarketplaceItemRequest,
    context: CallContext,
  ): Promise<economy.MarketplaceItem> {
    return this.marketplace.apply(callerOf(context), request.itemId);
  }

  async removeMarketplaceItem(
    request: economy.MarketplaceItemRequest,
    context: CallContext,
  ): Promise<economy.MarketplaceItem> {
    return this.marketplace.remove(callerOf(context), request.itemId);
  }

  async listAppliedItems(
    request: economy.AppliedItemsRequest,
    context: CallContext,
  ): Promise<economy.MarketplaceItemList> {
    callerOf(context);
    return { items: await this.marketplace.appliedItems(request.userId.trim()) };
  }

  // ---- genies (genie-payments/): only the genies service may call these (ECONOMY_CALLERS) ----------

  async chargeGeniePurchase(
    request: economy.GenieMoneyRequest,
    context: CallContext,
  ): Promise<economy.TransferReceipt> {
    return toReceipt(await this.geniePayments.charge(request, context.idempotencyKey));
  }

  async payGenieEarnings(
    request: economy.GenieMoneyRequest,
    context: CallContext,
  ): Promise<economy.TransferReceipt> {
    return toReceipt(await this.geniePayments.payEarnings(request, context.idempotencyKey));
  }

  // ---- the data export (wallet/wallet-export.ts): only the media service may call it (ECONOMY_CALLERS) --

  /** No member caller: the request names the member whose data is exported. */
  async exportMemberData(request: common.ExportPageRequest): Promise<common.ExportPage> {
    const { userId, part, cursor } = exportRequest(request, ECONOMY_EXPORT_PARTS);
    return toExportPage(await this.walletExport.page(userId, part, cursor));
  }

  // ---- card top-ups and SuperAura (topups/) -------------------------------------------------------

  /** Public: no caller needed. */
  async listTopUpPackages(): Promise<economy.TopUpPackageList> {
    return { packages: this.topups.packages().map((pack) => ({ ...pack })) };
  }

  async createCheckoutSession(
    request: economy.CheckoutSessionRequest,
    context: CallContext,
  ): Promise<economy.CheckoutSession> {
    return this.topups.createCheckout(callerOf(context), request.packageId, request.originUrl);
  }

  async getCheckoutStatus(
    request: economy.CheckoutStatusRequest,
    context: CallContext,
  ): Promise<economy.CheckoutStatus> {
    return this.topups.status(callerOf(context), request.sessionId);
  }

  /** Called by the gateway for Stripe: no caller; the signature is the authentication. */
  async handleStripeWebhook(request: economy.StripeWebhookRequest): Promise<economy.StripeWebhookResult> {
    return this.stripeWebhooks.receive(Buffer.from(request.payload), request.signature);
  }

  /** Public (test mode only). */
  async getTestCheckout(request: economy.TestCheckoutRequest): Promise<economy.TestCheckout> {
    return this.topups.testCheckout(request.sessionId);
  }

  /** Public (test mode only). */
  async payTestCheckout(request: economy.TestCheckoutRequest): Promise<economy.SignedWebhook> {
    return this.topups.payTestCheckout(request.sessionId);
  }

  async createSuperAuraCheckout(
    request: economy.SuperAuraCheckoutRequest,
    context: CallContext,
  ): Promise<economy.CheckoutSession> {
    return this.superAura.checkout(callerOf(context), request.plan, request.originUrl);
  }

  async getSuperAuraStatus(_request: unknown, context: CallContext): Promise<economy.SuperAuraStatus> {
    return this.superAura.status(callerOf(context));
  }

  async cancelSuperAura(_request: unknown, context: CallContext): Promise<economy.SuperAuraStatus> {
    return this.superAura.cancel(callerOf(context));
  }

  /** Public: no caller needed. */
  async getCoinMarket(): Promise<economy.CoinMarket> {
    return toCoinMarket(await this.market.current());
  }

  /** Public: no caller needed. */
  async getPriceHistory(request: economy.PriceHistoryRequest): Promise<economy.PriceHistory> {
    const { hours, points } = await this.market.history(request.hours).catch((error: unknown) => {
      throw error instanceof RangeError ? new InvalidInput(HOURS_MESSAGE) : error;
    });
    return {
      hours,
      points: points.map((point) => ({
        timestamp: point.at.toISOString(),
        priceMicroUsd: point.price_micro_usd,
        activeUsers: point.active_users_24h,
        engagements: point.engagements_24h,
      })),
    };
  }

  async getWallet(request: economy.GetWalletRequest, context: CallContext): Promise<economy.Wallet> {
    return this.wallets.wallet(subjectOf(callerOf(context), request.userId));
  }

  async listTransactions(
    request: economy.ListTransactionsRequest,
    context: CallContext,
  ): Promise<economy.TransactionPage> {
    const userId = subjectOf(callerOf(context), request.userId);
    const page = await this.wallets.transactions(userId, request.cursor, request.limit);
    return { transactions: page.transactions, nextCursor: page.nextCursor };
  }

  async getStatement(request: economy.StatementRequest, context: CallContext): Promise<economy.Statement> {
    const userId = subjectOf(callerOf(context), request.userId);
    return toStatement(await this.statements.statement(userId, request.month));
  }

  async sendTip(request: economy.SendRequest, context: CallContext): Promise<economy.TransferReceipt> {
    return toReceipt(
      await this.payments.send('tip', callerOf(context), sendInput(request), context.idempotencyKey),
    );
  }

  async transfer(request: economy.SendRequest, context: CallContext): Promise<economy.TransferReceipt> {
    return toReceipt(
      await this.payments.send('transfer', callerOf(context), sendInput(request), context.idempotencyKey),
    );
  }

  async adminAdjust(
    request: economy.AdminAdjustRequest,
    context: CallContext,
  ): Promise<economy.TransferReceipt> {
    return toReceipt(
      await this.payments.adjust(
        callerOf(context),
        { userId: request.userId, amountMicro: request.amountMicro, reason: request.reason },
        context.idempotencyKey,
      ),
    );
  }

  async requestWithdrawal(
    request: economy.WithdrawalRequest,
    context: CallContext,
  ): Promise<economy.Withdrawal> {
    return this.withdrawals.request(
      callerOf(context),
      { amountUsdMicro: request.amountUsdMicro, paypalEmail: request.paypalEmail },
      context.idempotencyKey,
    );
  }

  async listMyWithdrawals(_request: unknown, context: CallContext): Promise<economy.WithdrawalList> {
    return { withdrawals: await this.withdrawals.listMine(callerOf(context)) };
  }

  async listWithdrawals(
    request: economy.ListWithdrawalsRequest,
    context: CallContext,
  ): Promise<economy.WithdrawalList> {
    return { withdrawals: await this.withdrawals.listAll(callerOf(context), request) };
  }

  async processWithdrawal(
    request: economy.ProcessWithdrawalRequest,
    context: CallContext,
  ): Promise<economy.Withdrawal> {
    return this.withdrawals.process(callerOf(context), {
      withdrawalId: request.withdrawalId,
      action: request.action,
      adminNotes: request.adminNotes,
    });
  }

  async verifyLedger(_request: unknown, context: CallContext): Promise<economy.LedgerReport> {
    const caller = callerOf(context);
    if (!ADMIN_ROLES.has(caller.role)) throw new Forbidden(Messages.notAllowed);
    const report = await this.ledgerCheck.run();
    return {
      ...report,
      systemBalances: Object.entries(report.systemBalances).map(([account, balanceMicro]) => ({
        account,
        balanceMicro,
      })),
      negativeBalances: report.negativeBalances.map(({ account, balance }) => ({
        account,
        balanceMicro: balance,
      })),
      debts: report.debts.map(({ account, balance }) => ({ account, balanceMicro: balance })),
    };
  }
}

function toPurchase(purchase: MarketPurchase): economy.MarketplacePurchase {
  return { ...purchase };
}

function sendInput(request: economy.SendRequest) {
  return {
    recipientId: request.recipientId,
    amountMicro: request.amountMicro,
    currency: request.currency,
    message: request.message,
    confirmPause: request.confirmPause,
  };
}

function toPending(pending: SpendingView['pendingDailyLimit']): economy.PendingSpendingChange | undefined {
  if (!pending) return undefined;
  return {
    ...(pending.value === null ? {} : { valueMicro: pending.value }),
    effectiveAt: pending.effectiveAt.toISOString(),
  };
}

function toSpending(view: SpendingView): economy.SpendingSettings {
  return {
    ...(view.dailyLimitMicro === null ? {} : { dailyLimitMicro: view.dailyLimitMicro }),
    ...(view.pauseThresholdMicro === null ? {} : { pauseThresholdMicro: view.pauseThresholdMicro }),
    pendingDailyLimit: toPending(view.pendingDailyLimit),
    pendingPauseThreshold: toPending(view.pendingPauseThreshold),
    spentTodayMicro: view.spentTodayMicro,
    dayResetsAt: view.dayResetsAt.toISOString(),
    coolingOffUntil: view.coolingOffUntil?.toISOString() ?? '',
    lowMood: view.lowMood,
  };
}

function toCoinMarket(snapshot: MarketSnapshot): economy.CoinMarket {
  return {
    ...marketFigures(snapshot),
    totalEngagements: snapshot.total_engagements,
    memberSupplyMicro: snapshot.member_supply_micro,
    dayOpenMicroUsd: snapshot.day_open_micro_usd,
    updatedAt: snapshot.at.toISOString(),
  };
}
