import { Caller, LOGGER, MONGO, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../db';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { MembersRepository } from '../members/members.repository';
import { SpendingService } from '../spending/spending.service';
import { Messages } from '../payments/messages';
import { moveIn, requestKey } from '../payments/payments.service';
import { checkIdempotencyKey } from '../payments/send-rules';
import { CATEGORIES, catalogueDocs, ItemDoc } from './catalogue';

export const MarketplaceMessages = {
  itemNotFound: 'Item not found',
  alreadyOwned: 'You already own this item',
  notOwned: 'You do not own this item',
  insufficient: Messages.insufficient,
} as const;

/**
 * marketplace_owned/{user}:{item}: a member owns an item. Stored in the transaction that charges for it,
 * so an item is owned exactly when it was paid for; its unique _id makes owning it twice impossible.
 */
interface OwnedDoc {
  _id: string;
  user_id: string;
  item_id: string;
  /** The purchase's ledger key (the caller's Idempotency-Key, scoped to them): a retry answers it again. */
  request_key: string;
  price_micro: number;
  transfer_id: string;
  purchased_at: Date;
}

/** marketplace_applied/{user}:{category}: the item a member shows in that category (one per category). */
interface AppliedDoc {
  _id: string;
  user_id: string;
  category: string;
  item_id: string;
  applied_at: Date;
}

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
  private readonly itemModel: IndexedModel;
  private readonly ownedModel: IndexedModel;
  private readonly appliedModel: IndexedModel;
  private readonly items: Collection<ItemDoc>;
  private readonly owned: Collection<OwnedDoc>;
  private readonly applied: Collection<AppliedDoc>;
  private cache?: { items: ItemDoc[]; at: number };

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(SpendingService) private readonly spending: SpendingService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.itemModel = indexedModel(connection, 'MarketplaceItem', 'marketplace_items', [
      { fields: { position: 1 } },
    ]);
    this.ownedModel = indexedModel(connection, 'MarketplaceOwned', 'marketplace_owned', [
      { fields: { user_id: 1, purchased_at: -1 } },
    ]);
    this.appliedModel = indexedModel(connection, 'MarketplaceApplied', 'marketplace_applied', [
      { fields: { user_id: 1 } },
    ]);
    this.items = collectionOf(this.itemModel);
    this.owned = collectionOf(this.ownedModel);
    this.applied = collectionOf(this.appliedModel);
  }

  /** init(), once the ledger's collections are there (the order economy.init() had). */
  async onModuleInit(): Promise<void> {
    await this.ledger.ready();
    await this.init();
  }

  /** Indexes, and the catalogue seeded by stable id (a restart rewrites the same documents). */
  async init(): Promise<void> {
    await Promise.all([this.itemModel.init(), this.ownedModel.init(), this.appliedModel.init()]);
    for (const doc of catalogueDocs()) {
      const { _id, ...fields } = doc;
      await this.items.updateOne({ _id }, { $set: fields }, { upsert: true });
    }
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
      this.owned.find({ user_id: caller.userId }).sort({ purchased_at: -1 }).toArray(),
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
      const owned = await this.owned.findOne({ _id: ownId }, { session: tx.session });
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
      await this.owned.insertOne(doc, { session: tx.session });
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
    await this.applied.updateOne(
      { _id: `${caller.userId}:${item.category}` },
      {
        $set: { user_id: caller.userId, category: item.category, item_id: item._id, applied_at: new Date() },
      },
      { upsert: true },
    );
    return toItem(item, true, true);
  }

  /** Takes an item off the caller's profile (nothing to do when it is not applied). */
  async remove(caller: Caller, itemId: string): Promise<MarketItem> {
    const item = await this.item(itemId);
    await this.requireOwned(caller.userId, item._id);
    await this.applied.deleteOne({ _id: `${caller.userId}:${item.category}`, item_id: item._id });
    return toItem(item, true, false);
  }

  /** The items a member shows on their profile, in catalogue order. */
  async appliedItems(userId: string): Promise<MarketItem[]> {
    if (!userId || !(await this.members.find(userId))) throw new NotFound(Messages.userNotFound);
    const [items, applied] = await Promise.all([this.catalogue(), this.appliedIds(userId)]);
    return items.filter((item) => applied.has(item._id)).map((item) => toItem(item, true, true));
  }

  private async requireOwned(userId: string, itemId: string): Promise<void> {
    const doc = await this.owned.findOne({ _id: `${userId}:${itemId}` });
    if (!doc) throw new RuleViolation(MarketplaceMessages.notOwned);
  }

  private async item(itemId: string): Promise<ItemDoc> {
    const item = (await this.catalogue()).find((entry) => entry._id === itemId.trim().toLowerCase());
    if (!item) throw new NotFound(MarketplaceMessages.itemNotFound);
    return item;
  }

  private async catalogue(): Promise<ItemDoc[]> {
    if (this.cache && Date.now() - this.cache.at < CATALOGUE_CACHE_MS) return this.cache.items;
    const items = await this.items.find({}).sort({ position: 1 }).toArray();
    this.cache = { items, at: Date.now() };
    return items;
  }

  private async ownedIds(userId: string): Promise<Set<string>> {
    const docs = await this.owned.find({ user_id: userId }).project({ item_id: 1 }).toArray();
    return new Set(docs.map((doc) => doc.item_id as string));
  }

  private async appliedIds(userId: string): Promise<Set<string>> {
    const docs = await this.applied.find({ user_id: userId }).toArray();
    return new Set(docs.map((doc) => doc.item_id));
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
