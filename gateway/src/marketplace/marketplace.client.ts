import { Caller, callerMetadata, createGrpcClient, unaryCall } from '@aura/platform';
import { economy } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** The marketplace calls of the economy service (the caller, and a purchase's Idempotency-Key, as metadata). */
@Injectable()
export class MarketplaceClient implements OnModuleDestroy {
  private readonly client: economy.EconomyServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(economy.EconomyServiceClient, config.ECONOMY_GRPC_URL);
  }

  /** Public: no caller. */
  categories() {
    return unaryCall(this.client, this.client.listMarketplaceCategories, {});
  }

  items(caller: Caller) {
    return unaryCall(this.client, this.client.listMarketplaceItems, {}, callerMetadata(caller));
  }

  purchase(caller: Caller, itemId: string, idempotencyKey?: string, confirmPause = false) {
    return unaryCall(
      this.client,
      this.client.purchaseMarketplaceItem,
      { itemId, confirmPause },
      callerMetadata(caller, idempotencyKey),
    );
  }

  purchases(caller: Caller) {
    return unaryCall(this.client, this.client.listMarketplacePurchases, {}, callerMetadata(caller));
  }

  apply(caller: Caller, itemId: string) {
    return unaryCall(this.client, this.client.applyMarketplaceItem, { itemId }, callerMetadata(caller));
  }

  remove(caller: Caller, itemId: string) {
    return unaryCall(this.client, this.client.removeMarketplaceItem, { itemId }, callerMetadata(caller));
  }

  applied(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.listAppliedItems, { userId }, callerMetadata(caller));
  }

  onModuleDestroy(): void {
    this.client.close();
  }
}
