import { inTransaction, insertOnce, isDuplicateKeyError } from '@aura/platform';
import type { Connection, mongo } from 'mongoose';
import { Schema } from 'mongoose';

// The dashboard's read model: small projections of other services' events, in admin's own database,
// so the stats never query another service. Every write is idempotent (an insert keyed by the thing it
// records, a latest-wins upsert, or `$max`), so a redelivered event changes nothing. Definitions:
// services/admin/README.md.

export interface MemberDoc {
  _id: string;
  username?: string;
  display_name?: string;
  role?: string;
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

export class DashboardReadModel {
  readonly members;
  readonly content;
  readonly revenue;
  readonly activity;
  readonly distributions;
  readonly totals;
  readonly withdrawals;

  constructor(private readonly connection: Connection) {
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

  async memberRegistered(member: {
    id: string;
    username: string;
    displayName: string;
    role: string;
    at: Date;
  }): Promise<void> {
    await this.members.updateOne(
      { _id: member.id },
      {
        $set: {
          username: member.username,
          display_name: member.displayName,
          role: member.role,
          registered_at: member.at,
        },
      },
      { upsert: true },
    );
  }

  async memberChanged(member: { id: string; username: string; displayName: string; role: string }) {
    await this.members.updateOne(
      { _id: member.id },
      { $set: { username: member.username, display_name: member.displayName, role: member.role } },
      { upsert: true },
    );
  }

  /**
   * The member acted at `at`: keeps the latest moment (an older, redelivered event changes nothing) and
   * marks the member active on that UTC day (once, however often it is delivered).
   */
  async memberActive(userId: string, at: Date): Promise<void> {
    if (!userId) return;
    await Promise.all([
      this.members.updateOne({ _id: userId }, { $max: { last_active_at: at } }, { upsert: true }),
      insertOnce(this.activity, { _id: `${userId}:${utcDay(at)}`, day: utcDay(at) }),
    ]);
  }

  async contentCreated(kind: ContentDoc['kind'], id: string, at: Date): Promise<void> {
    await insertOnce(this.content, { _id: `${kind}:${id}`, kind, day: utcDay(at) });
  }

  async revenueReceived(id: string, usdCents: number, at: Date): Promise<void> {
    await insertOnce(this.revenue, { _id: id, usd_cents: usdCents, at });
  }

  /**
   * Records a payment to a member once (by transfer id) and adds it to the running total, in one
   * transaction: a redelivered transfer finds its record and adds nothing.
   */
  async distributed(transferId: string, from: string, amountMicro: number, at: Date): Promise<void> {
    try {
      await inTransaction(this.connection, async (session) => {
        if (await this.distributions.findOne({ _id: transferId }, { session, projection: { _id: 1 } }))
          return;
        await this.distributions.insertOne(
          { _id: transferId, from, amount_micro: amountMicro, at },
          { session },
        );
        await this.totals.updateOne(
          { _id: DISTRIBUTED_TOTAL },
          { $inc: { amount_micro: amountMicro } },
          { session, upsert: true },
        );
      });
    } catch (error) {
      // The same transfer delivered twice at once (a rebalance): the other delivery recorded it.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** All AC distributed to members so far (the running total). */
  async distributedMicro(): Promise<number> {
    const total = await this.totals.findOne({ _id: DISTRIBUTED_TOTAL });
    return total?.amount_micro ?? 0;
  }

  async withdrawalRequested(id: string): Promise<void> {
    await insertOnce(this.withdrawals, { _id: id, status: 'pending' });
  }

  async withdrawalProcessed(id: string, status: string): Promise<void> {
    await this.withdrawals.updateOne({ _id: id }, { $set: { status } }, { upsert: true });
  }
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
