import { InvalidInput, RuleViolation } from '@aura/platform';
import { failure } from '../../test/failure';
import { checkAdjust, checkIdempotencyKey, checkSend, SendInput } from './send-rules';

const valid: SendInput = { recipientId: 'bob', amountMicro: 1_000, currency: 'AC', message: '' };

describe('send rules', () => {
  it('accepts 0.001 AC in AC (or no currency) with a message of 200 characters', () => {
    expect(failure(() => checkSend('alice', valid))).toBeUndefined();
    expect(failure(() => checkSend('alice', { ...valid, currency: '' }))).toBeUndefined();
    expect(failure(() => checkSend('alice', { ...valid, currency: 'ac' }))).toBeUndefined();
    expect(failure(() => checkSend('alice', { ...valid, message: '✨'.repeat(200) }))).toBeUndefined();
  });

  it.each([
    [{ recipientId: '' }, RuleViolation, 'Please select a recipient'],
    [{ recipientId: '  ' }, RuleViolation, 'Please select a recipient'],
    [{ amountMicro: 0 }, RuleViolation, 'Please enter a valid amount'],
    [{ amountMicro: -1_000 }, RuleViolation, 'Please enter a valid amount'],
    [{ amountMicro: 1.5 }, RuleViolation, 'Please enter a valid amount'],
    [{ amountMicro: 999 }, RuleViolation, 'The minimum amount is 0.001 AC'],
    [{ amountMicro: 2e15 }, RuleViolation, 'Please enter a valid amount'],
    [{ currency: 'USD' }, RuleViolation, 'USD is coming soon: only AC can be sent for now'],
    [{ currency: 'EUR' }, InvalidInput, 'currency must be AC'],
    [{ message: 'x'.repeat(201) }, RuleViolation, 'Message must be at most 200 characters'],
    [{ recipientId: 'alice' }, RuleViolation, 'You cannot send AuraCoins to yourself'],
  ])('refuses %p', (change, kind, message) => {
    expect(failure(() => checkSend('alice', { ...valid, ...change }))).toEqual({ kind: kind.name, message });
  });

  it('checks adjustments: a member, a non-zero amount, a reason of at most 500 characters', () => {
    const adjust = { userId: 'bob', amountMicro: -5, reason: 'correction' };
    expect(failure(() => checkAdjust(adjust))).toBeUndefined();
    expect(failure(() => checkAdjust({ ...adjust, amountMicro: 0 }))?.message).toBe(
      'Please enter a valid amount',
    );
    expect(failure(() => checkAdjust({ ...adjust, reason: ' ' }))?.message).toBe('Please enter a reason');
    expect(failure(() => checkAdjust({ ...adjust, reason: 'r'.repeat(501) }))?.message).toBe(
      'Reason must be at most 500 characters',
    );
  });

  it('bounds the idempotency key', () => {
    expect(failure(() => checkIdempotencyKey('k'.repeat(255)))).toBeUndefined();
    expect(failure(() => checkIdempotencyKey('k'.repeat(256)))?.kind).toBe('InvalidInput');
  });
});
