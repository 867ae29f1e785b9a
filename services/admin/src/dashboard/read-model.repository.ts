import {
  type MemberDoc as DirectoryDoc,
  inTransaction,
  insertManyOnce,
  isDuplicateKeyError,
  MONGO,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, mongo } from 'mongoose';
import { Schema } from 'mongoose';

// The dashboard's read model: small projections of other services' events, in admin's own database,
// so the stats never query another service. Every write is idempotent (an insert keyed by the thing it
// records, a latest-wins upsert, or `$max`), so a redelivered event changes nothing. Definitions:
// services/admin/README.md.

/**
 * A member: the platform's member directory's fields (src/members), and the dashboard's own beside
 * them.
 */
export interface MemberDoc extends DirectoryDoc {
  /** Set by user.registered (a member only known from activity has none: not counted as a user). */
  registered_at?: Date;
  last_active_at?: Date;
}

export interface ContentDoc {
  _id: string;
  kind: 'post' | 'story' | 'comment';
  day: string;
}

/** A member active on a UTC day (one document per member and day: the daily active-member trend). */
export interface ActivityDoc {
  _id: string;
  day: string;
}

export interface RevenueDoc {
  _id: string;
  usd_cents: number;
  at: Date;
}

export interface DistributionDoc {
  _id: string;
  amount_micro: number;
  from: string;
  at: Date;
}

export interface WithdrawalDoc {
  _id: string;
  status: string;
}

/** The system accounts whose payments to members count as AC distributed (not refunds of holds). */
export const DISTRIBUTING_ACCOUNTS = new Set(['rewards', 'card_topups', 'genie_earnings', 'adjustments']);

function collection<T extends mongo.Document>(
  connection: Connection,
  name: string,
  indexes: Array<Record<string, 1 | -1>>,
): mongo.Collection<T> {
  const modelName = `Admin_${name}`;
  let model = connection.models[modelName];
  if (!model) {
    const schema = new Schema({ _id: { type: String, required: true } } as Record<string, unknown>, {
      collection: name,
      versionKey: false,
      strict: false,
    });
    for (const fields of indexes) schema.index(fields);
    model = connection.model(modelName, schema);
  }
  return model.collection as unknown as mongo.Collection<T>;
}

/** The running total of DISTRIBUTING_ACCOUNTS' payments to members (`totals`). */
export const DISTRIBUTED_TOTAL = 'auracoin_distributed';

export interface TotalDoc {
  _id: string;
  amount_micro: number;
}

@Injectable()
export class DashboardReadModel implements OnModuleInit {
  readonly members;
  readonly content;
  readonly revenue;
  readonly activity;
  readonly distributions;
  readonly totals;
  readonly withdrawals;

  constructor(@Inject(MONGO) private readonly connection: Connection) {
    this.members = collection<MemberDoc>(connection, 'members', [
      { registered_at: 1 },
      { last_active_at: 1 },
    ]);
    this.content = collection<ContentDoc>(connection, 'content', [{ kind: 1, day: 1 }]);
    this.revenue = collection<RevenueDoc>(connection, 'revenue', [{ at: 1 }]);
    this.activity = collection<ActivityDoc>(connection, 'activity', [{ day: 1 }]);
    this.distributions = collection<DistributionDoc>(connection, 'distributions', []);
    this.totals = collection<TotalDoc>(connection, 'totals', []);
    this.withdrawals = collection<WithdrawalDoc>(connection, 'withdrawals', [{ status: 1 }]);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(
      ['members', 'content', 'revenue', 'activity', 'distributions', 'totals', 'withdrawals'].map((name) =>
        this.connection.models[`Admin_${name}`]!.init(),
      ),
    );
    // The running total starts from the distributions recorded before it existed (a database of an
    // earlier version); it exists before the consumer starts, so every later distribution adds to it.
    const [recorded] = await this.distributions
      .aggregate<{ total: number }>([{ $group: { _id: null, total: { $sum: '$amount_micro' } } }])
      .toArray();
    await this.totals.updateOne(
      { _id: DISTRIBUTED_TOTAL },
      { $setOnInsert: { amount_micro: recorded?.total ?? 0 } },
      { upsert: true },
    );
  }

