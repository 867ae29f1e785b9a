import { describe as describeEntry, transactionType } from './describe';

const entry = (kind: string, side: 'debit' | 'credit', extra = {}) =>
  ({ kind, side, reason: '', counterparty_name: 'luna', memo: '', ...extra }) as Parameters<
    typeof describeEntry
  >[0];

describe('transaction descriptions', () => {
  it('names the other member of tips and transfers from the reader’s side', () => {
    expect(describeEntry(entry('tip', 'debit'))).toBe('Energy sent to @luna');
    expect(describeEntry(entry('tip', 'credit'))).toBe('Energy received from @luna');
    expect(describeEntry(entry('transfer', 'debit'))).toBe('AuraCoins sent to @luna');
    expect(describeEntry(entry('transfer', 'credit', { counterparty_name: '' }))).toBe(
      'AuraCoins received from a member',
    );
  });

  it('says what a reward was for and why an adjustment was made', () => {
    expect(describeEntry(entry('reward', 'credit', { reason: 'comment_written' }))).toBe(
      'Reward for commenting on a post',
    );
    expect(describeEntry(entry('adjustment', 'credit', { memo: 'goodwill' }))).toBe(
      'Credit from the Aura team: goodwill',
    );
    expect(describeEntry(entry('adjustment', 'debit', { memo: 'double payout' }))).toBe(
      'Correction by the Aura team: double payout',
    );
  });

  it('says a card top-up bought AuraCoins, and which package for how much', () => {
    const topUp = entry('topup', 'credit', { memo: 'Plus: 55 AuraCoins for $49.99', counterparty_name: '' });
    expect(describeEntry(topUp)).toBe('AuraCoins bought with a card: Plus: 55 AuraCoins for $49.99');
    expect(transactionType(topUp)).toBe('other');
  });

  it('says where a withdrawal stands on its hold, and why the held AC came back', () => {
    const hold = entry('withdrawal_hold', 'debit', { memo: '$25.00 to PayPal (me@example.com)' });
    expect(describeEntry(hold)).toBe(
      'Withdrawal requested: $25.00 to PayPal (me@example.com) (AuraCoins held until it is processed)',
    );
    expect(describeEntry(hold, 'approved')).toBe('Withdrawal paid out: $25.00 to PayPal (me@example.com)');
    expect(describeEntry(hold, 'rejected')).toBe('Withdrawal rejected: $25.00 to PayPal (me@example.com)');
    expect(describeEntry(entry('withdrawal_release', 'credit', { memo: 'email not verified' }))).toBe(
      'Withdrawal rejected: AuraCoins returned to your wallet (email not verified)',
    );
    expect(describeEntry(entry('withdrawal_release', 'credit'))).toBe(
      'Withdrawal rejected: AuraCoins returned to your wallet',
    );
    expect(transactionType(hold)).toBe('other');
  });

  it('types rewards and tips received as earnings, tips sent and transfers as transfers', () => {
    expect(transactionType(entry('reward', 'credit'))).toBe('earning');
    expect(transactionType(entry('tip', 'credit'))).toBe('earning');
    expect(transactionType(entry('tip', 'debit'))).toBe('transfer');
    expect(transactionType(entry('transfer', 'credit'))).toBe('transfer');
    expect(transactionType(entry('adjustment', 'debit'))).toBe('other');
  });
});
