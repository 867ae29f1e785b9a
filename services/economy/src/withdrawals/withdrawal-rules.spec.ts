import { acForUsd, checkDecision, checkStatusFilter, checkWithdrawal, usdText } from './withdrawal-rules';
import { failure } from '../../test/failure';

const USD = 1_000_000;

describe('withdrawal rules', () => {
  it('accepts $10 or more in whole cents to a PayPal e-mail (trimmed)', () => {
    expect(checkWithdrawal({ amountUsdMicro: 10 * USD, paypalEmail: ' me@example.com ' })).toBe(
      'me@example.com',
    );
    expect(checkWithdrawal({ amountUsdMicro: 12_340_000, paypalEmail: 'a@b' })).toBe('a@b');
  });

  it.each([
    [0, 'me@example.com', 'Please enter a valid amount'],
    [-10 * USD, 'me@example.com', 'Please enter a valid amount'],
    [10_005_000, 'me@example.com', 'Please enter a valid amount'],
    [9_990_000, 'me@example.com', 'Minimum withdrawal amount is $10'],
    [5 * USD, '', 'Minimum withdrawal amount is $10'],
    [10 * USD, '', 'Please enter a valid PayPal email'],
    [10 * USD, 'me.example.com', 'Please enter a valid PayPal email'],
    [10 * USD, '@example.com', 'Please enter a valid PayPal email'],
    [10 * USD, 'me@', 'Please enter a valid PayPal email'],
    [10 * USD, 'me @example.com', 'Please enter a valid PayPal email'],
    [10 * USD, `${'x'.repeat(250)}@example.com`, 'Please enter a valid PayPal email'],
  ])('refuses %p to %p: %p', (amountUsdMicro, paypalEmail, message) => {
    expect(failure(() => checkWithdrawal({ amountUsdMicro, paypalEmail }))).toEqual({
      kind: 'RuleViolation',
      message,
    });
  });

  it('checks a decision and a status filter', () => {
    expect(checkDecision('approve', ' paid ')).toEqual({ action: 'approve', notes: 'paid' });
    expect(failure(() => checkDecision('accept', ''))).toEqual({
      kind: 'InvalidInput',
      message: 'action must be approve or reject',
    });
    expect(failure(() => checkDecision('reject', 'n'.repeat(501)))?.message).toBe(
      'Admin notes must be at most 500 characters',
    );
    expect(checkStatusFilter('')).toBeUndefined();
    expect(checkStatusFilter('pending')).toBe('pending');
    expect(failure(() => checkStatusFilter('done'))?.kind).toBe('InvalidInput');
  });

  it('holds the AC that covers the dollars, rounded up, in integers', () => {
    expect(acForUsd(10 * USD, 1_000_000)).toBe(10 * USD);
    expect(acForUsd(10 * USD, 1_001_000)).toBe(9_990_010); // 9.990009990… AC
    expect(acForUsd(25 * USD, 1_250_000)).toBe(20 * USD);
    expect(acForUsd(1_000_000_000 * USD, 1_050_000)).toBe(952_380_952_380_953);
  });

  it('writes dollars with cents', () => {
    expect(usdText(10 * USD)).toBe('$10.00');
    expect(usdText(12_340_000)).toBe('$12.34');
    expect(usdText(1_234_567_890_000)).toBe('$1234567.89');
  });
});
