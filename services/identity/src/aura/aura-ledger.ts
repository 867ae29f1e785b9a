import { createEvent, EventRecord, isDuplicateKeyError, RUNTIME, ServiceRuntime } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository';
import { utcDay } from '../wellness/wellness-rules';
import type { AuraLogDoc } from './aura-log.schema';
import { AuraLogRepository, AuraSession } from './aura-log.repository';
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

interface Applied {
  outcome: AuraOutcome;
  /** The user.aura_changed event stored with the log entry, for the relay to publish. */
  event?: EventRecord;
}

/**
 * The aura score's only writer: applies a move of PRODUCT-DECISIONS.md "Social" once per key, within
 * its daily limit, clamped to 0-1000. One transaction inserts the change's aura_log entry (`_id` = the
 * change's key, carrying its user.aura_changed event in `_outbox`) and moves the member's score with
 * an atomic clamped update: both are stored or neither, so a redelivered or retried change finds its
 * entry and applies nothing twice. Two concurrent changes of one member both write the member's
 * document, so one of the transactions is retried and then counts the other's entry: the daily limit
 * holds under concurrency too. A transaction suits this write because one member's aura changes are
 * rare next to everything else, so transactions on the same member seldom collide.
 */
@Injectable()
export class AuraLedger {
  constructor(
    @Inject(AuraLogRepository) private readonly log: AuraLogRepository,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'service'>,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async apply(change: AuraChange): Promise<AuraOutcome> {
    let applied: Applied;
    try {
      applied = await this.log.transaction((session) => this.applyIn(session, change));
    } catch (error) {
      // The same change, committed by a concurrent call after this one had looked for it.
      if (!isDuplicateKeyError(error)) throw error;
      return this.recorded(change.key);
    }
    if (applied.event) this.log.eventStored(change.key, applied.event);
    return applied.outcome;
  }

  /** Net aura change of a member since a moment (weekly growth). */
  growthSince(userId: string, since: Date): Promise<number> {
    return this.log.growthSince(userId, since);
  }

  /** The change's writes, all through `session` (the transaction may run this more than once). */
  private async applyIn(session: AuraSession, change: AuraChange): Promise<Applied> {
    const recorded = await this.log.find(change.key, session);
    if (recorded) return { outcome: outcomeOf(recorded) };
    const move =
      change.reason === 'admin'
        ? { delta: change.delta ?? 0, dailyLimit: Infinity }
        : AURA_MOVES[change.reason];
    const entry = {
      _id: change.key,
      user_id: change.userId,
      reason: change.reason,
      requested: move.delta,
      day: utcDay(change.at),
      at: change.at,
    };
    if (await this.usedUp(entry, move.dailyLimit, session)) {
      const score = (await this.users.findById(change.userId))?.auraScore ?? 0;
      await this.log.insert({ ...entry, state: 'limited', delta: 0, score_after: score }, session);
      return { outcome: { outcome: 'daily_limit', applied: 0, score } };
    }
    const before = await this.users.addToAuraScore(change.userId, move.delta, session);
    if (before === null) {
      await this.log.insert({ ...entry, state: 'unknown_member', delta: 0, score_after: 0 }, session);
      return { outcome: { outcome: 'unknown_member', applied: 0, score: 0 } };
    }
    const { score, applied } = applyAura(before, move.delta);
    const event =
      applied === 0
        ? undefined
        : createEvent(this.runtime.service, 'user.aura_changed', change.userId, {
            userId: change.userId,
            delta: applied,
            auraScore: score,
            reason: change.reason,
            changedAt: change.at.toISOString(),
          });
    await this.log.insert({ ...entry, state: 'applied', delta: applied, score_after: score }, session, event);
    return { outcome: { outcome: 'applied', applied, score }, event };
  }

  /** Whether the member has had `dailyLimit` changes of this reason on the entry's day. */
  private async usedUp(
    entry: Pick<AuraLogDoc, 'user_id' | 'reason' | 'day'>,
    dailyLimit: number,
    session: AuraSession,
  ): Promise<boolean> {
    if (!Number.isFinite(dailyLimit)) return false;
    return (await this.log.countApplied(entry, session)) >= dailyLimit;
  }

  private async recorded(key: string): Promise<AuraOutcome> {
    const entry = await this.log.find(key);
    return entry ? outcomeOf(entry) : { outcome: 'duplicate', applied: 0, score: 0 };
  }
}

/** What a change already in the log did, as the answer to its repetition. */
function outcomeOf(entry: AuraLogDoc): AuraOutcome {
  return {
    outcome: 'duplicate',
    applied: entry.state === 'applied' ? entry.delta : 0,
    score: entry.score_after,
  };
}
