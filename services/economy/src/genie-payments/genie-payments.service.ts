import { annotate, InvalidInput, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { memberAccount } from '../ledger/accounts';
import { sha256 } from '../ledger/ids';
import { Ledger } from '../ledger/ledger';
import type { TransferKind, TransferRequest } from '../ledger/ledger.types';
import { moveChecked, moveMoney, Receipt } from '../payments/payments.service';
import { type SpendCheck, SpendingService } from '../spending/spending.service';
import { checkIdempotencyKey } from '../payments/send-rules';

/** The genies service's words for a short wallet (spec 001 §5). */
export const GENIE_INSUFFICIENT = 'Insufficient AuraCoin balance!';
export const GENIE_KEY_REQUIRED = 'An idempotency-key is required';
export const GENIE_AMOUNT_RULE = 'amount_micro must be a positive whole number of micro-AC';
const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** More than 1000 AC × 10 bottles or any claim could be; a bound against a runaway caller. */
const MAX_AMOUNT_MICRO = 100_000_000_000;

export interface GenieMoney {
  userId: string;
  amountMicro: number;
  memo: string;
  /** A charge: the member said yes to the spending pause (docs/spending.md). */
  confirmPause?: boolean;
}

/**
 * Money for the genies service (docs/adr/0008-genies.md): a bottle purchase is a charge
 * (member → genie_shop), claimed earnings a credit (genie_earnings → member). Only the genies service
 * may call these (its TLS certificate proves it; economy's CallerPolicy admits nobody else), and it
 * names the member: it took the purchase or the claim from that member's own request, or finishes one
 * its sweep found interrupted. Genies derives the idempotency key from the purchase or the claim
 * window, so a retry (or a second, concurrent claim of the same window) moves money once.
 */
@Injectable()
export class GeniePaymentsService {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(SpendingService) private readonly spending: SpendingService,
  ) {}

  /**
   * Charges the member for bottles, within their daily limit and pause (docs/spending.md; the
   * refusals carry their code back to genies); short → "Insufficient AuraCoin balance!".
   */
  async charge(input: GenieMoney, idempotencyKey?: string): Promise<Receipt> {
    const userId = this.check(input, idempotencyKey);
    const check = await this.spending.prepare({
      userId,
      amountMicro: input.amountMicro,
      verb: 'spend',
      confirmPause: input.confirmPause === true,
    });
    return this.move(
      'genie_purchase',
      'gp',
      userId,
      memberAccount(userId),
      'genie_shop',
      input,
      idempotencyKey!,
      check,
    );
  }

  /** Pays claimed earnings from the genie_earnings account. */
  async payEarnings(input: GenieMoney, idempotencyKey?: string): Promise<Receipt> {
    const userId = this.check(input, idempotencyKey);
    return this.move(
      'genie_earning',
      'ge',
      userId,
      'genie_earnings',
      memberAccount(userId),
      input,
      idempotencyKey!,
    );
  }

  private check(input: GenieMoney, idempotencyKey?: string): string {
    checkIdempotencyKey(idempotencyKey);
    if (!idempotencyKey) throw new InvalidInput(GENIE_KEY_REQUIRED);
    const userId = input.userId.trim();
    if (!MEMBER_ID.test(userId)) throw new InvalidInput('user_id is not a member id');
    if (
      !Number.isSafeInteger(input.amountMicro) ||
      input.amountMicro <= 0 ||
      input.amountMicro > MAX_AMOUNT_MICRO
    )
      throw new InvalidInput(GENIE_AMOUNT_RULE);
    return userId;
  }

  private async move(
    kind: TransferKind,
    prefix: string,
    userId: string,
    from: string,
    to: string,
    input: GenieMoney,
    idempotencyKey: string,
    check?: SpendCheck,
  ): Promise<Receipt> {
    const request: TransferRequest = {
      key: `${prefix}:${userId}:${sha256(idempotencyKey).slice(0, 40)}`,
      kind,
      from,
      to,
      amount: input.amountMicro,
      memo: input.memo.trim().slice(0, 200),
      meta: { user_id: userId },
    };
    const result = check
      ? await moveChecked(this.ledger, request, check)
      : await moveMoney(this.ledger, request);
    if (result.status === 'rejected') throw new RuleViolation(GENIE_INSUFFICIENT);
    annotate({ 'aura.member_id': userId, 'aura.amount_micro': result.transfer.amount });
    const leg = kind === 'genie_purchase' ? result.debit : result.credit;
    return {
      transferId: result.transfer.id,
      amountMicro: result.transfer.amount,
      currency: 'AC',
      recipientId: userId,
      recipientUsername: '',
      balanceAfterMicro: leg?.balanceAfter ?? 0,
      createdAt: result.transfer.created_at.toISOString(),
      replayed: result.replayed,
    };
  }
}
