import { afterCredit, afterDebit, bucketsValid } from './withdrawable';

describe('withdrawable AuraCoins', () => {
  it('spends bought AC before earned AC', () => {
    expect(afterDebit('tip', { balance: 10, withdrawable: 4 }, 5)).toEqual({
      balance: 5,
      withdrawable: 4,
      withdrawableMoved: 0,
    });
    expect(afterDebit('tip', { balance: 10, withdrawable: 4 }, 8)).toEqual({
      balance: 2,
      withdrawable: 2,
      withdrawableMoved: 2,
    });
  });

  it('withdraws earned AC only, and refuses a short balance first', () => {
    expect(afterDebit('withdrawal_hold', { balance: 10, withdrawable: 4 }, 5)).toBe('not_withdrawable');
    expect(afterDebit('withdrawal_hold', { balance: 10, withdrawable: 4 }, 11)).toBe('insufficient');
    expect(afterDebit('withdrawal_hold', { balance: 10, withdrawable: 4 }, 3)).toEqual({
      balance: 7,
      withdrawable: 1,
      withdrawableMoved: 3,
    });
  });

  it('lets only a reversed top-up take a balance below zero', () => {
    expect(afterDebit('marketplace_purchase', { balance: 3, withdrawable: 3 }, 4)).toBe('insufficient');
    expect(afterDebit('topup_reversal', { balance: 3, withdrawable: 3 }, 10)).toEqual({
      balance: -7,
      withdrawable: 0,
      withdrawableMoved: 3,
    });
  });

  it('credits earnings as withdrawable, bought and credited AC not, tips as far as they were', () => {
    const empty = { balance: 0, withdrawable: 0 };
    expect(afterCredit('reward', empty, 5, 0)).toEqual({ balance: 5, withdrawable: 5 });
    expect(afterCredit('genie_earning', empty, 5, 0)).toEqual({ balance: 5, withdrawable: 5 });
    expect(afterCredit('withdrawal_release', empty, 5, 5)).toEqual({ balance: 5, withdrawable: 5 });
    expect(afterCredit('topup', empty, 5, 0)).toEqual({ balance: 5, withdrawable: 0 });
    expect(afterCredit('adjustment', empty, 5, 0)).toEqual({ balance: 5, withdrawable: 0 });
    expect(afterCredit('tip', empty, 5, 2)).toEqual({ balance: 5, withdrawable: 2 });
  });

  it('pays a debt back before anything is withdrawable', () => {
    expect(afterCredit('reward', { balance: -7, withdrawable: 0 }, 5, 0)).toEqual({
      balance: -2,
      withdrawable: 0,
    });
    expect(afterCredit('reward', { balance: -2, withdrawable: 0 }, 5, 0)).toEqual({
      balance: 3,
      withdrawable: 3,
    });
  });

  it('keeps 0 ≤ withdrawable ≤ max(0, balance)', () => {
    expect(bucketsValid({ balance: 5, withdrawable: 5 })).toBe(true);
    expect(bucketsValid({ balance: -5, withdrawable: 0 })).toBe(true);
    expect(bucketsValid({ balance: 5, withdrawable: 6 })).toBe(false);
    expect(bucketsValid({ balance: -5, withdrawable: 1 })).toBe(false);
  });
});
