import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import type { LedgerSession } from '../ledger/ledger.repository';
import type { ItemDoc } from './catalogue';

/**
 * marketplace_owned/{user}:{item}: a member owns an item. Stored in the transaction that charges for it,
 * so an item is owned exactly when it was paid for; its unique _id makes owning it twice impossible.
 */
export interface OwnedDoc {
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

/**
 * The marketplace's collections: the catalogue, what members own and what they show on their profiles.
 * MarketplaceService creates the indexes and seeds the catalogue in onModuleInit (after the ledger's).
 */
@Injectable()
export class MarketplaceRepository {
  private readonly itemModel: IndexedModel;
  private readonly ownedModel: IndexedModel;
  private readonly appliedModel: IndexedModel;
  private readonly items: Collection<ItemDoc>;
  private readonly owned: Collection<OwnedDoc>;
  private readonly applied: Collection<AppliedDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
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

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.itemModel.init(), this.ownedModel.init(), this.appliedModel.init()]);
  }

  /** Writes the catalogue's items by their stable ids, one after another (a restart rewrites the same). */
  async seedCatalogue(docs: ItemDoc[]): Promise<void> {
    for (const doc of docs) {
      const { _id, ...fields } = doc;
      await this.items.updateOne({ _id }, { $set: fields }, { upsert: true });
    }
  }

  /** Every item, in catalogue order. */
  catalogue(): Promise<ItemDoc[]> {
    return this.items.find({}).sort({ position: 1 }).toArray();
  }

  /** A member's purchases, newest first. */
  purchasesOf(userId: string): Promise<OwnedDoc[]> {
    return this.owned.find({ user_id: userId }).sort({ purchased_at: -1 }).toArray();
  }

  /** The purchase `{user}:{item}` (inside a purchase's transaction, with its session). */
  ownedOne(id: string, session?: LedgerSession): Promise<OwnedDoc | null> {
    return session ? this.owned.findOne({ _id: id }, { session }) : this.owned.findOne({ _id: id });
  }

  /** Stores a purchase in the transaction that charges for it. */
  async insertOwned(doc: OwnedDoc, session: LedgerSession): Promise<void> {
    await this.owned.insertOne(doc, { session });
  }

  async ownedItemIds(userId: string): Promise<Set<string>> {
    const docs = await this.owned.find({ user_id: userId }).project({ item_id: 1 }).toArray();
    return new Set(docs.map((doc) => doc.item_id as string));
  }

  async appliedItemIds(userId: string): Promise<Set<string>> {
    const docs = await this.applied.find({ user_id: userId }).toArray();
    return new Set(docs.map((doc) => doc.item_id));
  }

  /** Shows `itemId` in its category of the member's profile (replacing what was there). */
  async apply(userId: string, category: string, itemId: string): Promise<void> {
    await this.applied.updateOne(
      { _id: `${userId}:${category}` },
      { $set: { user_id: userId, category, item_id: itemId, applied_at: new Date() } },
      { upsert: true },
    );
  }

  /** Takes `itemId` off the member's profile (nothing when another item, or none, is shown there). */
  async unapply(userId: string, category: string, itemId: string): Promise<void> {
    await this.applied.deleteOne({ _id: `${userId}:${category}`, item_id: itemId });
  }
}
