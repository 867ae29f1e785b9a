import { EventRecord, inTransaction, MONGO, RUNTIME, ServiceRuntime, toStoredOutbox } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { ClientSession, Connection, Model } from 'mongoose';
import { AuraLogDoc, auraLogSchema } from './aura-log.schema';

/** A transaction's session: every write of one change goes through it. */
export type AuraSession = ClientSession;

/**
 * The aura log (`aura_log`, `_id` = a change's key): one entry per change asked for, applied or not,
 * the applied ones carrying their user.aura_changed event (the outbox). AuraLedger has the rules.
 */
@Injectable()
export class AuraLogRepository implements OnModuleInit {
  readonly log: Model<AuraLogDoc>;

  constructor(
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'registerOutbox' | 'eventsStored'>,
  ) {
    this.log = connection.models.AuraLog ?? connection.model<AuraLogDoc>('AuraLog', auraLogSchema);
    runtime.registerOutbox(this.log);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.log.init();
  }

  /** Runs `work` in one transaction (retried whole on a transient conflict). */
  transaction<T>(work: (session: AuraSession) => Promise<T>): Promise<T> {
    return inTransaction(this.connection, work);
  }

  find(key: string, session?: AuraSession): Promise<AuraLogDoc | null> {
    const query = this.log.findById(key);
    return (session ? query.session(session) : query).lean<AuraLogDoc>().exec();
  }

  /** How many changes of this reason were applied to the member on the day. */
  countApplied(entry: Pick<AuraLogDoc, 'user_id' | 'reason' | 'day'>, session: AuraSession): Promise<number> {
    return this.log
      .countDocuments({ user_id: entry.user_id, reason: entry.reason, day: entry.day, state: 'applied' })
      .session(session)
      .exec();
  }

  async insert(entry: AuraLogDoc, session: AuraSession, event?: EventRecord): Promise<void> {
    await this.log.create([event ? { ...entry, _outbox: toStoredOutbox([event]) } : entry], { session });
  }

  /** The entry's event is committed: the relay may publish it now. */
  eventStored(key: string, event: EventRecord): void {
    this.runtime.eventsStored([event], { model: this.log, id: key });
  }

  /** Net aura change of a member since a moment. */
  async growthSince(userId: string, since: Date): Promise<number> {
    const entries = await this.log
      .find({ user_id: userId, state: 'applied', at: { $gte: since } }, { delta: 1 })
      .lean<Pick<AuraLogDoc, 'delta'>[]>()
      .exec();
    return entries.reduce((sum, entry) => sum + (entry.delta ?? 0), 0);
  }
}
