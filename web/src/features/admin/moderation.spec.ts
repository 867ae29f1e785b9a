import type { ModerationAction, ModerationCase } from '../../api/types';
import {
  actionBody,
  actionConfirmation,
  actionDraftError,
  actionNotice,
  actionsFor,
  AUDIT_LABELS,
  auditQuery,
  auditSentence,
  caseListQuery,
  DEFAULT_CASE_FILTERS,
  imageOf,
  LIFT_LABELS,
  liftableOf,
  liftBody,
  liftConfirmation,
  liftedLine,
  liftNotice,
  ModerationTexts,
  reasonError,
  reportCount,
  targetContext,
  topReasons,
} from './moderation';

const person = (username: string) => ({ id: `${username}-id`, username, display_name: username });

function makeCase(overrides: Partial<ModerationCase> = {}, target: Partial<ModerationCase['target']> = {}) {
  return {
    id: 'c1',
    status: 'open',
    target: {
      type: 'post',
      id: 'p1',
      member_id: 'luna-id',
      text: 'Buy followers now',
      media_url: '',
      context_id: '',
      created_at: '2026-03-01T10:00:00.000Z',
      ...target,
    },
    member: person('luna'),
    report_count: 2,
    reasons: ['spam', 'scam', 'other', 'hate'],
    first_reported_at: '2026-03-01T11:00:00.000Z',
    last_reported_at: '2026-03-01T12:00:00.000Z',
    resolution: '',
    lifted_at: null,
    ...overrides,
  } satisfies ModerationCase;
}

describe('the queue (issue 21 §3)', () => {
  it('asks for open cases by default, with the filters chosen and the cursor', () => {
    expect(caseListQuery(DEFAULT_CASE_FILTERS)).toEqual({ status: 'open', limit: 30 });
    expect(caseListQuery({ status: 'closed', targetType: 'comment', reason: 'hate' }, 'n2')).toEqual({
      status: 'closed',
      target_type: 'comment',
      reason: 'hate',
      limit: 30,
      cursor: 'n2',
    });
    expect(auditQuery()).toEqual({ limit: 30 });
    expect(auditQuery('m1', 'n3')).toEqual({ member_id: 'm1', limit: 30, cursor: 'n3' });
  });

  it('reads a case in brief: its top reasons, how many reports, where it sits', () => {
    const item = makeCase();
    expect(topReasons(item)).toEqual(['Spam', 'Scam or fraud', 'Something else']);
    expect(reportCount(1)).toBe('1 report');
    expect(reportCount(4)).toBe('4 reports');
    expect(targetContext(makeCase({}, { type: 'comment', context_id: 'p9' }).target)).toBe(
      'A comment on post p9',
    );
    expect(targetContext(makeCase({}, { type: 'message', context_id: 'a:b' }).target)).toBe(
      'A private message',
    );
    expect(targetContext(item.target)).toBe('A post');
  });

  it("shows an image, but never a message's private attachment or a video", () => {
    expect(imageOf(makeCase({}, { media_url: '/media/posts/a.jpg' }).target)).toBe('/media/posts/a.jpg');
    expect(imageOf(makeCase({}, { media_url: '/media/posts/a.mp4' }).target)).toBeNull();
    expect(imageOf(makeCase({}, { type: 'message', media_url: '/media/m/a.png' }).target)).toBeNull();
    expect(imageOf(makeCase().target)).toBeNull();
  });
});

describe('actions', () => {
  it('offers every action on open content, no Remove for a member, nothing once closed', () => {
    expect(actionsFor(makeCase())).toEqual(['dismiss', 'warn', 'remove', 'suspend', 'ban']);
    expect(actionsFor(makeCase({}, { type: 'member' }))).toEqual(['dismiss', 'warn', 'suspend', 'ban']);
    expect(actionsFor(makeCase({ status: 'closed', resolution: 'remove' }))).toEqual([]);
  });

  it('asks for a reason, and 1 to 365 whole days for a suspension, in the server words', () => {
    expect(actionDraftError({ action: 'remove', reason: '  ', days: '' })).toBe(
      ModerationTexts.reasonRequired,
    );
    expect(actionDraftError({ action: 'warn', reason: 'x'.repeat(501), days: '' })).toBe(
      ModerationTexts.reasonTooLong,
    );
    expect(ModerationTexts.reasonTooLong).toBe('The reason can be at most 500 characters');
    expect(actionDraftError({ action: 'remove', reason: 'Spam', days: '' })).toBeNull();
    for (const days of ['0', '366', '2.5', '', 'seven'])
      expect(actionDraftError({ action: 'suspend', reason: 'Spam', days })).toBe(ModerationTexts.daysRange);
    expect(actionDraftError({ action: 'suspend', reason: 'Spam', days: ' 365 ' })).toBeNull();
    expect(ModerationTexts.daysRange).toBe('A suspension lasts 1 to 365 days');
  });

  it('sends the reason trimmed, and days only for a suspension', () => {
    expect(actionBody({ action: 'suspend', reason: ' Spam ', days: '7' })).toEqual({
      action: 'suspend',
      reason: 'Spam',
      days: 7,
    });
    expect(actionBody({ action: 'ban', reason: 'Scams', days: '7' })).toEqual({
      action: 'ban',
      reason: 'Scams',
    });
  });

  it('says what each action does before it is taken', () => {
    const item = makeCase({}, { type: 'comment' });
    expect(actionConfirmation('remove', item)).toMatchObject({
      title: 'Remove the comment',
      confirm: 'Remove comment',
    });
    expect(actionConfirmation('remove', item).text).toContain("@luna's comment");
    expect(actionConfirmation('ban', item)).toMatchObject({ title: 'Ban @luna', confirm: 'Ban @luna' });
    expect(actionConfirmation('suspend', item).text).toContain('can still read');
    expect(actionConfirmation('warn', makeCase({}, { type: 'member' })).text).toContain(
      'about their profile',
    );
    expect(actionConfirmation('dismiss', item).confirm).toBe('Dismiss');
  });

  it('tells the moderator what was done', () => {
    const item = makeCase();
    expect(actionNotice({ action: 'remove', days: '' }, item)).toBe("@luna's post was removed");
    expect(actionNotice({ action: 'suspend', days: '1' }, item)).toBe('@luna is suspended for 1 day');
    expect(actionNotice({ action: 'suspend', days: '30' }, item)).toBe('@luna is suspended for 30 days');
    expect(actionNotice({ action: 'ban', days: '' }, item)).toBe('@luna is banned');
  });
});

