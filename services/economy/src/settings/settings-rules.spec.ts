import { InvalidInput } from '@aura/platform';
import { dollars, settingsChangeOf, SettingsMessages } from './settings-rules';

describe('economy settings rules', () => {
  it('accepts a minimum withdrawal of $1 to $10,000 in whole cents', () => {
    expect(settingsChangeOf({ minWithdrawalUsdMicro: 25_000_000 })).toEqual({
      minWithdrawalUsdMicro: 25_000_000,
    });
    expect(settingsChangeOf({ minWithdrawalUsdMicro: 1_000_000 })).toEqual({
      minWithdrawalUsdMicro: 1_000_000,
    });
    for (const bad of [0, 999_999, 10_000_000_001, 10_005_000, Number.NaN])
      expect(() => settingsChangeOf({ minWithdrawalUsdMicro: bad })).toThrow(SettingsMessages.minWithdrawal);
  });

  it('accepts a post reward of 0 to 1 AC in steps of 0.001', () => {
    expect(settingsChangeOf({ postRewardMicro: 0 })).toEqual({ postRewardMicro: 0 });
    expect(settingsChangeOf({ postRewardMicro: 1_000 })).toEqual({ postRewardMicro: 1_000 });
    for (const bad of [-1_000, 1_001_000, 1_500])
      expect(() => settingsChangeOf({ postRewardMicro: bad })).toThrow(SettingsMessages.postReward);
  });

  it('needs at least one field', () => {
    expect(() => settingsChangeOf({})).toThrow(InvalidInput);
  });

  it('writes dollars for the minimum message', () => {
    expect(dollars(10_000_000)).toBe('$10');
    expect(dollars(12_500_000)).toBe('$12.50');
  });
});
