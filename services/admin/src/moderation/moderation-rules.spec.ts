import { InvalidInput } from '@aura/platform';
import {
  actionOf,
  caseFilterOf,
  decodeCursor,
  encodeCursor,
  ModerationMessages,
  pageSizeOf,
  reasonsByCount,
  reportOf,
  targetTypeOf,
} from './moderation-rules';

const now = new Date('2026-11-28T12:00:00Z');

describe('moderation rules', () => {
  it('accepts the five kinds of target and nothing else', () => {
    for (const type of ['post', 'story', 'comment', 'message', 'member'])
      expect(targetTypeOf(type)).toBe(type);
    expect(targetTypeOf(' POST ')).toBe('post');
    expect(() => targetTypeOf('wallet')).toThrow(new InvalidInput(ModerationMessages.targetType));
    expect(() => targetTypeOf(undefined)).toThrow(InvalidInput);
  });

  it('takes a listed reason and at most 500 characters of details', () => {
    expect(reportOf({ reason: 'Spam', details: '  bots  ' })).toEqual({ reason: 'spam', details: 'bots' });
    expect(reportOf({ reason: 'other' })).toEqual({ reason: 'other', details: '' });
    expect(() => reportOf({ reason: 'boring' })).toThrow(new InvalidInput(ModerationMessages.reason));
    expect(() => reportOf({ reason: 'spam', details: 'x'.repeat(501) })).toThrow(
      new InvalidInput(ModerationMessages.details),
    );
    expect(reportOf({ reason: 'spam', details: '🙂'.repeat(500) }).details).toHaveLength(1000);
  });

  it('defaults the queue to open cases and checks each filter', () => {
    expect(caseFilterOf({})).toEqual({ status: 'open', targetType: null, reason: null });
    expect(caseFilterOf({ status: 'closed', targetType: 'comment', reason: 'hate' })).toEqual({
      status: 'closed',
      targetType: 'comment',
      reason: 'hate',
    });
    expect(() => caseFilterOf({ status: 'pending' })).toThrow(new InvalidInput(ModerationMessages.status));
  });

  it('needs a reason for every action, and 1 to 365 days for a suspension', () => {
    expect(actionOf({ action: 'warn', reason: ' rude ' }, 'post', now)).toEqual({
      action: 'warn',
      reason: 'rude',
      until: null,
    });
    expect(actionOf({ action: 'suspend', reason: 'spam', days: 7 }, 'member', now).until).toEqual(
      new Date('2026-12-05T12:00:00Z'),
    );
    expect(() => actionOf({ action: 'warn', reason: '  ' }, 'post', now)).toThrow(
      new InvalidInput(ModerationMessages.actionReason),
    );
    for (const days of [0, 366, 1.5, undefined])
      expect(() => actionOf({ action: 'suspend', reason: 'x', days }, 'post', now)).toThrow(
        new InvalidInput(ModerationMessages.days),
      );
    expect(() => actionOf({ action: 'delete', reason: 'x' }, 'post', now)).toThrow(
      new InvalidInput(ModerationMessages.action),
    );
  });

  it('removes content, never a member', () => {
    expect(actionOf({ action: 'remove', reason: 'x' }, 'message', now).action).toBe('remove');
    expect(() => actionOf({ action: 'remove', reason: 'x' }, 'member', now)).toThrow(
      new InvalidInput(ModerationMessages.removeMember),
    );
  });

  it('orders reasons by how often they were given', () => {
    expect(reasonsByCount({ other: 1, spam: 3, hate: 3, scam: 0 })).toEqual(['spam', 'hate', 'other']);
    expect(reasonsByCount(undefined)).toEqual([]);
  });

  it('round-trips a cursor and refuses a forged one', () => {
    const position = { at: now, id: 'c0ffee-1' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor('')).toBeNull();
    expect(() => decodeCursor(Buffer.from('{"$gt":1}').toString('base64url'))).toThrow(InvalidInput);
  });

  it('pages by 30 unless asked, at most 100', () => {
    expect(pageSizeOf(undefined)).toBe(30);
    expect(pageSizeOf(500)).toBe(100);
    expect(pageSizeOf(-1)).toBe(30);
  });
});
