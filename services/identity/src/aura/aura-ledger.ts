import { createEvent, isDuplicateKeyError, KeyedMutex, MONGO, RUNTIME, ServiceRuntime } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Connection, Model, Types } from 'mongoose';
import { untilOutboxCleared } from '../users/outbox-settled';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import { UsersRepository } from '../users/users.repository';
import { utcDay } from '../wellness/wellness-rules';
import { AuraLogDoc, auraLogSchema } from './aura-log.schema';
import { applyAura, AURA_MOVES, AuraReason } from './aura-rules';

export interface AuraChange {
  userId: string;
  /** A move of AURA_MOVES, or admin: a super admin's change by `delta` (no daily limit). */
  reason: AuraReason | 'admin';
  delta?: number;
  /** What the change is for; the same key applies once. */
  key: string;
  at: Date;
}

export interface AuraOutcome {
  outcome: 'applied' | 'duplicate' | 'daily_limit' | 'unknown_member';
  /** The change applied (0 unless applied, and less than asked at 0 or 1000). */
  applied: number;
  /** The member's score afterwards (0 for an unknown member). */
  score: number;
}

/**
 * The aura score's only writer: applies a move of PRODUCT-DECISIONS.md "Social" once per key, within
 * its daily limit, clamped to 0-1000; logs it in aura_log and publishes user.aura_changed (outbox).
 * Changes of one member are serialised in this process; a retried change finds its log entry or the
 * member's `aura_last_key` and applies nothing twice.
 */
@Injectable()
export class AuraLedger {
  readonly log: Model<AuraLogDoc>;
  private readonly locks = new KeyedMutex();

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'service'>,
    private readonly users: UsersRepository,
    private readonly outbox: ProfileChangedAnnouncer,
  ) {
    this.log = connection.models.AuraLog ?? connection.model<AuraLogDoc>('AuraLog', auraLogSchema);
  }

  async ensureIndexes(): Promise<void> {
    await this.log.init();
  }

  apply(change: AuraChange): Promise<AuraOutcome> {
    return this.locks.run(change.userId, () => this.applyOnce(change));
  }

  /** Net aura change of a member since a moment (weekly growth). */
  async growthSince(userId: string, since: Date): Promise<number> {
    const entries = await this.log
      .find({ user_id: userId, state: 'applied', at: { $gte: since } }, { delta: 1 })
      .lean()
      .exec();
    return entries.reduce((sum, entry) => sum + (entry.delta ?? 0), 0);
  }

  private async applyOnce(change: AuraChange): Promise<AuraOutcome> {
    const move =
      change.reason === 'admin'
        ? { delta: change.delta ?? 0, dailyLimit: Infinity }
        : AURA_MOVES[change.reason];
    const day = utcDay(change.at);
    let entry = await this.log.findById(change.key).lean().exec();
    if (entry && entry.state !== 'pending') return this.outcomeOf(entry, 'duplicate');
    if (!entry) {
      const used = await this.log
        .countDocuments({
          user_id: change.userId,
          reason: change.reason,
          day,
          state: { $in: ['pending', 'applied'] },
        })
        .exec();
      const state = used >= move.dailyLimit ? 'limited' : 'pending';
      const doc: AuraLogDoc = {
        _id: change.key,
        user_id: change.userId,
        reason: change.reason,
        requested: move.delta,
        delta: 0,
        score_after: 0,
        state,
        day,
        at: change.at,
      };
      try {
        await this.log.create(doc);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        entry = await this.log.findById(change.key).lean().exec();
        return entry ? this.outcomeOf(entry, 'duplicate') : { outcome: 'duplicate', applied: 0, score: 0 };
      }
      if (state === 'limited') {
        const user = await this.users.findById(change.userId);
        return { outcome: 'daily_limit', applied: 0, score: user?.auraScore ?? 0 };
      }
    }
    return this.applyToMember(change, move.delta);
  }

  private async applyToMember(change: AuraChange, delta: number): Promise<AuraOutcome> {
    const model = this.users.usersModel;
    if (!Types.ObjectId.isValid(change.userId)) return this.unknown(change.key);
    const _id = new Types.ObjectId(change.userId);
    await untilOutboxCleared(this.users.usersModel, _id);
    for (let attempt = 0; ; attempt++) {
      const user = await model
        .findOne({ _id }, { aura_score: 1, aura_last_key: 1, aura_last_delta: 1 })
        .lean()
        .exec();
      if (!user) return this.unknown(change.key);
      let applied: number;
      let score: number;
      if (user.aura_last_key === change.key) {
        // Applied before a crash or a retry stopped it halfway: finish the log entry only.
        applied = user.aura_last_delta ?? 0;
        score = user.aura_score;
      } else {
        ({ score, applied } = applyAura(user.aura_score, delta));
        const result = await model
          .updateOne(
            { _id, aura_score: user.aura_score, aura_last_key: { $ne: change.key } },
            {
              $set: {
                aura_score: score,
                aura_last_key: change.key,
                aura_last_delta: applied,
                updated_at: new Date(),
              },
            },
          )
          .exec();
        if (result.matchedCount === 0 || !(await this.stuck(_id, change.key, score))) {
          if (attempt >= 20) throw new Error(`aura change ${change.key} kept losing races`);
          continue; // another write moved the score or overwrote this one in between: read it again
        }
      }
      await this.log
        .updateOne({ _id: change.key }, { $set: { state: 'applied', delta: applied, score_after: score } })
        .exec();
      if (applied !== 0) {
        const event = createEvent(this.runtime.service, 'user.aura_changed', change.userId, {
          userId: change.userId,
          delta: applied,
          auraScore: score,
          reason: change.reason,
          changedAt: change.at.toISOString(),
        });
        await this.outbox.store(`aura:${change.key}`, [event]);
      }
      return { outcome: 'applied', applied, score };
    }
  }

  /**
   * Whether the write is there when read back. FerretDB applies an update by reading and rewriting the
   * document, so a concurrent write to the member (the outbox relay clearing user.registered, a
   * profile edit) can put the old score back; the change is then applied again.
   */
  private async stuck(_id: Types.ObjectId, key: string, score: number): Promise<boolean> {
    const user = await this.users.usersModel
      .findOne({ _id }, { aura_score: 1, aura_last_key: 1 })
      .lean()
      .exec();
    return user?.aura_last_key === key && user.aura_score === score;
  }

  private async unknown(key: string): Promise<AuraOutcome> {
    await this.log.updateOne({ _id: key }, { $set: { state: 'unknown_member' } }).exec();
    return { outcome: 'unknown_member', applied: 0, score: 0 };
  }

  private outcomeOf(entry: AuraLogDoc, outcome: AuraOutcome['outcome']): AuraOutcome {
    return { outcome, applied: entry.state === 'applied' ? entry.delta : 0, score: entry.score_after };
  }
}
