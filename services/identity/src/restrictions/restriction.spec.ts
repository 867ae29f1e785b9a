import { activeRestriction } from './restriction';

const now = new Date('2026-11-28T12:00:00Z');
const stored = (kind: 'suspended' | 'banned', until: string | null) => ({
  kind,
  reason: 'spam',
  until: until ? new Date(until) : null,
  action_id: 'a1',
  taken_at: new Date('2026-11-27T00:00:00Z'),
});

describe('activeRestriction', () => {
  it('is none without one', () => {
    expect(activeRestriction(null, now)).toBeNull();
    expect(activeRestriction(undefined, now)).toBeNull();
  });

  it('holds a suspension until its end, not a moment longer', () => {
    expect(activeRestriction(stored('suspended', '2026-11-28T12:00:01Z'), now)).toEqual({
      kind: 'suspended',
      reason: 'spam',
      until: new Date('2026-11-28T12:00:01Z'),
    });
    expect(activeRestriction(stored('suspended', '2026-11-28T12:00:00Z'), now)).toBeNull();
    expect(activeRestriction(stored('suspended', null), now)).toBeNull();
  });

  it('holds a ban for good', () => {
    expect(activeRestriction(stored('banned', null), now)).toEqual({
      kind: 'banned',
      reason: 'spam',
      until: null,
    });
  });
});
