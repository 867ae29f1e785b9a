import { periodEnd } from './billing-period';

const at = (iso: string) => new Date(iso);

describe('a SuperAura billing period', () => {
  it('ends on the same day and time of the next month', () => {
    expect(periodEnd(at('2026-11-15T09:30:00.250Z'), 'month')).toEqual(at('2026-12-15T09:30:00.250Z'));
    expect(periodEnd(at('2026-12-15T09:30:00Z'), 'month')).toEqual(at('2027-01-15T09:30:00Z'));
  });

  it("ends on the next month's last day when it has fewer days, never rolling over", () => {
    expect(periodEnd(at('2027-01-31T12:00:00Z'), 'month')).toEqual(at('2027-02-28T12:00:00Z'));
    expect(periodEnd(at('2028-01-31T12:00:00Z'), 'month')).toEqual(at('2028-02-29T12:00:00Z'));
    expect(periodEnd(at('2026-03-31T00:00:00Z'), 'month')).toEqual(at('2026-04-30T00:00:00Z'));
    expect(periodEnd(at('2026-08-31T23:59:59Z'), 'month')).toEqual(at('2026-09-30T23:59:59Z'));
  });

  it('ends on the same date a year on, Feb 29 on Feb 28', () => {
    expect(periodEnd(at('2026-11-29T10:00:00Z'), 'year')).toEqual(at('2027-11-29T10:00:00Z'));
    expect(periodEnd(at('2028-02-29T10:00:00Z'), 'year')).toEqual(at('2029-02-28T10:00:00Z'));
  });
});
