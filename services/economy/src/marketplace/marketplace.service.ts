import { Caller, NotFound, RuleViolation } from '@aura/platform';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { AnyModel, Collection, collectionOf, indexedModel, insertOnce } from '../db';
import { memberAccount } from '../ledger/accounts';
import type { Ledger } from '../ledger/ledger';
import type { MembersRepository } from '../members/members.repository';
import { Messages } from '../payments/messages';
import { moveMoney, requestKey } from '../payments/payments.service';
import { checkIdempotencyKey } from '../payments/send-rules';
import { CATEGORIES, catalogueDocs, ItemDoc } from './catalogue';

export const MarketplaceMessages = {
  itemNotFound: 'Item not found',
  alreadyOwned: 'You already own this item',
  notOwned: 'You do not own this item',
  insufficient: Messages.insufficient,
  inProgress: 'This purchase is still in progress. Please try again in a moment.',
} as const;

/**
 * marketplace_owned/{user}:{item}: the one record of a member owning an item. Its unique _id is what
 * makes owning an item twice impossible, even for purchases racing each other: the insert that takes
 * the slot (state pending) is the only one that charges, with the ledger key it carries; the charge
 * completed, the state becomes owned; refused for the balance, the record is deleted.
 */
interface OwnedDoc {
  _id: string;
  user_id: string;
  item_id: string;
  state: 'pending' | 'owned';
  /** The ledger key of this attempt (a new one per attempt: a refused charge never blocks a later one). */
  transfer_key: string;
  /** The caller's Idempotency-Key, scoped to them: a retry with it answers the purchase again. */
  request_key: string;
  price_micro: number;
  transfer_id?: string;
  created_at: Date;
  purchased_at?: Date;
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

export interface MarketplaceOptions {
  /** A pending purchase older than this is the sweep's (a live call finishes long before). */
  recoverAfterMs?: number;
}

const CATALOGUE_CACHE_MS = 30_000;

/** The cosmetic marketplace: catalogue, purchases through the ledger, items applied to profiles. */
export class MarketplaceService {
  private readonly itemModel: AnyModel;
  private readonly ownedModel: AnyModel;
  private readonly appliedModel: AnyModel;
  private readonly items: Collection<ItemDoc>;
  private readonly owned: Collection<OwnedDoc>;
  private readonly applied: Collection<AppliedDoc>;
  private cache?: { items: ItemDoc[]; at: number };

