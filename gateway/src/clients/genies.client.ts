import { Caller, callerMetadata, createClientOnChannelOf, createGrpcClient, unaryCall } from '@aura/platform';
import { common, genies } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { SLOW_CALL_DEADLINE_MS } from '../common/request-deadline';

/** Typed, promise-based calls to the genies service; the caller travels as metadata. */
@Injectable()
export class GeniesClient implements OnModuleDestroy {
  private readonly client: genies.GeniesServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(genies.GeniesServiceClient, config.GENIES_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  listCatalogue(caller: Caller) {
    return unaryCall(this.client, this.client.listCatalogue, {}, callerMetadata(caller));
  }

  getBottles(caller: Caller) {
    return unaryCall(this.client, this.client.getBottles, {}, callerMetadata(caller));
  }

  /** Moves money (through economy): allow the charge its time. */
  purchaseBottles(caller: Caller, quantity: number, idempotencyKey?: string, confirmPause = false) {
    return unaryCall(
      this.client,
      this.client.purchaseBottles,
      { quantity, confirmPause },
      callerMetadata(caller, idempotencyKey),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  revealBottle(caller: Caller) {
    return unaryCall(this.client, this.client.revealBottle, {}, callerMetadata(caller));
  }

  listCollection(caller: Caller, userId = '') {
    return unaryCall(this.client, this.client.listCollection, { userId }, callerMetadata(caller));
  }

  getStats(caller: Caller) {
    return unaryCall(this.client, this.client.getStats, {}, callerMetadata(caller));
  }

  setNickname(caller: Caller, userGenieId: string, nickname: string) {
    return unaryCall(this.client, this.client.setNickname, { userGenieId, nickname }, callerMetadata(caller));
  }

  setFeatured(caller: Caller, userGenieId: string) {
    return unaryCall(this.client, this.client.setFeatured, { userGenieId }, callerMetadata(caller));
  }

  claimEarnings(caller: Caller) {
    return unaryCall(
      this.client,
      this.client.claimEarnings,
      {},
      callerMetadata(caller),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  sendGenie(caller: Caller, request: genies.SendGenieRequest) {
    return unaryCall(
      this.client,
      this.client.sendGenie,
      request,
      callerMetadata(caller),
      SLOW_CALL_DEADLINE_MS,
    );
  }

  getFeatured(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.getFeatured, { userId }, callerMetadata(caller));
  }

  setBottlePrice(caller: Caller, priceMicro: number) {
    return unaryCall(this.client, this.client.setBottlePrice, { priceMicro }, callerMetadata(caller));
  }

  /** Public: no caller. */
  getArtwork(file: string) {
    return unaryCall(this.client, this.client.getArtwork, { file });
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
