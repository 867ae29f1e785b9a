import { StoredVisits } from './stored-visits';

describe('StoredVisits', () => {
  it('knows the visits of the newest day it saw stored, and no other', () => {
    const stored = new StoredVisits();
    stored.add('2026-12-02', 'a:b:2026-12-02');
    expect(stored.has('2026-12-02', 'a:b:2026-12-02')).toBe(true);
    expect(stored.has('2026-12-02', 'a:c:2026-12-02')).toBe(false);
    // A late view of the day before (a request begun before midnight) changes nothing.
    stored.add('2026-12-01', 'a:c:2026-12-01');
    expect(stored.has('2026-12-01', 'a:c:2026-12-01')).toBe(false);
    expect(stored.has('2026-12-02', 'a:b:2026-12-02')).toBe(true);
    // The next day drops the day before.
    stored.add('2026-12-03', 'a:b:2026-12-03');
    expect(stored.has('2026-12-02', 'a:b:2026-12-02')).toBe(false);
    expect(stored.has('2026-12-03', 'a:b:2026-12-03')).toBe(true);
  });

  it('starts over when full, so that it never holds more than its limit', () => {
    const stored = new StoredVisits(2);
    stored.add('2026-12-02', 'v1');
    stored.add('2026-12-02', 'v2');
    stored.add('2026-12-02', 'v3');
    expect(['v1', 'v2', 'v3'].map((id) => stored.has('2026-12-02', id))).toEqual([false, false, true]);
  });
});