  /** Applies what events changed (DashboardChanges): a few bulk writes, however many events. */
  async apply(changes: DashboardChanges): Promise<void> {
    await Promise.all([
      changes.members.length > 0 && this.members.bulkWrite(changes.members, { ordered: true }),
      insertManyOnce(this.content, changes.content),
      insertManyOnce(this.activity, changes.activity),
      insertManyOnce(this.revenue, changes.revenue),
      changes.withdrawals.length > 0 && this.withdrawals.bulkWrite(changes.withdrawals, { ordered: true }),
    ]);
    if (changes.distributions.length > 0) await this.distribute(changes.distributions);
  }

  memberRegistered(userId: string, at: Date): Promise<void> {
    return this.apply(new DashboardChanges().memberRegistered(userId, at));
  }

  memberActive(userId: string, at: Date): Promise<void> {
    return this.apply(new DashboardChanges().memberActive(userId, at));
  }

  contentCreated(kind: ContentDoc['kind'], id: string, at: Date): Promise<void> {
    return this.apply(new DashboardChanges().contentCreated(kind, id, at));
  }

  revenueReceived(id: string, usdCents: number, at: Date): Promise<void> {
    return this.apply(new DashboardChanges().revenueReceived(id, usdCents, at));
  }

  distributed(transferId: string, from: string, amountMicro: number, at: Date): Promise<void> {
    return this.apply(new DashboardChanges().distributed(transferId, from, amountMicro, at));
  }

  /**
   * Records each payment to a member once (by transfer id) and adds the new ones to the running total,
   * in one transaction: a redelivered transfer finds its record and adds nothing.
   */
  private async distribute(payments: DistributionDoc[]): Promise<void> {
    const unique = [...new Map(payments.map((payment) => [payment._id, payment])).values()];
    for (let attempt = 1; ; attempt += 1) {
      try {
        await inTransaction(this.connection, async (session) => {
          const known = new Set(
            (
              await this.distributions
                .find(
                  { _id: { $in: unique.map((payment) => payment._id) } },
                  { session, projection: { _id: 1 } },
                )
                .toArray()
            ).map((doc) => doc._id),
          );
          const fresh = unique.filter((payment) => !known.has(payment._id));
          if (fresh.length === 0) return;
          await this.distributions.insertMany(fresh, { session });
          await this.totals.updateOne(
            { _id: DISTRIBUTED_TOTAL },
            { $inc: { amount_micro: fresh.reduce((sum, payment) => sum + payment.amount_micro, 0) } },
            { session, upsert: true },
          );
        });
        return;
      } catch (error) {
        // The same transfer delivered twice at once (a rebalance): the other delivery recorded it, and
        // the next attempt finds it.
        if (!isDuplicateKeyError(error) || attempt >= 3) throw error;
      }
    }
  }

  /** All AC distributed to members so far (the running total). */
  async distributedMicro(): Promise<number> {
    const total = await this.totals.findOne({ _id: DISTRIBUTED_TOTAL });
    return total?.amount_micro ?? 0;
  }

  /** Members whose registration the read model saw (since `since`, when given). */
  countRegistered(since?: Date): Promise<number> {
    return this.members.countDocuments({ registered_at: since ? { $gte: since } : { $exists: true } });
  }

  /** Registered members active since `since` (so that a rate of them stays a share of the registered). */
  countActiveSince(since: Date): Promise<number> {
    return this.members.countDocuments({ registered_at: { $exists: true }, last_active_at: { $gte: since } });
  }

  /** Card revenue received since `since`, in US cents. */
  async revenueCentsSince(since: Date): Promise<number> {
    const [row] = await this.revenue
      .aggregate<{ total?: unknown }>([
        { $match: { at: { $gte: since } } },
        { $group: { _id: null, total: { $sum: '$usd_cents' } } },
      ])
      .toArray();
    return Number(row?.total ?? 0);
  }

  countPendingWithdrawals(): Promise<number> {
    return this.withdrawals.countDocuments({ status: 'pending' });
  }

  /** Posts, comments or stories created on the UTC day `day`. */
  countContent(kind: ContentDoc['kind'], day: string): Promise<number> {
    return this.content.countDocuments({ kind, day });
  }