  constructor(
    connection: Connection,
    private readonly ledger: Ledger,
    private readonly members: MembersRepository,
    private readonly logger: Logger,
    private readonly options: MarketplaceOptions = {},
  ) {
    this.itemModel = indexedModel(connection, 'MarketplaceItem', 'marketplace_items', [
      { fields: { position: 1 } },
    ]);
    this.ownedModel = indexedModel(connection, 'MarketplaceOwned', 'marketplace_owned', [
      { fields: { user_id: 1, created_at: -1 } },
      { fields: { state: 1, created_at: 1 } },
    ]);
    this.appliedModel = indexedModel(connection, 'MarketplaceApplied', 'marketplace_applied', [
      { fields: { user_id: 1 } },
    ]);
    this.items = collectionOf(this.itemModel);
    this.owned = collectionOf(this.ownedModel);
    this.applied = collectionOf(this.appliedModel);
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
      this.owned.find({ user_id: caller.userId, state: 'owned' }).sort({ purchased_at: -1 }).toArray(),
      this.appliedIds(caller.userId),
    ]);
    const byId = new Map(items.map((item) => [item._id, item]));
    return docs.flatMap((doc) => {
      const item = byId.get(doc.item_id);
      if (!item) return [];
      return [
        {
          item: toItem(item, true, applied.has(item._id)),
          transferId: doc.transfer_id ?? '',
          balanceAfterMicro: 0,
          purchasedAt: (doc.purchased_at ?? doc.created_at).toISOString(),
          replayed: false,
        },
      ];
    });
  }

  /** Buys one item for the caller, once: member → marketplace through the ledger. */
  async purchase(caller: Caller, itemId: string, idempotencyKey?: string): Promise<MarketPurchase> {
    checkIdempotencyKey(idempotencyKey);
    const item = await this.item(itemId);
    const ownId = `${caller.userId}:${item._id}`;
    const request = requestKey('mkt', caller.userId, idempotencyKey);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const doc: OwnedDoc = {
        _id: ownId,
        user_id: caller.userId,
        item_id: item._id,
        state: 'pending',
        transfer_key: `mkt:${caller.userId}:${item._id}:${randomUUID()}`,
        request_key: request,
        price_micro: item.price_micro,
        created_at: new Date(),
      };
      if (await insertOnce(this.owned, doc)) return this.charge(caller, item, doc, false);
      const other = await this.owned.findOne({ _id: ownId });
      if (!other) continue; // a refused attempt just went away: try again
      if (other.state === 'pending') {
        // Another purchase of this item holds the slot: finish it (the ledger moves money once per
        // key), then look again. A retry with the same key answers that purchase.
        const settled = await this.settle(other).catch(() => undefined);
        if (settled === 'owned' && other.request_key === request)
          return this.answer(caller, item, other._id, true);
        continue;
      }
      if (other.request_key === request) return this.answer(caller, item, other._id, true);
      throw new RuleViolation(MarketplaceMessages.alreadyOwned);
    }
    throw new RuleViolation(MarketplaceMessages.alreadyOwned);
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

  /** Purchases a crash left pending (between the slot and the ledger, or the ledger and the state). */
  async sweep(): Promise<number> {
    const before = new Date(Date.now() - (this.options.recoverAfterMs ?? 10_000));
    const stale = await this.owned
      .find({ state: 'pending', created_at: { $lt: before } })
      .limit(100)
      .toArray();
    let settled = 0;
    for (const doc of stale) {
      try {
        await this.settle(doc);
        settled += 1;
      } catch (error) {
        this.logger.warn(
          { err: error, purchase: doc._id },
          'marketplace purchase sweep failed; retried later',
        );
      }
    }
    return settled;
  }

  // ---- inside ---------------------------------------------------------------------------------------

  private async charge(
    caller: Caller,
    item: ItemDoc,
    doc: OwnedDoc,
    replayed: boolean,
  ): Promise<MarketPurchase> {
    const member = await this.members.find(caller.userId, { askIdentity: false }).catch(() => null);
    const state = await this.settle(doc, member?.username ?? '');
    if (state === 'refused') throw new RuleViolation(MarketplaceMessages.insufficient);
    return this.answer(caller, item, doc._id, replayed);
  }

  /**
   * Drives one attempt's charge with its own ledger key (idempotent: the live call and the sweep may
   * both run it) and records the outcome: owned, or the slot given up for a short balance.
   */
  private async settle(doc: OwnedDoc, username = ''): Promise<'owned' | 'refused'> {
    const item = (await this.catalogue()).find((entry) => entry._id === doc.item_id);
    const result = await moveMoney(this.ledger, {
      key: doc.transfer_key,
      kind: 'marketplace_purchase',
      from: memberAccount(doc.user_id),
      to: 'marketplace',
      amount: doc.price_micro,
      memo: item?.name ?? '',
      meta: { item_id: doc.item_id, user_id: doc.user_id, from_name: username },
    });
    if (result.status === 'rejected') {
      await this.owned.deleteOne({ _id: doc._id, transfer_key: doc.transfer_key, state: 'pending' });
      return 'refused';
    }
    await this.owned.updateOne(
      { _id: doc._id, transfer_key: doc.transfer_key },
      { $set: { state: 'owned', transfer_id: result.transfer.id, purchased_at: result.transfer.created_at } },
    );
    return 'owned';
  }

  private async answer(
    caller: Caller,
    item: ItemDoc,
    ownId: string,
    replayed: boolean,
  ): Promise<MarketPurchase> {
    const doc = await this.owned.findOne({ _id: ownId });
    if (!doc || doc.state !== 'owned') throw new RuleViolation(MarketplaceMessages.inProgress);
    const [applied, balance] = await Promise.all([
      this.appliedIds(caller.userId),
      this.ledger.balance(memberAccount(caller.userId)).then((head) => head.balance),
    ]);
    return {
      item: toItem(item, true, applied.has(item._id)),
      transferId: doc.transfer_id ?? '',
      balanceAfterMicro: balance,
      purchasedAt: (doc.purchased_at ?? doc.created_at).toISOString(),
      replayed,
    };
  }

  private async requireOwned(userId: string, itemId: string): Promise<void> {
    const doc = await this.owned.findOne({ _id: `${userId}:${itemId}`, state: 'owned' });
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
    const docs = await this.owned.find({ user_id: userId, state: 'owned' }).project({ item_id: 1 }).toArray();
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
