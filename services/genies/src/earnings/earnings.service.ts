import { annotate, Caller } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Catalogue } from '../catalogue/catalogue';
import { UserGeniesRepository } from '../collection/user-genies.repository';
import { GenieEventsRepository } from '../events/genie-events.repository';
import { MembersService } from '../members/members';
import { earningsClaimedMicro } from '../metrics';
import { type GenieMoney, MoneyInProgress } from '../money/economy-money';
import { accruedMicro } from '../rules/accrual';
import { GENIE_MONEY } from '../tokens';
import { type ClaimDoc, ClaimsRepository } from './claims.repository';

export interface ClaimOutcome {
  amountMicro: number;
  genies: number;
  transferId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The genies' earnings: claimed window by window, each paid through economy once with a key derived
 * from the window (docs/adr/0008-genies.md), its event stored once in the genie_events outbox.
 */
@Injectable()
export class EarningsService {
  constructor(
    @Inject(Catalogue) private readonly catalogue: Catalogue,
    @Inject(MembersService) private readonly members: MembersService,
    @Inject(UserGeniesRepository) private readonly userGenies: UserGeniesRepository,
    @Inject(ClaimsRepository) private readonly claims: ClaimsRepository,
    @Inject(GenieEventsRepository) private readonly events: GenieEventsRepository,
    @Inject(GENIE_MONEY) private readonly money: GenieMoney,
  ) {}

  /** Everything the member's genies have paid, all time (their finished claims). */
  lifetimeMicro(userId: string): Promise<number> {
    return this.claims.doneTotal(userId);
  }

  /**
   * Claim All. The member's next claim window (n = last + 1) is taken by inserting claim `<member>:<n>`
   * with its end instant and each genie's amount; of concurrent claims one insert wins, and every
   * caller finishes that window with the same economy key (genie-claim:<member>:<n>), so the window
   * is credited exactly once. An unfinished window (a crash) is finished by the next claim.
   */
  async claim(caller: Caller): Promise<ClaimOutcome> {
    const userId = caller.userId;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const last = await this.claims.latest(userId);
      if (last?.status === 'open') {
        await this.finishClaim(last);
        continue;
      }
      const until = new Date();
      const superAura = await this.members.isSuperAura(userId);
      const docs = await this.userGenies.allOwnedBy(userId);
      const parts = docs
        .map((doc) => {
          const genie = this.catalogue.byId(doc.genie_id);
          const amount = genie ? accruedMicro(genie.daily_rate_micro, superAura, doc.accrual_from, until) : 0;
          return { id: doc._id, from: doc.accrual_from, lifetime_before: doc.lifetime_micro, amount };
        })
        .filter((part) => part.amount > 0);
      const total = parts.reduce((sum, part) => sum + part.amount, 0);
      if (total === 0) return { amountMicro: 0, genies: 0, transferId: '' };
      const seq = (last?.seq ?? 0) + 1;
      const window: ClaimDoc = {
        _id: `${userId}:${seq}`,
        user_id: userId,
        seq,
        until,
        total,
        super_aura: superAura,
        parts,
        status: 'open',
        transfer_id: '',
      };
      const won = await this.claims.insertOnce(window);
      const taken = won ? window : await this.claims.find(window._id);
      if (!taken) continue;
      return this.finishClaim(taken);
    }
    throw new MoneyInProgress('A claim is already in progress. Please try again in a moment.');
  }

  private async finishClaim(window: ClaimDoc): Promise<ClaimOutcome> {
    const userId = window.user_id;
    let transferId = '';
    for (let attempt = 0; ; attempt += 1) {
      try {
        const receipt = await this.money.payEarnings(
          userId,
          window.total,
          `${window.parts.length} genie${window.parts.length === 1 ? '' : 's'}`,
          `genie-claim:${userId}:${window.seq}`,
        );
        transferId = receipt.transferId;
        break;
      } catch (error) {
        // The same window is being paid by a concurrent claim: wait for its answer.
        if (!(error instanceof MoneyInProgress) || attempt >= 25) throw error;
        await sleep(200);
      }
    }
    // Set, not added: finishing the same window twice writes the same values.
    for (const part of window.parts)
      await this.userGenies.settle(part.id, part.from, window.until, part.lifetime_before + part.amount);
    if (window.status === 'open') {
      await this.claims.markDone(window._id, transferId);
      earningsClaimedMicro.add(window.total);
    }
    await this.events.store(`claim:${window._id}`, 'genie.earnings_claimed', userId, {
      userId,
      amountMicro: window.total,
      genies: window.parts.length,
      transferId,
      superAuraBonus: window.super_aura,
      claimedAt: new Date(window.until).toISOString(),
    });
    annotate({ 'aura.member_id': userId, 'aura.amount_micro': window.total });
    return { amountMicro: window.total, genies: window.parts.length, transferId };
  }
}
