import { annotate, Caller, Conflict, DomainError, LOGGER, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { GenieEventsRepository } from '../events/genie-events.repository';
import { sha256, uuidFrom } from '../ids';
import { Messages } from '../messages';
import { bottlesBought } from '../metrics';
import { type GenieMoney } from '../money/economy-money';
import { PriceService } from '../price/price.service';
import { GENIE_MONEY } from '../tokens';
import { BottlesRepository } from './bottles.repository';
import { type PurchaseDoc, PurchasesRepository } from './purchases.repository';

/**
 * Bottles and their purchase (docs/adr/0008-genies.md). A purchase is charged through economy with a
 * key derived from it, its bottles' ids are derived from it, and its event is stored in the
 * genie_events outbox under an id derived from it: a retry, or the sweep, moves nothing twice.
 */
@Injectable()
export class PurchasesService {
  constructor(
    @Inject(PriceService) private readonly price: PriceService,
    @Inject(PurchasesRepository) private readonly purchases: PurchasesRepository,
    @Inject(BottlesRepository) private readonly bottleDocs: BottlesRepository,
    @Inject(GenieEventsRepository) private readonly events: GenieEventsRepository,
    @Inject(GENIE_MONEY) private readonly money: GenieMoney,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async bottles(userId: string): Promise<{ bottlesOwned: number; priceMicro: number }> {
    const [bottlesOwned, priceMicro] = await Promise.all([
      this.bottlesOwned(userId),
      this.price.priceMicro(),
    ]);
    return { bottlesOwned, priceMicro };
  }

  bottlesOwned(userId: string): Promise<number> {
    return this.bottleDocs.countUnopened(userId);
  }

  /**
   * Buys `quantity` bottles: the purchase is recorded first (keyed by the caller's idempotency key),
   * then charged through economy with a key derived from it, then its bottles are added once.
   */
  async purchase(
    caller: Caller,
    quantity: number,
    idempotencyKey?: string,
    options: { confirmPause?: boolean } = {},
  ) {
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10)
      throw new RuleViolation(Messages.quantity);
    const priceMicro = await this.price.priceMicro();
    const id = idempotencyKey
      ? uuidFrom(`purchase:${caller.userId}:${sha256(idempotencyKey)}`)
      : randomUUID();
    let purchase: PurchaseDoc = {
      _id: id,
      user_id: caller.userId,
      quantity,
      price_micro: priceMicro,
      cost_micro: priceMicro * quantity,
      status: 'charging',
      transfer_id: '',
      confirm_pause: options.confirmPause === true,
      created_at: new Date(),
    };
    let replayed = false;
    if (!(await this.purchases.insertOnce(purchase))) {
      const existing = await this.purchases.find(id);
      if (!existing || existing.user_id !== caller.userId || existing.quantity !== quantity)
        throw new Conflict(Messages.keyReused);
      purchase = existing;
      replayed = true;
    }
    const done = await this.completePurchase(
      options.confirmPause ? { ...purchase, confirm_pause: true } : purchase,
    );
    annotate({ 'aura.member_id': caller.userId, 'aura.amount_micro': done.cost_micro });
    return {
      quantity: done.quantity,
      costMicro: done.cost_micro,
      bottlesOwned: await this.bottlesOwned(caller.userId),
      transferId: done.transfer_id,
      replayed,
    };
  }

  /** Charges (same key on every attempt), adds the bottles once, records the event once. */
  private async completePurchase(purchase: PurchaseDoc): Promise<PurchaseDoc> {
    if (purchase.status === 'rejected') throw new RuleViolation('Insufficient AuraCoin balance!');
    if (purchase.status === 'credited') return purchase;
    let transferId: string;
    try {
      const receipt = await this.money.charge(
        purchase.user_id,
        purchase.cost_micro,
        `${purchase.quantity} Genie bottle${purchase.quantity === 1 ? '' : 's'}`,
        `genie-bottles:${purchase._id}`,
        { confirmPause: purchase.confirm_pause === true },
      );
      transferId = receipt.transferId;
    } catch (error) {
      if (error instanceof DomainError && error.code) {
        // Refused by the member's spending settings before anything was charged (docs/spending.md):
        // the purchase is forgotten, so the same request can come again (with the member's yes, or
        // tomorrow) under the same key.
        await this.purchases.forgetCharging(purchase._id);
      } else if (error instanceof RuleViolation) {
        await this.purchases.rejectCharging(purchase._id);
      }
      throw error;
    }
    // The purchase's bottles, ids derived from it: a retry (or the sweep) adds none twice.
    const now = new Date();
    for (let i = 1; i <= purchase.quantity; i += 1) {
      await this.bottleDocs.insertOnce({
        _id: `${purchase._id}:${i}`,
        owner_id: purchase.user_id,
        purchase_id: purchase._id,
        opened: false,
        created_at: now,
      });
    }
    // Upserted: a concurrent retry of the same request refused by the spending pause may have removed
    // the record in the meantime; the charge went through, so the purchase stands.
    const updated = await this.purchases.credit(purchase, transferId);
    if (purchase.status === 'charging') bottlesBought.add(purchase.quantity);
    await this.events.store(`purchase:${purchase._id}`, 'genie.bottles_purchased', purchase.user_id, {
      userId: purchase.user_id,
      quantity: purchase.quantity,
      costMicro: purchase.cost_micro,
      transferId,
      purchasedAt: purchase.created_at.toISOString(),
    });
    return updated ?? { ...purchase, status: 'credited', transfer_id: transferId };
  }

  /**
   * Purchases a crash left between the record and the bottles (still "charging" after `staleAfterMs`):
   * finished with the same charge key.
   */
  async sweep(staleAfterMs: number): Promise<number> {
    const stale = await this.purchases.chargingSince(new Date(Date.now() - staleAfterMs), 50);
    let finished = 0;
    for (const purchase of stale) {
      try {
        await this.completePurchase(purchase);
        finished += 1;
      } catch (error) {
        if (!(error instanceof RuleViolation))
          this.logger.warn({ err: error, purchaseId: purchase._id }, 'purchase recovery failed');
      }
    }
    return finished;
  }
}
