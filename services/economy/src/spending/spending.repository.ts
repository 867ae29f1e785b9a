import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { IndexedModel, Collection, collectionOf, indexedModel } from '../indexed-model.schema';
import { NO_SPENDING_SETTINGS, PendingChange, SpendingState } from './spending-rules';

/** spending_settings/{member id}: one member's settings as they asked for them. */
interface SpendingDoc {
  _id: string;
  daily_limit_micro: number | null;
  pause_threshold_micro: number | null;
  pending_daily_limit: { value_micro: number | null; effective_at: Date } | null;
  pending_pause_threshold: { value_micro: number | null; effective_at: Date } | null;
  cooling_off_until: Date | null;
  /** Bumped by every write: a change is written only over the version it was computed from. */
  version: number;
  updated_at: Date;
}

const toPending = (doc: SpendingDoc['pending_daily_limit']): PendingChange | null =>
  doc ? { value: doc.value_micro, effectiveAt: doc.effective_at } : null;

const fromPending = (pending: PendingChange | null): SpendingDoc['pending_daily_limit'] =>
  pending ? { value_micro: pending.value, effective_at: pending.effectiveAt } : null;

/** How often a change computed from a version another write replaced is computed again. */
const WRITE_ATTEMPTS = 8;

/**
 * Members' spending settings (docs/spending.md); a member without a document has none. SpendingService
 * creates the index in onModuleInit (after the ledger's collections).
 */
@Injectable()
export class SpendingRepository {
  private readonly model: IndexedModel;
  private readonly docs: Collection<SpendingDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model = indexedModel(connection, 'SpendingSettings', 'spending_settings');
    this.docs = collectionOf(this.model);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.createCollection().catch(() => undefined);
    await this.model.init();
  }

  /** The member's account was erased: their settings go with it. */
  async remove(userId: string): Promise<void> {
    await this.docs.deleteOne({ _id: userId });
  }

  async find(userId: string): Promise<SpendingState> {
    return stateOf(await this.docs.findOne({ _id: userId }));
  }

  /**
   * Writes `change(current)` for the member, as one conditional update on the version it read: of two
   * concurrent changes (two tabs, two instances) each is computed from what the other wrote.
   */
  async change(
    userId: string,
    change: (current: SpendingState) => SpendingState,
    now: Date,
  ): Promise<SpendingState> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const doc = await this.docs.findOne({ _id: userId });
      const next = change(stateOf(doc));
      const fields = {
        daily_limit_micro: next.dailyLimitMicro,
        pause_threshold_micro: next.pauseThresholdMicro,
        pending_daily_limit: fromPending(next.pendingDailyLimit),
        pending_pause_threshold: fromPending(next.pendingPauseThreshold),
        cooling_off_until: next.coolingOffUntil,
        updated_at: now,
      };
      if (!doc) {
        try {
          await this.docs.insertOne({ _id: userId, ...fields, version: 1 });
          return next;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          continue;
        }
      }
      const written = await this.docs.updateOne(
        { _id: userId, version: doc.version },
        { $set: { ...fields, version: doc.version + 1 } },
      );
      if (written.matchedCount === 1) return next;
    }
    throw new Error(`spending settings of ${userId}: too many concurrent changes`);
  }
}

function stateOf(doc: SpendingDoc | null): SpendingState {
  if (!doc) return { ...NO_SPENDING_SETTINGS };
  return {
    dailyLimitMicro: doc.daily_limit_micro ?? null,
    pauseThresholdMicro: doc.pause_threshold_micro ?? null,
    pendingDailyLimit: toPending(doc.pending_daily_limit ?? null),
    pendingPauseThreshold: toPending(doc.pending_pause_threshold ?? null),
    coolingOffUntil: doc.cooling_off_until ?? null,
  };
}