  /**
   * Per-day counts from the UTC day `first` (`since`: its first instant), each one grouped read keyed
   * by date: registrations, active members, content (keyed `<kind>:<date>`) and card revenue in cents.
   */
  async perDay(
    first: string,
    since: Date,
  ): Promise<Record<'registrations' | 'active' | 'content' | 'revenueCents', Map<string, number>>> {
    const byDay = (field: string) => ({ $dateToString: { format: '%Y-%m-%d', date: `$${field}` } });
    const toMap = (rows: { _id: string; n: number }[]) =>
      new Map(rows.map((row) => [row._id, Number(row.n)]));
    const [registrations, active, content, revenueCents] = await Promise.all([
      this.members
        .aggregate<{ _id: string; n: number }>([
          { $match: { registered_at: { $gte: since } } },
          { $group: { _id: byDay('registered_at'), n: { $sum: 1 } } },
        ])
        .toArray(),
      this.activity
        .aggregate<{ _id: string; n: number }>([
          { $match: { day: { $gte: first } } },
          { $group: { _id: '$day', n: { $sum: 1 } } },
        ])
        .toArray(),
      this.content
        .aggregate<{ _id: string; n: number }>([
          // The kinds spelled out, so that the { kind, day } index serves the range.
          { $match: { kind: { $in: ['post', 'comment', 'story'] }, day: { $gte: first } } },
          { $group: { _id: { $concat: ['$kind', ':', '$day'] }, n: { $sum: 1 } } },
        ])
        .toArray(),
      this.revenue
        .aggregate<{ _id: string; n: number }>([
          { $match: { at: { $gte: since } } },
          { $group: { _id: byDay('at'), n: { $sum: '$usd_cents' } } },
        ])
        .toArray(),
    ]);
    return {
      registrations: toMap(registrations),
      active: toMap(active),
      content: toMap(content),
      revenueCents: toMap(revenueCents),
    };
  }
}

/**
 * What events change in the read model, gathered to be written together (DashboardReadModel.apply).
 * Every write is idempotent: an insert keyed by what it records, a latest-wins `$set` or a `$max`.
 */
export class DashboardChanges {
  readonly members: mongo.AnyBulkWriteOperation<MemberDoc>[] = [];
  readonly content: ContentDoc[] = [];
  readonly activity: ActivityDoc[] = [];
  readonly revenue: RevenueDoc[] = [];
  readonly withdrawals: mongo.AnyBulkWriteOperation<WithdrawalDoc>[] = [];
  readonly distributions: DistributionDoc[] = [];

  /** The member registered at `at` (their profile is the member directory's: src/members). */
  memberRegistered(userId: string, at: Date) {
    this.members.push({
      updateOne: { filter: { _id: userId }, update: { $set: { registered_at: at } }, upsert: true },
    });
    return this;
  }

  /**
   * The member acted at `at`: keeps the latest moment (an older, redelivered event changes nothing) and
   * marks the member active on that UTC day (once, however often it is delivered).
   */
  memberActive(userId: string, at: Date) {
    if (!userId) return this;
    this.members.push({
      updateOne: { filter: { _id: userId }, update: { $max: { last_active_at: at } }, upsert: true },
    });
    this.activity.push({ _id: `${userId}:${utcDay(at)}`, day: utcDay(at) });
    return this;
  }

  contentCreated(kind: ContentDoc['kind'], id: string, at: Date) {
    this.content.push({ _id: `${kind}:${id}`, kind, day: utcDay(at) });
    return this;
  }

  revenueReceived(id: string, usdCents: number, at: Date) {
    this.revenue.push({ _id: id, usd_cents: usdCents, at });
    return this;
  }

  distributed(transferId: string, from: string, amountMicro: number, at: Date) {
    this.distributions.push({ _id: transferId, from, amount_micro: amountMicro, at });
    return this;
  }

  withdrawalRequested(id: string) {
    this.withdrawals.push({
      updateOne: { filter: { _id: id }, update: { $setOnInsert: { status: 'pending' } }, upsert: true },
    });
    return this;
  }

  withdrawalProcessed(id: string, status: string) {
    this.withdrawals.push({
      updateOne: { filter: { _id: id }, update: { $set: { status } }, upsert: true },
    });
    return this;
  }
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
