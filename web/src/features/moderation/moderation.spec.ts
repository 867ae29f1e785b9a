import { ApiError } from '../../api/errors';
import { localDateTime, refusalDetail, restrictionNotice } from './moderation';

const response = (status: number, detail?: string) => new ApiError({ kind: 'response', status, detail });

describe('restrictions', () => {
  it('tells a suspended member until when (their own time zone), what they cannot do, and why', () => {
    const notice = restrictionNotice(
      { kind: 'suspended', reason: 'Spam links', until: '2026-03-04T15:30:00.000Z' },
      'en-US',
      'America/New_York',
    );
    expect(notice).toBe(
      "Your account is suspended until Mar 4, 2026, 10:30 AM. You can still read, but you can't post, " +
        'comment, message, send energy or withdraw. Reason: Spam links',
    );
  });

  it('tells a banned member so, and leaves out an empty reason', () => {
    expect(restrictionNotice({ kind: 'banned', reason: 'Scams', until: '' })).toBe(
      'Your account has been banned. Reason: Scams',
    );
    expect(restrictionNotice({ kind: 'suspended', reason: ' ', until: 'not a date' })).toBe(
      "Your account is suspended. You can still read, but you can't post, comment, message, send energy or withdraw.",
    );
    expect(localDateTime('nope')).toBe('');
  });

  it("shows a refused form's 403 detail (a suspension), and nothing for other failures", () => {
    const suspended = 'Your account is suspended until 2026-03-04 15:30 UTC. Reason: Spam links';
    expect(refusalDetail(response(403, suspended))).toBe(suspended);
    expect(refusalDetail(response(403))).toBeNull();
    expect(refusalDetail(response(500, 'Server error'))).toBeNull();
    expect(refusalDetail(new Error('offline'))).toBeNull();
  });
});
