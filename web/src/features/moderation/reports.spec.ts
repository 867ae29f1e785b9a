import { ApiError } from '../../api/errors';
import { reasonLabel, REPORT_REASONS, reportBody, reportFailure, reportTargetOf } from './reports';

const response = (status: number, detail?: string) => new ApiError({ kind: 'response', status, detail });

describe('report reasons (issue 21 §3)', () => {
  it('lists every reason the server takes, with the words a member reads', () => {
    expect(REPORT_REASONS.map((reason) => reason.label)).toEqual([
      'Spam',
      'Harassment or bullying',
      'Hate speech',
      'Violence or threats',
      'Self-harm',
      'Nudity or sexual content',
      'Scam or fraud',
      'False information',
      'Something else',
    ]);
    expect(REPORT_REASONS.map((reason) => reason.id)).toEqual([
      'spam',
      'harassment',
      'hate',
      'violence',
      'self_harm',
      'nudity',
      'scam',
      'misinformation',
      'other',
    ]);
  });

  it('names a reason, or shows an unknown one as given', () => {
    expect(reasonLabel('self_harm')).toBe('Self-harm');
    expect(reasonLabel('new_reason')).toBe('new_reason');
  });
});

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