describe('the audit log', () => {
  const entry = (action: ModerationAction['action'], target_type: ModerationAction['target_type'] = 'post') =>
    ({ action, target_type, admin: person('ada'), member: person('luna') }) as const;

  it('reads who did what to whom', () => {
    expect(auditSentence(entry('remove', 'comment'))).toBe("@ada removed @luna's comment");
    expect(auditSentence(entry('dismiss', 'member'))).toBe(
      "@ada dismissed the reports about @luna's profile",
    );
    expect(auditSentence(entry('warn'))).toBe('@ada warned @luna');
    expect(auditSentence(entry('suspend'))).toBe('@ada suspended @luna');
    expect(auditSentence(entry('ban'))).toBe('@ada banned @luna');
    expect(auditSentence(entry('lift'))).toBe("@ada lifted @luna's restriction");
  });

  it('labels each action, a lift as "Lifted"', () => {
    expect(AUDIT_LABELS).toEqual({
      dismiss: 'Dismissed',
      warn: 'Warned',
      remove: 'Removed',
      suspend: 'Suspended',
      ban: 'Banned',
      lift: 'Lifted',
    });
  });
});

describe('lifting a suspension or ban early', () => {
  const closed = (resolution: ModerationCase['resolution'], lifted_at: string | null = null) =>
    makeCase({ status: 'closed', resolution, lifted_at });

  it('is offered by a closed case that suspended or banned, until it is lifted', () => {
    expect(liftableOf(closed('suspend'))).toBe('suspend');
    expect(liftableOf(closed('ban'))).toBe('ban');
    for (const resolution of ['dismiss', 'warn', 'remove'] as const)
      expect(liftableOf(closed(resolution))).toBeNull();
    expect(liftableOf(closed('suspend', '2026-11-28T10:00:00.000Z'))).toBeNull();
    expect(liftableOf(closed('ban', '2026-11-28T10:00:00.000Z'))).toBeNull();
    expect(liftableOf(makeCase())).toBeNull();
    // A closed case offers no action, only the lift.
    expect(actionsFor(closed('suspend'))).toEqual([]);
    expect(LIFT_LABELS).toEqual({ suspend: 'Lift suspension', ban: 'Lift ban' });
  });

  it('says what a lift does, asks a reason in the server words and sends it trimmed', () => {
    const item = makeCase();
    expect(liftConfirmation('suspend', item)).toMatchObject({
      title: 'Lift the suspension',
      confirm: 'Lift suspension',
    });
    expect(liftConfirmation('suspend', item).text).toMatch(/^End @luna's suspension now\? They can post/);
    expect(liftConfirmation('ban', item)).toMatchObject({ title: 'Lift the ban', confirm: 'Lift ban' });
    expect(liftConfirmation('ban', item).text).toMatch(/^End @luna's ban now\? They can sign in again/);
    expect(reasonError('   ')).toBe('Please give a reason');
    expect(reasonError('x'.repeat(501))).toBe('The reason can be at most 500 characters');
    expect(reasonError(`  ${'x'.repeat(500)}  `)).toBeNull();
    // Characters, not UTF-16 units: 500 emoji are within the limit.
    expect(reasonError('🙂'.repeat(500))).toBeNull();
    expect(liftBody('  Appeal accepted ')).toEqual({ reason: 'Appeal accepted' });
    expect(liftNotice('suspend', item)).toBe("@luna's suspension was lifted");
    expect(liftNotice('ban', item)).toBe("@luna's ban was lifted");
  });

  it('tells when the suspension or ban was lifted', () => {
    const at = '2026-11-28T22:30:00.000Z';
    expect(liftedLine(closed('suspend', at), 'UTC')).toBe('Suspension lifted on 28 Nov 2026');
    expect(liftedLine(closed('ban', at), 'UTC')).toBe('Ban lifted on 28 Nov 2026');
    // The admin's own day.
    expect(liftedLine(closed('ban', at), 'Asia/Tokyo')).toBe('Ban lifted on 29 Nov 2026');
    expect(liftedLine(closed('suspend'))).toBeNull();
    expect(liftedLine(closed('suspend', 'not a date'))).toBeNull();
    expect(liftedLine(closed('warn', at))).toBeNull();
  });
});
