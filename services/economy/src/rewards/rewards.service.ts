import { inSpan, LOGGER, recordSpan } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import { Ledger } from '../ledger/ledger';
import { IdempotencyConflict, TransferRequest } from '../ledger/ledger.types';
import { type Member, MembersRepository } from '../members/members.repository';
import { EconomySettings } from '../settings/economy-settings';
import { RewardSlots } from './reward-slots';
import { REWARD_RULES, RewardClaim, rewardAmount, utcDay } from './reward-rules';

export type GrantOutcome = 'paid' | 'already_paid' | 'daily_limit' | 'before_ledger' | 'switched_off';

/**
 * Pays rewards from the rewards account. The extension point for every reward: a consumer maps its
 * event to a RewardClaim and calls grant() — the wellness issue adds check_in and reflection this way.
 * Each claim is paid at most once (its ledger key is reason + source), counted against the daily
 * limit of its UTC day, ×1.5 when the member is SuperAura.
 */
@Injectable()
export class RewardsService {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(RewardSlots) private readonly slots: RewardSlots,
    @Inject(LOGGER) private readonly logger: Logger,
    /** The super admin's post reward (src/settings). */
    @Inject(EconomySettings) private readonly settings: Pick<EconomySettings, 'current'>,
  ) {}

  /**
   * One claim: grantAll() of a run of one, in a span of its own (under the consumer span of the event):
   * member, post, amount and outcome.
   */
  grant(claim: RewardClaim): Promise<GrantOutcome> {
    return inSpan('economy reward', claimAttributes(claim), async (span) => {
      const amounts: (number | undefined)[] = [];
      const [outcome] = await this.payAll([claim], amounts).catch((error: unknown) => {
        // Paid before at another amount (the member's SuperAura status changed in between): paid once.
        // (In a run of several, the consumer then pays its claims one by one, each through here.)
        if (error instanceof IdempotencyConflict) return ['already_paid' as const];
        throw error;
      });
      if (amounts[0] !== undefined) span.setAttribute('aura.amount_micro', amounts[0]);
      span.setAttribute('aura.reward_outcome', outcome!);
      return outcome!;
    });
  }

  /**
   * The claims of a run of events (a backlog after an outage holds thousands), paid in one ledger
   * transaction with the reads and writes of all of them together: what grant() does for each in turn.
   * One span for the run (how many were claimed and paid), and one per claim in the trace of its event.
   */
  grantAll(claims: readonly RewardClaim[]): Promise<GrantOutcome[]> {
    return inSpan('economy rewards', { 'aura.reward_claims': claims.length }, async (span) => {
      const startedAt = new Date();
      const amounts: (number | undefined)[] = [];
      const outcomes = await this.payAll(claims, amounts);
      span.setAttribute('aura.rewards_paid', outcomes.filter((outcome) => outcome === 'paid').length);
      claims.forEach((claim, index) => {
        if (!claim.trace) return;
        const amount = amounts[index];
        recordSpan(
          'economy reward',
          {
            ...claimAttributes(claim),
            'aura.reward_outcome': outcomes[index],
            ...(amount === undefined ? {} : { 'aura.amount_micro': amount }),
          },
          claim.trace,
          startedAt,
        );
      });
      return outcomes;
    });
  }

  /** Pays the claims; `amounts` gets what each is worth (not for those decided before that). */
  private async payAll(
    claims: readonly RewardClaim[],
    amounts: (number | undefined)[],
  ): Promise<GrantOutcome[]> {
    const outcomes = claims.map((claim): GrantOutcome | undefined =>
      claim.at.getTime() < this.ledger.createdAt.getTime() ? 'before_ledger' : undefined,
    );
    const ids = [...new Set(claims.filter((_, index) => !outcomes[index]).map((claim) => claim.userId))];
    if (ids.length === 0) return outcomes as GrantOutcome[];
    const members = new Map(await Promise.all(ids.map(async (id) => [id, await this.member(id)] as const)));
    const base = claims.some((claim) => claim.reason === 'post_created')
      ? (await this.settings.current()).postRewardMicro
      : undefined;
    const pending = claims.flatMap((claim, index) => {
      if (outcomes[index]) return [];
      if (claim.reason === 'post_created' && base === 0) {
        outcomes[index] = 'switched_off';
        return [];
      }
      const member = members.get(claim.userId) ?? null;
      const superAura = member?.isSuperAura === true;
      const amount = rewardAmount(
        claim.reason,
        superAura,
        claim.reason === 'post_created' ? base : undefined,
      );
      amounts[index] = amount;
      return [{ index, claim, key: keyOf(claim), amount, member, superAura }];
    });
    if (pending.length === 0) return outcomes as GrantOutcome[];
    const accounts = pending.map(({ claim }) => memberAccount(claim.userId));
    // `work` may run more than once: what it decides is kept only from the run that commits.
    const decided = await this.ledger.transaction(accounts, async (tx) => {
      const run = new Map<number, GrantOutcome>();
      const paid = await tx.transfersOf([...new Set(pending.map(({ key }) => key))]);
      const seen = new Set<string>();
      // A redelivered event finds its transfer before it could count against the day again.
      const unpaid = pending.filter(({ index, key }) => {
        const known = paid.has(key) || seen.has(key);
        seen.add(key);
        if (known) run.set(index, 'already_paid');
        return !known;
      });
      const limited = unpaid.filter(({ claim }) => REWARD_RULES[claim.reason].dailyLimit !== undefined);
      const slots = await this.slots.takeMany(
        tx.session,
        limited.map(({ claim }) => ({
          reason: claim.reason,
          user: claim.userId,
          day: utcDay(claim.at),
          limit: REWARD_RULES[claim.reason].dailyLimit!,
        })),
      );
      const full = new Set(limited.filter((_, at) => !slots[at]).map(({ index }) => index));
      const payable = unpaid.filter(({ index }) => !full.has(index));
      full.forEach((index) => run.set(index, 'daily_limit'));
      const results = await tx.postCredits(
        payable.map(({ claim, key, amount, member, superAura }) =>
          transferFor(claim, key, amount, member, superAura),
        ),
      );
      payable.forEach(({ index }, at) => run.set(index, results[at].replayed ? 'already_paid' : 'paid'));
      return run;
    });
    decided.forEach((outcome, index) => (outcomes[index] = outcome));
    return outcomes as GrantOutcome[];
  }

  private member(userId: string) {
    return this.members.find(userId).catch((error) => {
      this.logger.warn({ err: error, userId }, 'member lookup failed; reward without bonus');
      return null;
    });
  }
}

const claimAttributes = (claim: RewardClaim) => ({
  'aura.member_id': claim.userId,
  'aura.reward_reason': claim.reason,
  ...(claim.reason === 'post_created' ? { 'aura.post_id': claim.sourceId } : {}),
});

/** A reward is paid once per reason and source: its ledger key. */
const keyOf = (claim: RewardClaim) => `reward:${claim.reason}:${claim.sourceId}`;

function transferFor(
  claim: RewardClaim,
  key: string,
  amount: number,
  member: Member | null,
  superAura: boolean,
): TransferRequest {
  return {
    key,
    kind: 'reward',
    from: 'rewards',
    to: memberAccount(claim.userId),
    amount,
    meta: {
      reason: claim.reason,
      source: claim.sourceId,
      super_aura: superAura ? '1' : '',
      to_name: member?.username ?? '',
    },
  };
}
