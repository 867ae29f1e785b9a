import { InvalidInput, RuleViolation } from '@aura/platform';
import { MICRO_PER_AC } from '../money/micro';

// The Settings tab's two economy fields (spec 001 §2, §6; issue 9 makes them real): the minimum
// withdrawal and the post reward. Defaults are the product's values: $10 (spec 001 §9) and
// +0.01 AC per post (PRODUCT-DECISIONS.md "Money").

export interface EconomySettingsValues {
  minWithdrawalUsdMicro: number;
  postRewardMicro: number;
}

export const DEFAULT_SETTINGS: EconomySettingsValues = {
  minWithdrawalUsdMicro: 10 * MICRO_PER_AC,
  postRewardMicro: 10_000,
};

const CENT_MICRO_USD = 10_000;
const THOUSANDTH_MICRO_AC = 1_000;
export const MIN_WITHDRAWAL_RANGE = { min: 1 * MICRO_PER_AC, max: 10_000 * MICRO_PER_AC };
export const POST_REWARD_RANGE = { min: 0, max: 1 * MICRO_PER_AC };

export const SettingsMessages = {
  minWithdrawal: 'Minimum withdrawal must be between $1 and $10,000 (whole cents)',
  postReward: 'Post reward must be between 0 and 1 AuraCoin, in steps of 0.001',
  nothing: 'Nothing to update: give min_withdrawal_usd or post_reward_ac',
} as const;

/** The fields of an update that are present, checked. */
export function settingsChangeOf(input: {
  minWithdrawalUsdMicro?: number;
  postRewardMicro?: number;
}): Partial<EconomySettingsValues> {
  const change: Partial<EconomySettingsValues> = {};
  if (input.minWithdrawalUsdMicro !== undefined) {
    const value = Number(input.minWithdrawalUsdMicro);
    if (
      !Number.isSafeInteger(value) ||
      value < MIN_WITHDRAWAL_RANGE.min ||
      value > MIN_WITHDRAWAL_RANGE.max ||
      value % CENT_MICRO_USD !== 0
    )
      throw new RuleViolation(SettingsMessages.minWithdrawal);
    change.minWithdrawalUsdMicro = value;
  }
  if (input.postRewardMicro !== undefined) {
    const value = Number(input.postRewardMicro);
    // Steps of 0.001 AC keep the SuperAura ×1.5 exact in micro-AC.
    if (
      !Number.isSafeInteger(value) ||
      value < POST_REWARD_RANGE.min ||
      value > POST_REWARD_RANGE.max ||
      value % THOUSANDTH_MICRO_AC !== 0
    )
      throw new RuleViolation(SettingsMessages.postReward);
    change.postRewardMicro = value;
  }
  if (Object.keys(change).length === 0) throw new InvalidInput(SettingsMessages.nothing);
  return change;
}

/** "$10", "$12.50": the minimum in the member's message. */
export function dollars(usdMicro: number): string {
  const cents = Math.round(usdMicro / CENT_MICRO_USD);
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}
