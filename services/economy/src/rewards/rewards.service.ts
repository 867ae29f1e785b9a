import { inSpan } from '@aura/platform';
import type { Logger } from 'pino';
import { memberAccount } from '../ledger/accounts';
import type { Ledger } from '../ledger/ledger';
import { IdempotencyConflict } from '../ledger/ledger.types';
import type { MembersRepository } from '../members/members.repository';
import type { RewardSlots } from './reward-slots';
import { REWARD_RULES, RewardClaim, rewardAmount, utcDay } from './reward-rules';

export type GrantOutcome = 'paid' | 'already_paid' | 'daily_limit' | 'before_ledger' | 'switched_off';

/** The super admin's post reward (src/settings); absent: the rule's amount. */
export type PostRewardSource = () => Promise<number>;

/**
 * Pays rewards from the rewards account. The extension point for every reward: a consumer maps its
 * event to a RewardClaim and calls grant() — the wellness issue adds check_in and reflection this way.
 * Each claim is paid at most once (its ledger key is reason + source), counted against the daily
 * limit of its UTC day, ×1.5 when the member is SuperAura.
 */
export class RewardsService {
  constructor(
    private readonly ledger: Ledger,
    private readonly members: MembersRepository,
    private readonly slots: RewardSlots,
    private readonly logger: Logger,
    private readonly postReward?: PostRewardSource,
  ) {}

  /** One span per claim (under the consumer span of the event): member, post, amount and outcome. */
  grant(claim: RewardClaim): Promise<GrantOutcome> {
    const attributes = {
      'aura.member_id': claim.userId,
      'aura.reward_reason': claim.reason,
      ...(claim.reason === 'post_created' ? { 'aura.post_id': claim.sourceId } : {}),
    };
    return inSpan('economy reward', attributes, async (span) => {
      const outcome = await this.pay(claim, (amount) => span.setAttribute('aura.amount_micro', amount));
      span.setAttribute('aura.reward_outcome', outcome);
      return outcome;
    });
  }

  private async pay(claim: RewardClaim, amountIs: (amount: number) => void): Promise<GrantOutcome> {
    // An action from before this ledger existed earned nothing: there was no economy then. (A new
    // economy database does not pay out the whole history of the topics it starts reading.)
    if (claim.at.getTime() < this.ledger.createdAt.getTime()) return 'before_ledger';
    const key = `reward:${claim.reason}:${claim.sourceId}`;
    const rule = REWARD_RULES[claim.reason];
    const member = await this.members.find(claim.userId).catch((error) => {
      this.logger.warn({ err: error, userId: claim.userId }, 'member lookup failed; reward without bonus');
      return null;
    });
    const superAura = member?.isSuperAura === true;
    const base = claim.reason === 'post_created' && this.postReward ? await this.postReward() : undefined;
    if (base === 0) return 'switched_off';
    const amount = rewardAmount(claim.reason, superAura, base);
    amountIs(amount);
    const account = memberAccount(claim.userId);
    try {
      return await this.ledger.transaction([account], async (tx): Promise<GrantOutcome> => {
        // A redelivered event finds its transfer before it could count against the day again.
        if (await tx.transferOf(key)) return 'already_paid';
        if (
          rule.dailyLimit !== undefined &&
          !(await this.slots.take(tx.session, claim.reason, claim.userId, utcDay(claim.at), rule.dailyLimit))
        )
          return 'daily_limit';
        const result = await tx.post({
          key,
          kind: 'reward',
          from: 'rewards',
          to: account,
          amount,
          meta: {
            reason: claim.reason,
            source: claim.sourceId,
            super_aura: superAura ? '1' : '',
            to_name: member?.username ?? '',
          },
        });
        return result.replayed ? 'already_paid' : 'paid';
      });
    } catch (error) {
      // Paid before at another amount (the member's SuperAura status changed in between): paid once.
      if (error instanceof IdempotencyConflict) return 'already_paid';
      throw error;
    }
  }
}
