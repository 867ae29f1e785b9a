import { insertManyOnce, insertOnce, MONGO, setUnlessNewer } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import type { MarketFact } from './market-facts';

/** market_facts: a fact, with when it was recorded (the snapshots' cumulative totals follow that). */
export interface FactDoc extends MarketFact {
  recorded_at: Date;
}

/** market_snapshots/{minute ISO}: the market at one minute, written once. */
export interface SnapshotDoc {
  _id: string;
  at: Date;
  price_micro_usd: number;
  day_open_micro_usd: number;
  total_users: number;
  total_engagements: number;
  member_supply_micro: number;
  engagements_24h: number;
  active_users_24h: number;
  volume_24h_micro_usd: number;
  market_cap_micro_usd: number;
  price_change_24h: number;
  price_change_7d: number;
  /** Facts recorded up to this time are in the cumulative totals. */
  watermark: Date;
  /** A point written when the market first started, so every chart range has a line. */
  backfilled?: boolean;
}

/**
 * market_price_days/{UTC day "YYYY-MM-DD"}: the coin's price at the day's last snapshot (kept for
 * good: statements value old movements at their day's price, after the snapshots are purged).
 */
export interface PriceDayDoc {
  _id: string;
  close_micro_usd: number;
  /** The snapshot the close is from. */
  at: Date;
}

/**
 * The market's collections (economy's database). Every write is one insert, one bulk delete or, for
 * a day's close, one conditional upsert.
 */
@Injectable()
export class MarketRepository {
  private readonly factModel: IndexedModel;
  private readonly snapshotModel: IndexedModel;
  private readonly priceDayModel: IndexedModel;
  private readonly facts: Collection<FactDoc>;
  private readonly snapshots: Collection<SnapshotDoc>;
  private readonly priceDays: Collection<PriceDayDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.factModel = indexedModel(connection, 'MarketFact', 'market_facts', [
      { fields: { recorded_at: 1 } },
      { fields: { at: 1 } },
    ]);
    this.snapshotModel = indexedModel(connection, 'MarketSnapshot', 'market_snapshots', [
      { fields: { at: 1 } },
    ]);
    this.priceDayModel = indexedModel(connection, 'MarketPriceDay', 'market_price_days');
    this.facts = collectionOf(this.factModel);
    this.snapshots = collectionOf(this.snapshotModel);
    this.priceDays = collectionOf(this.priceDayModel);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.factModel.init(), this.snapshotModel.init(), this.priceDayModel.init()]);
  }

  /** The day's close becomes this price, unless a later snapshot's is already there. */
  async recordDayClose(day: string, priceMicroUsd: number, at: Date): Promise<void> {
    await setUnlessNewer(this.priceDays, day, { close_micro_usd: priceMicroUsd }, at, 'at');
  }

  /** The closes of the days in [fromDay, toDay], oldest first. */
  dayCloses(fromDay: string, toDay: string): Promise<PriceDayDoc[]> {
    return this.priceDays
      .find({ _id: { $gte: fromDay, $lte: toDay } })
      .sort({ _id: 1 })
      .toArray();
  }

  /** The last close of a day before `day`, if any. */
  lastCloseBefore(day: string): Promise<PriceDayDoc | null> {
    return this.priceDays.findOne({ _id: { $lt: day } }, { sort: { _id: -1 } });
  }

  /** Records facts in one round trip; a fact known already (or twice in `facts`) is recorded once. */
  async recordMany(facts: MarketFact[], recordedAt = new Date()): Promise<void> {
    await insertManyOnce(
      this.facts,
      facts.map((fact) => ({ ...fact, recorded_at: recordedAt })),
    );
  }

  /** Facts recorded in (after, upTo]: what the next snapshot adds to the cumulative totals. */
  recordedBetween(after: Date, upTo: Date): Promise<FactDoc[]> {
    return this.facts
      .find({ recorded_at: { $gt: after, $lte: upTo } }, { projection: { at: 0, kind: 0 } })
      .toArray() as Promise<FactDoc[]>;
  }

  /** Facts that happened since `since` (the 24-hour figures). */
  happenedSince(since: Date): Promise<FactDoc[]> {
    return this.facts
      .find(
        { at: { $gte: since } },
        { projection: { actor: 1, engagement: 1, volume_micro: 1, supply_micro: 1 } },
      )
      .toArray() as Promise<FactDoc[]>;
  }

  insertSnapshot(snapshot: SnapshotDoc): Promise<boolean> {
    return insertOnce(this.snapshots, snapshot);
  }

  snapshot(id: string): Promise<SnapshotDoc | null> {
    return this.snapshots.findOne({ _id: id });
  }

  /** Snapshots taken since `since`, oldest first. */
  async snapshotsSince(since: Date): Promise<SnapshotDoc[]> {
    const docs = await this.snapshots.find({ at: { $gte: since } }).toArray();
    return docs.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** Writes many snapshots, skipping those that exist (the backfill; two instances may race). */
  async insertSnapshots(snapshots: SnapshotDoc[]): Promise<void> {
    if (snapshots.length === 0) return;
    try {
      await this.snapshots.insertMany(snapshots, { ordered: false });
    } catch (error) {
      const code = (error as { code?: number }).code;
      const writeErrors = (error as { writeErrors?: { code?: number }[] }).writeErrors;
      const onlyDuplicates = writeErrors ? writeErrors.every((e) => e.code === 11000) : code === 11000;
      if (!onlyDuplicates) throw error;
    }
  }

  /** Facts that no longer count toward any 24-hour figure (their totals live on in the snapshots). */
  async purgeFactsBefore(before: Date): Promise<void> {
    await this.facts.deleteMany({ recorded_at: { $lt: before }, at: { $lt: before } });
  }

  async purgeSnapshotsBefore(before: Date): Promise<void> {
    await this.snapshots.deleteMany({ at: { $lt: before } });
  }
}
