import { Caller, LOGGER, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { MembersRepository } from '../members/members.repository';
import { SpendingService } from '../spending/spending.service';
import { Messages } from '../payments/messages';
import { moveIn, requestKey } from '../payments/payments.service';
import { checkIdempotencyKey } from '../payments/send-rules';
import { CATEGORIES, catalogueDocs, ItemDoc } from './catalogue';
import { MarketplaceRepository, type OwnedDoc } from './marketplace.repository';

export const MarketplaceMessages = {
  itemNotFound: 'Item not found',
  alreadyOwned: 'You already own this item',
  notOwned: 'You do not own this item',
  insufficient: Messages.insufficient,
} as const;

export interface MarketItem {
  id: string;
  name: string;
  description: string;
  category: string;
  priceMicro: number;
  isPremium: boolean;
  isOwned: boolean;
  isActiveOnProfile: boolean;
  previewImageUrl: string;
  appearance: string;
}

export interface MarketPurchase {
  item: MarketItem;
  transferId: string;
  balanceAfterMicro: number;
  purchasedAt: string;
  replayed: boolean;
}

const CATALOGUE_CACHE_MS = 30_000;

/** The cosmetic marketplace: catalogue, purchases through the ledger, items applied to profiles. */
@Injectable()
export class MarketplaceService implements OnModuleInit {
  private cache?: { items: ItemDoc[]; at: number };

  constructor(
    @Inject(MarketplaceRepository) private readonly repository: MarketplaceRepository,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SpendingService) private readonly spending: SpendingService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** init(), once the ledger's collections are there (the order economy.init() had). */
  async onModuleInit(): Promise<void> {
    await this.ledger.ready();
    await this.init();
  }

  /** Indexes, and the catalogue seeded by stable id (a restart rewrites the same documents). */
  async init(): Promise<void> {
    await this.repository.ensureIndexes();
    await this.repository.seedCatalogue(catalogueDocs());
    this.cache = undefined;
  }

  categories() {
    return CATEGORIES.map((category) => ({ ...category }));
  }

  /** The catalogue, in catalogue order, with the caller's ownership and applied flags. */
  async list(caller: Caller): Promise<MarketItem[]> {
    const [items, owned, applied] = await Promise.all([
      this.catalogue(),
      this.ownedIds(caller.userId),
      this.appliedIds(caller.userId),
    ]);
    return items.map((item) => toItem(item, owned.has(item._id), applied.has(item._id)));
  }

  /** The caller's purchases, newest first. */
  async purchases(caller: Caller): Promise<MarketPurchase[]> {
    const [items, docs, applied] = await Promise.all([
      this.catalogue(),
      this.repository.purchasesOf(caller.userId),
      this.appliedIds(caller.userId),
    ]);
    const byId = new Map(items.map((item) => [item._id, item]));
    return docs.flatMap((doc) => {
      const item = byId.get(doc.item_id);
      if (!item) return [];
      return [
        {
          item: toItem(item, true, applied.has(item._id)),
          transferId: doc.transfer_id,
          balanceAfterMicro: 0,
          purchasedAt: doc.purchased_at.toISOString(),
          replayed: false,
        },
      ];
    });
  }

  /**
   * Buys one item for the caller, once: member → marketplace, and the item owned, in one transaction,
   * within the member's daily limit and pause (docs/spending.md).
   */
  async purchase(
    caller: Caller,
    itemId: string,
    idempotencyKey?: string,
    options: { confirmPause?: boolean } = {},
  ): Promise<MarketPurchase> {
    checkIdempotencyKey(idempotencyKey);
    const item = await this.item(itemId);
    const ownId = `${caller.userId}:${item._id}`;
    const key = requestKey('mkt', caller.userId, idempotencyKey);
    const member = await this.members.find(caller.userId, { askIdentity: false }).catch(() => null);
    const account = memberAccount(caller.userId);
    const check = await this.spending.prepare({
      userId: caller.userId,
      amountMicro: item.price_micro,
      verb: 'spend',
      confirmPause: options.confirmPause === true,
    });
    const bought = await this.ledger.transaction([account], async (tx) => {
      const owned = await this.repository.ownedOne(ownId, tx.session);
      if (owned) {
        if (owned.request_key !== key) throw new RuleViolation(MarketplaceMessages.alreadyOwned);
        return { doc: owned, replayed: true, balanceAfter: undefined };
      }
      await check.inside(tx, key);
      const charge = await moveIn(tx, {
        key,
        kind: 'marketplace_purchase',
        from: account,
        to: 'marketplace',
        amount: item.price_micro,
        memo: item.name,
        meta: { item_id: item._id, user_id: caller.userId, from_name: member?.username ?? '' },
      });
      if (charge.status === 'rejected') throw new RuleViolation(MarketplaceMessages.insufficient);
      const doc: OwnedDoc = {
        _id: ownId,
        user_id: caller.userId,
        item_id: item._id,
        request_key: key,
        price_micro: item.price_micro,
        transfer_id: charge.transfer.id,
        purchased_at: charge.transfer.created_at,
      };
      await this.repository.insertOwned(doc, tx.session);
      return { doc, replayed: charge.replayed, balanceAfter: charge.debit?.balanceAfter };
    });
    const [applied, balance] = await Promise.all([
      this.appliedIds(caller.userId),
      bought.balanceAfter ?? this.ledger.balance(account).then((b) => b.balance),
    ]);
    if (!bought.replayed)
      this.logger.info(
        { userId: caller.userId, itemId: item._id, transferId: bought.doc.transfer_id },
        'marketplace item bought',
      );
    return {
      item: toItem(item, true, applied.has(item._id)),
      transferId: bought.doc.transfer_id,
      balanceAfterMicro: balance,
      purchasedAt: bought.doc.purchased_at.toISOString(),
      replayed: bought.replayed,
    };
  }

  /** Shows an owned item on the caller's profile; it replaces the item applied in its category. */
  async apply(caller: Caller, itemId: string): Promise<MarketItem> {
    const item = await this.item(itemId);
    await this.requireOwned(caller.userId, item._id);
    await this.repository.apply(caller.userId, item.category, item._id);
    return toItem(item, true, true);
  }

  /** Takes an item off the caller's profile (nothing to do when it is not applied). */
  async remove(caller: Caller, itemId: string): Promise<MarketItem> {
    const item = await this.item(itemId);
    await this.requireOwned(caller.userId, item._id);
    await this.repository.unapply(caller.userId, item.category, item._id);
    return toItem(item, true, false);
  }

  /** The items a member shows on their profile, in catalogue order. */
  async appliedItems(userId: string): Promise<MarketItem[]> {
    if (!userId || !(await this.members.find(userId))) throw new NotFound(Messages.userNotFound);
    const [items, applied] = await Promise.all([this.catalogue(), this.appliedIds(userId)]);
    return items.filter((item) => applied.has(item._id)).map((item) => toItem(item, true, true));
  }

  private async requireOwned(userId: string, itemId: string): Promise<void> {
    const doc = await this.repository.ownedOne(`${userId}:${itemId}`);
    if (!doc) throw new RuleViolation(MarketplaceMessages.notOwned);
  }

  private async item(itemId: string): Promise<ItemDoc> {
    const item = (await this.catalogue()).find((entry) => entry._id === itemId.trim().toLowerCase());
    if (!item) throw new NotFound(MarketplaceMessages.itemNotFound);
    return item;
  }

  private async catalogue(): Promise<ItemDoc[]> {
    if (this.cache && Date.now() - this.cache.at < CATALOGUE_CACHE_MS) return this.cache.items;
    const items = await this.repository.catalogue();
    this.cache = { items, at: Date.now() };
    return items;
  }

  private async ownedIds(userId: string): Promise<Set<string>> {
    return this.repository.ownedItemIds(userId);
  }

  private async appliedIds(userId: string): Promise<Set<string>> {
    return this.repository.appliedItemIds(userId);
  }
}

function toItem(item: ItemDoc, isOwned: boolean, isActiveOnProfile: boolean): MarketItem {
  return {
    id: item._id,
    name: item.name,
    description: item.description,
    category: item.category,
    priceMicro: item.price_micro,
    isPremium: item.is_premium,
    isOwned,
    isActiveOnProfile,
    previewImageUrl: item.preview_image_url,
    appearance: item.appearance,
  };
}
