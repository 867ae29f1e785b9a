import { annotate } from '@aura/platform';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { memberAccount } from '../ledger/accounts';
import { Ledger, type LedgerTransaction } from '../ledger/ledger';
import { CLOCK, MOOD_SOURCE } from '../tokens';
import type { MoodSource } from './identity-mood';
import {
  abovePauseThreshold,
  applyChange,
  COOLING_OFF_MS,
  coolingOffRefusal,
  dailyLimitRefusal,
  effectiveAt,
  nextUtcMidnight,
  pauseDecision,
  pauseRefusal,
  SpendingChange,
  SPENDING_KINDS,
  SpendingState,
  SpendVerb,
  utcDayStart,
} from './spending-rules';
import { SpendingRepository } from './spending.repository';

/** A member's settings as the wallet shows them: in effect now, what is pending, the day so far. */
export interface SpendingView extends SpendingState {
  spentTodayMicro: number;
  dayResetsAt: Date;
  /** The member's last two check-ins were both low: spends above the threshold ask for a pause. */
  lowMood: boolean;
}

export interface SpendRequest {
  userId: string;
  amountMicro: number;
  verb: SpendVerb;
  /** The member said yes to the pause. */
  confirmPause: boolean;
}

/**
 * Spending that cares (docs/spending.md): the member's settings, and the check every tip, transfer
 * and purchase passes. The check has two halves: `prepare` before the ledger transaction (the settings,
 * and identity's answer about the mood when the amount is above the pause threshold — never a call to
 * another service inside a transaction), then `SpendCheck.inside` in it, where the day's spending is
 * read with the transaction's session. The debit writes the member's account document, so two
 * concurrent spends conflict and the second runs again seeing the first: the limit holds under any
 * concurrency, the same way the balance rule does (ADR 0005).
 */
@Injectable()
export class SpendingService implements OnModuleInit {
  constructor(
    @Inject(SpendingRepository) private readonly repository: SpendingRepository,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MOOD_SOURCE) private readonly mood: MoodSource,
    @Optional() @Inject(CLOCK) private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Its indexes, once the ledger's collections are there (the order economy.init() had). */
  async onModuleInit(): Promise<void> {
    await this.ledger.ready();
    await this.ensureIndexes();
  }

  ensureIndexes(): Promise<void> {
    return this.repository.ensureIndexes();
  }

  /** user.deleted: the erased member's settings are not kept. */
  forget(userId: string): Promise<void> {
    return this.repository.remove(userId);
  }

  async view(userId: string): Promise<SpendingView> {
    const now = this.clock();
    const [state, spent, lowMood] = await Promise.all([
      this.repository.find(userId),
      this.ledger.spentSince(memberAccount(userId), utcDayStart(now), SPENDING_KINDS),
      this.mood.isLow(userId),
    ]);
    return { ...effectiveAt(state, now), spentTodayMicro: spent, dayResetsAt: nextUtcMidnight(now), lowMood };
  }

  /** The member's settings in effect now and what is pending (no spending of the day, no mood). */
  async settings(userId: string): Promise<SpendingState> {
    return effectiveAt(await this.repository.find(userId), this.clock());
  }

  async update(userId: string, change: SpendingChange): Promise<SpendingView> {
    const now = this.clock();
    await this.repository.change(userId, (current) => applyChange(current, change, now), now);
    return this.view(userId);
  }

  /** "Wait 10 minutes": spends above the threshold are refused until then (a later end is kept). */
  async startCoolingOff(userId: string): Promise<SpendingView> {
    const now = this.clock();
    const until = new Date(now.getTime() + COOLING_OFF_MS);
    await this.repository.change(
      userId,
      (current) => {
        const next = effectiveAt(current, now);
        if (!next.coolingOffUntil || next.coolingOffUntil < until) next.coolingOffUntil = until;
        return next;
      },
      now,
    );
    return this.view(userId);
  }

  /** The first half of a spend's check, before its transaction. */
  async prepare(request: SpendRequest): Promise<SpendCheck> {
    const now = this.clock();
    const state = effectiveAt(await this.repository.find(request.userId), now);
    const cooling = state.coolingOffUntil !== null;
    // identity is asked only when its answer matters: above the threshold and not cooling off.
    const lowMood =
      abovePauseThreshold(state, request.amountMicro) && !cooling && !request.confirmPause
        ? await this.mood.isLow(request.userId)
        : false;
    const decision = pauseDecision(state, request.amountMicro, now, {
      lowMood,
      confirmPause: request.confirmPause,
    });
    return new SpendCheck(this.ledger, request, state, decision, now);
  }
}

/** The second half, inside the spend's ledger transaction (it may run more than once). */
export class SpendCheck {
  constructor(
    private readonly ledger: Ledger,
    private readonly request: SpendRequest,
    private readonly state: SpendingState,
    private readonly decision: 'go' | 'cooling_off' | 'pause',
    private readonly now: Date,
  ) {}

  /**
   * Refuses the spend (nothing stored: the transaction aborts): over the daily limit first, then a
   * cooling-off or the pause. A request whose key already moved money is its replay: not checked again.
   */
  async inside(tx: LedgerTransaction, key: string): Promise<void> {
    const { dailyLimitMicro, pauseThresholdMicro } = this.state;
    if (dailyLimitMicro === null && this.decision === 'go') return;
    if (await tx.transferOf(key)) return;
    if (dailyLimitMicro !== null) {
      const spent = await this.ledger.spentSince(
        memberAccount(this.request.userId),
        utcDayStart(this.now),
        SPENDING_KINDS,
        tx.session,
      );
      const refusal = dailyLimitRefusal(dailyLimitMicro, spent, this.request.amountMicro);
      if (refusal) {
        annotate({ 'aura.spending_refusal': refusal.code ?? '' });
        throw refusal;
      }
    }
    if (this.decision === 'cooling_off') {
      annotate({ 'aura.spending_refusal': 'cooling_off' });
      throw coolingOffRefusal(this.state.coolingOffUntil!, pauseThresholdMicro!, this.now);
    }
    if (this.decision === 'pause') {
      annotate({ 'aura.spending_refusal': 'pause_required' });
      throw pauseRefusal(this.request.amountMicro, this.request.verb);
    }
  }
}
