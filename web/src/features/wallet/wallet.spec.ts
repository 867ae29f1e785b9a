import {
  balanceMicro,
  canSendTip,
  canWithdraw,
  formatSignedAC,
  newIdempotencyKey,
  parseAcMicro,
  parseDecimal,
  tipError,
  tipSuccessMessage,
  transferError,
  WalletTexts,
  withdrawalError,
} from './wallet';

describe('amounts', () => {
  it('reads decimal text exactly, refusing more decimals than allowed', () => {
    expect(parseDecimal('1.5', 3)).toBe(1500);
    expect(parseDecimal('.25', 2)).toBe(25);
    expect(parseDecimal('10', 2)).toBe(1000);
    expect(parseDecimal('0.0001', 3)).toBeNull();
    expect(parseDecimal('-1', 3)).toBeNull();
    expect(parseDecimal('abc', 3)).toBeNull();
    expect(parseDecimal('', 3)).toBeNull();
    expect(parseDecimal('1e3', 3)).toBeNull();
  });

  it('turns AC into micro-AC without float drift', () => {
    expect(parseAcMicro('0.001')).toBe(1000);
    expect(parseAcMicro('0.3')).toBe(300_000);
    expect(parseAcMicro('12.345')).toBe(12_345_000);
  });

  it('takes the exact balance when the server gives it', () => {
    expect(balanceMicro({ aura_coin_balance: 1.234, aura_coin_balance_micro: 1_234_567 })).toBe(1_234_567);
    expect(balanceMicro({ aura_coin_balance: 1.234 })).toBe(1_234_000);
  });

  it('shows signed history amounts with 3 decimals', () => {
    expect(formatSignedAC(1.5)).toBe('+1.500 AC');
    expect(formatSignedAC(-0.25)).toBe('-0.250 AC');
    expect(formatSignedAC(0)).toBe('0.000 AC');
  });
});

describe('Send AuraCoins (spec 001 §5)', () => {
  const balance = 5_000_000; // 5 AC
  const form = { recipientId: 'u1', amount: '1.5', message: '' };

  it('needs a recipient first', () => {
    expect(transferError({ ...form, recipientId: null }, balance)).toBe('Please select a recipient');
  });

  it('needs an amount above 0', () => {
    for (const amount of ['', '0', '0.000', 'abc', '-1'])
      expect(transferError({ ...form, amount }, balance)).toBe('Please enter a valid amount');
  });

  it('keeps the step and minimum of 0.001', () => {
    expect(transferError({ ...form, amount: '0.0005' }, balance)).toBe(WalletTexts.minimumAmount);
    expect(transferError({ ...form, amount: '0.001' }, balance)).toBeNull();
  });

  it('refuses more than the balance, allows all of it', () => {
    expect(transferError({ ...form, amount: '5.001' }, balance)).toBe('Insufficient balance');
    expect(transferError({ ...form, amount: '5' }, balance)).toBeNull();
  });

  it('allows a message of up to 200 characters', () => {
    expect(transferError({ ...form, message: 'x'.repeat(200) }, balance)).toBeNull();
    expect(transferError({ ...form, message: 'x'.repeat(201) }, balance)).toBe(WalletTexts.messageTooLong);
  });
});

describe('Send Energy (spec 000 §5)', () => {
  it('blocks sending when the amount is empty or not above 0', () => {
    expect(canSendTip('')).toBe(false);
    expect(canSendTip('0')).toBe(false);
    expect(canSendTip('-2')).toBe(false);
    expect(canSendTip('0.001')).toBe(true);
  });

  it('keeps the minimum 0.001 and a message of up to 200', () => {
    expect(tipError({ amount: '0.0001', message: '' })).toBe(WalletTexts.minimumAmount);
    expect(tipError({ amount: '1.25', message: 'x'.repeat(200) })).toBeNull();
    expect(tipError({ amount: '1.25', message: 'x'.repeat(201) })).toBe(WalletTexts.messageTooLong);
  });

  it('names the amount, currency and recipient on success', () => {
    expect(tipSuccessMessage({ amount: 1.5, currency: 'AC', recipient: { username: 'luna' } })).toBe(
      'Sent 1.500 AC to @luna',
    );
  });
});

describe('Withdraw (spec 001 §2, §5)', () => {
  const ok = { amount: '10', paypalEmail: 'me@example.com', password: 'correct horse battery' };

  it('shows the form only at a balance worth $10', () => {
    expect(canWithdraw(undefined)).toBe(false);
    expect(canWithdraw(9.999)).toBe(false);
    expect(canWithdraw(10)).toBe(true);
  });

  it('needs at least $10', () => {
    expect(withdrawalError({ ...ok, amount: '9.99' }, 50)).toBe('Minimum withdrawal amount is $10');
    expect(withdrawalError({ ...ok, amount: '' }, 50)).toBe('Minimum withdrawal amount is $10');
    expect(withdrawalError(ok, 50)).toBeNull();
  });

  it('refuses more than the balance is worth', () => {
    expect(withdrawalError({ ...ok, amount: '50.01' }, 50)).toBe('Insufficient balance');
    expect(withdrawalError({ ...ok, amount: '50' }, 50)).toBeNull();
  });

  it('needs a PayPal email with an @', () => {
    expect(withdrawalError({ ...ok, paypalEmail: ' ' }, 50)).toBe('Please enter a valid PayPal email');
    expect(withdrawalError({ ...ok, paypalEmail: 'me.example.com' }, 50)).toBe(
      'Please enter a valid PayPal email',
    );
  });

  it('takes whole cents only', () => {
    expect(withdrawalError({ ...ok, amount: '10.001' }, 50)).toBe('Please enter a valid amount');
  });

  it('asks for the password last, after the spec’s rules', () => {
    expect(withdrawalError({ ...ok, password: '' }, 50)).toBe(
      'Please enter your password to confirm the withdrawal',
    );
    expect(withdrawalError({ ...ok, password: '', paypalEmail: '' }, 50)).toBe(
      'Please enter a valid PayPal email',
    );
  });
});

describe('failures and attempts', () => {
  it('makes a new idempotency key for every attempt', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
