import { Caller, callerMetadata, createClientOnChannelOf, createGrpcClient, unaryCall } from '@aura/platform';
import { common, economy } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { SLOW_CALL_DEADLINE_MS } from '../common/request-deadline';

/**
 * Typed, promise-based calls to the economy service. The caller travels as metadata, and so does
 * the Idempotency-Key of a write (the service moves money at most once per key and caller).
 */
@Injectable()
export class EconomyClient implements OnModuleDestroy {
  private readonly client: economy.EconomyServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(economy.EconomyServiceClient, config.ECONOMY_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  getWallet(caller: Caller, userId = '') {
    return unaryCall(this.client, this.client.getWallet, { userId }, callerMetadata(caller));
  }

  listTransactions(caller: Caller, request: economy.ListTransactionsRequest) {
    return unaryCall(this.client, this.client.listTransactions, request, callerMetadata(caller));
  }

  getStatement(caller: Caller, month: string, userId = '') {
    return unaryCall(this.client, this.client.getStatement, { userId, month }, callerMetadata(caller));
  }

  sendTip(caller: Caller, request: economy.SendRequest, idempotencyKey?: string) {
    return unaryCall(this.client, this.client.sendTip, request, callerMetadata(caller, idempotencyKey));
  }

  transfer(caller: Caller, request: economy.SendRequest, idempotencyKey?: string) {
    return unaryCall(this.client, this.client.transfer, request, callerMetadata(caller, idempotencyKey));
  }

  adminAdjust(caller: Caller, request: economy.AdminAdjustRequest, idempotencyKey?: string) {
    return unaryCall(this.client, this.client.adminAdjust, request, callerMetadata(caller, idempotencyKey));
  }

  requestWithdrawal(caller: Caller, request: economy.WithdrawalRequest, idempotencyKey?: string) {
    return unaryCall(
      this.client,
      this.client.requestWithdrawal,
      request,
      callerMetadata(caller, idempotencyKey),
    );
  }

  listMyWithdrawals(caller: Caller) {
    return unaryCall(this.client, this.client.listMyWithdrawals, {}, callerMetadata(caller));
  }

  getSpendingSettings(caller: Caller) {
    return unaryCall(this.client, this.client.getSpendingSettings, {}, callerMetadata(caller));
  }

  updateSpendingSettings(caller: Caller, request: economy.UpdateSpendingSettingsRequest) {
    return unaryCall(this.client, this.client.updateSpendingSettings, request, callerMetadata(caller));
  }

  startCoolingOff(caller: Caller) {
    return unaryCall(this.client, this.client.startCoolingOff, {}, callerMetadata(caller));
  }

  getEconomySettings(caller: Caller) {
    return unaryCall(this.client, this.client.getEconomySettings, {}, callerMetadata(caller));
  }

  updateEconomySettings(caller: Caller, request: economy.UpdateEconomySettingsRequest) {
    return unaryCall(this.client, this.client.updateEconomySettings, request, callerMetadata(caller));
  }

  listWithdrawals(caller: Caller, request: economy.ListWithdrawalsRequest) {
    return unaryCall(this.client, this.client.listWithdrawals, request, callerMetadata(caller));
  }

  processWithdrawal(caller: Caller, request: economy.ProcessWithdrawalRequest) {
    return unaryCall(this.client, this.client.processWithdrawal, request, callerMetadata(caller));
  }

  /** Reads every transfer: allow it time on a large ledger. */
  verifyLedger(caller: Caller) {
    return unaryCall(this.client, this.client.verifyLedger, {}, callerMetadata(caller), 120_000);
  }

  /** Public: no caller. */
  getCoinMarket() {
    return unaryCall(this.client, this.client.getCoinMarket, {});
  }

  /** Public: no caller. */
  getPriceHistory(hours: number) {
    return unaryCall(this.client, this.client.getPriceHistory, { hours });
  }

  /** Public: no caller. */
  listTopUpPackages() {
    return unaryCall(this.client, this.client.listTopUpPackages, {});
  }

  createCheckoutSession(caller: Caller, request: economy.CheckoutSessionRequest) {
    return unaryCall(
      this.client,
      this.client.createCheckoutSession,
      request,
      callerMetadata(caller),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  getCheckoutStatus(caller: Caller, sessionId: string) {
    return unaryCall(
      this.client,
      this.client.getCheckoutStatus,
      { sessionId },
      callerMetadata(caller),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  /**
   * Stripe's delivery: the exact bytes of the body and its signature header (no caller). The default
   * deadline, not the 30 s of the calls that reach Stripe's API: economy handles an event locally, and
   * one that waits longer (economy just restarted) is answered 503 and delivered again by Stripe, which
   * is safe (each event is applied once).
   */
  handleStripeWebhook(payload: Buffer, signature: string) {
    return unaryCall(this.client, this.client.handleStripeWebhook, { payload, signature });
  }

  /** Public (test mode only). */
  getTestCheckout(sessionId: string) {
    return unaryCall(this.client, this.client.getTestCheckout, { sessionId });
  }

  /** Public (test mode only). */
  payTestCheckout(sessionId: string) {
    return unaryCall(this.client, this.client.payTestCheckout, { sessionId });
  }

  createSuperAuraCheckout(caller: Caller, request: economy.SuperAuraCheckoutRequest) {
    return unaryCall(
      this.client,
      this.client.createSuperAuraCheckout,
      request,
      callerMetadata(caller),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  getSuperAuraStatus(caller: Caller) {
    return unaryCall(this.client, this.client.getSuperAuraStatus, {}, callerMetadata(caller));
  }

  cancelSuperAura(caller: Caller) {
    return unaryCall(
      this.client,
      this.client.cancelSuperAura,
      {},
      callerMetadata(caller),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
