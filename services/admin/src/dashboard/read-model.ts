import type { Connection, mongo } from 'mongoose';
import { Schema } from 'mongoose';

// The dashboard's read model: small projections of other services' events, in admin's own database,
// so the stats never query another service. Every write is idempotent (keyed by the thing it
// records), so a redelivered event changes nothing. Definitions: services/admin/README.md.

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

/** Activity closer than this to the moment already stored for a member is not written again. */
const ACTIVE_GRANULARITY_MS = 60_000;
/** Members remembered by memberActive before the memo starts over (bounds its memory). */
const ACTIVE_MEMO_SIZE = 100_000;

export class DashboardReadModel {
  readonly members;
  readonly content;
  readonly revenue;
  readonly distributions;
  readonly withdrawals;

  constructor(private readonly connection: Connection) {
    this.members = collection<MemberDoc>(connection, 'members', [
      { registered_at: 1 },
      { last_active_at: 1 },
    ]);
    this.content = collection<ContentDoc>(connection, 'content', [{ kind: 1, day: 1 }]);
    this.revenue = collection<RevenueDoc>(connection, 'revenue', [{ at: 1 }]);
    this.distributions = collection<DistributionDoc>(connection, 'distributions', []);
    this.withdrawals = collection<WithdrawalDoc>(connection, 'withdrawals', [{ status: 1 }]);
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(
      ['members', 'content', 'revenue', 'distributions', 'withdrawals'].map((name) =>
        this.connection.models[`Admin_${name}`]!.init(),
      ),
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
   * The last moment written per member by this process: activity within ACTIVE_GRANULARITY_MS of it
   * writes nothing (the dashboard counts members active in the last 24 hours, so a minute is exact
   * enough), which spares the database a write for nearly every event of an active member.
   */
  private readonly lastActiveWritten = new Map<string, number>();

  /** The member acted at `at`: keeps the latest moment (an older, redelivered event changes nothing). */
  async memberActive(userId: string, at: Date): Promise<void> {
    if (!userId) return;
    const known = this.lastActiveWritten.get(userId);
    if (known !== undefined && at.getTime() - known < ACTIVE_GRANULARITY_MS) return;
    // Read, then write by `_id` alone: FerretDB scans the collection for a filter with more than `_id`.
    const current = await this.members.findOne({ _id: userId }, { projection: { last_active_at: 1 } });
    const stored = current?.last_active_at?.getTime();
    if (stored === undefined || stored < at.getTime()) {
      const set = { $set: { last_active_at: at } };
      await this.members.updateOne({ _id: userId }, set, { upsert: true }).catch(async (error) => {
        // memberRegistered inserted the member meanwhile (the upsert's insert met the unique _id).
        if ((error as { code?: number }).code !== 11000) throw error;
        await this.members.updateOne({ _id: userId }, set);
      });
    }
    this.remember(userId, Math.max(stored ?? 0, at.getTime()));
  }

  private remember(userId: string, at: number): void {
    if (this.lastActiveWritten.size >= ACTIVE_MEMO_SIZE) this.lastActiveWritten.clear();
    this.lastActiveWritten.set(userId, at);
  }

  async contentCreated(kind: ContentDoc['kind'], id: string, at: Date): Promise<void> {
    await insertOnce(this.content, { _id: `${kind}:${id}`, kind, day: utcDay(at) });
  }

  async revenueReceived(id: string, usdCents: number, at: Date): Promise<void> {
    await insertOnce(this.revenue, { _id: id, usd_cents: usdCents, at });
  }

  async distributed(transferId: string, from: string, amountMicro: number, at: Date): Promise<void> {
    await insertOnce(this.distributions, { _id: transferId, from, amount_micro: amountMicro, at });
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

async function insertOnce<T extends { _id: string }>(target: mongo.Collection<T>, doc: T): Promise<void> {
  try {
    await (target as unknown as mongo.Collection<mongo.Document>).insertOne(doc as unknown as mongo.Document);
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}
