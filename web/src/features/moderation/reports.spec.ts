import { ApiError } from '../../api/errors';
import { reportBody, reportFailure, reportTargetOf } from './reports';

const response = (status: number, detail?: string) => new ApiError({ kind: 'response', status, detail });

describe('the Report dialog', () => {
  it('reads its target from the dialog props, or nothing when they name none', () => {
    expect(reportTargetOf({ targetType: 'comment', targetId: 'c1', about: "Luna's comment" })).toEqual({
      targetType: 'comment',
      targetId: 'c1',
      about: "Luna's comment",
    });
    expect(reportTargetOf({ targetType: 'member', targetId: 'u1' })).toEqual({
      targetType: 'member',
      targetId: 'u1',
      about: undefined,
    });
    expect(reportTargetOf(undefined)).toBeNull();
    expect(reportTargetOf({ targetType: 'song', targetId: 'x' })).toBeNull();
    expect(reportTargetOf({ targetType: 'post', targetId: '' })).toBeNull();
  });

  it('sends the details trimmed, and none when blank', () => {
    const target = { targetType: 'post' as const, targetId: 'p1' };
    expect(reportBody(target, 'scam', '  a fake giveaway ')).toEqual({
      target_type: 'post',
      target_id: 'p1',
      reason: 'scam',
      details: 'a fake giveaway',
    });
    expect(reportBody(target, 'spam', '   ')).toEqual({
      target_type: 'post',
      target_id: 'p1',
      reason: 'spam',
    });
  });

  it('reads "already reported" as information and other refusals in the server words', () => {
    expect(reportFailure(response(409, 'You have already reported this'))).toEqual({
      tone: 'info',
      text: 'You have already reported this',
    });
    expect(reportFailure(response(400, 'You cannot report yourself'))).toEqual({
      tone: 'error',
      text: 'You cannot report yourself',
    });
    expect(reportFailure(response(404, 'Post not found'))).toEqual({ tone: 'error', text: 'Post not found' });
    expect(reportFailure(response(503)).tone).toBe('error');
    expect(reportFailure(new Error('boom'))).toEqual({
      tone: 'error',
      text: 'The report could not be sent. Please try again.',
    });
  });
});
