import { ApiError } from './errors';
import { moneyFailureMessage } from './money';

describe('money failures', () => {
  it("shows the server's detail, else the action's message", () => {
    const refused = ApiError.fromResponse(400, { detail: 'Insufficient balance' });
    expect(moneyFailureMessage(refused, 'Failed to send tip')).toBe('Insufficient balance');
    expect(moneyFailureMessage(new ApiError({ kind: 'transport' }), 'Failed to send tip')).toBe(
      'Failed to send tip',
    );
    expect(moneyFailureMessage(new Error('x'), 'Failed to transfer AuraCoins')).toBe(
      'Failed to transfer AuraCoins',
    );
  });
});
