import {
  Conflict,
  createGrpcClient,
  callerMetadata,
  DomainError,
  errorCodeOf,
  isServiceError,
  RuleViolation,
  unaryCall,
} from '@aura/platform';
import { economy } from '@aura/proto';
import { status as GrpcStatus } from '@grpc/grpc-js';

export const INSUFFICIENT = 'Insufficient AuraCoin balance!';

/** economy is busy with the same key (a concurrent call): HTTP 409, the client retries. */
export class MoneyInProgress extends DomainError {
  readonly grpcStatus = GrpcStatus.ABORTED;
}

/** economy could not be asked: HTTP 503. */
export class MoneyUnavailable extends DomainError {
  readonly grpcStatus = GrpcStatus.UNAVAILABLE;
}

export interface MoneyReceipt {
  transferId: string;
  replayed: boolean;
}

/** What genies asks of economy's ledger (docs/adr/0008-genies.md). Each call has its idempotency key. */
export interface GenieMoney {
  /**
   * member → genie_shop; RuleViolation(INSUFFICIENT) when short. The member's spending settings
   * (docs/spending.md) may refuse it, with a code: RuleViolation (daily_limit_reached), Conflict
   * (pause_required unless `confirmPause`, cooling_off). Nothing is charged then.
   */
  charge(
    userId: string,
    amountMicro: number,
    memo: string,
    key: string,
    options?: { confirmPause?: boolean },
  ): Promise<MoneyReceipt>;
  /** genie_earnings → member. */
  payEarnings(userId: string, amountMicro: number, memo: string, key: string): Promise<MoneyReceipt>;
}

/** The economy service over gRPC (as the genies service: its certificate is what economy checks). */
export class EconomyGenieMoney implements GenieMoney {
  private readonly client: economy.EconomyServiceClient;

  /** economy's address, or a client to use (the service tests' in-process economy). */
  constructor(target: string | economy.EconomyServiceClient) {
    this.client =
      typeof target === 'string' ? createGrpcClient(economy.EconomyServiceClient, target) : target;
  }

  charge(
    userId: string,
    amountMicro: number,
    memo: string,
    key: string,
    options: { confirmPause?: boolean } = {},
  ): Promise<MoneyReceipt> {
    return this.call(this.client.chargeGeniePurchase, userId, amountMicro, memo, key, options.confirmPause);
  }

  payEarnings(userId: string, amountMicro: number, memo: string, key: string): Promise<MoneyReceipt> {
    return this.call(this.client.payGenieEarnings, userId, amountMicro, memo, key);
  }

  close(): void {
    this.client.close();
  }

  private async call(
    method: economy.EconomyServiceClient['chargeGeniePurchase'],
    userId: string,
    amountMicro: number,
    memo: string,
    key: string,
    confirmPause = false,
  ): Promise<MoneyReceipt> {
    try {
      const receipt = await unaryCall(
        this.client,
        method,
        // genies names the member itself: economy admits these two calls from genies only.
        { userId, amountMicro, memo, confirmPause },
        callerMetadata(undefined, key),
        15_000,
      );
      return { transferId: receipt.transferId, replayed: receipt.replayed };
    } catch (error) {
      if (!isServiceError(error)) throw error;
      // The member's spending settings said no (docs/spending.md): passed on with their code.
      const code = errorCodeOf(error);
      if (error.code === GrpcStatus.FAILED_PRECONDITION)
        throw new RuleViolation(error.details || INSUFFICIENT, code);
      if (error.code === GrpcStatus.ALREADY_EXISTS && code) throw new Conflict(error.details, code);
      if (error.code === GrpcStatus.ABORTED)
        throw new MoneyInProgress('This request is still being processed. Please try again in a moment.');
      throw new MoneyUnavailable('Service temporarily unavailable. Please try again shortly.');
    }
  }
}
