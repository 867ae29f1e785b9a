import {
  ANNUAL_SAVING_USD,
  BENEFITS,
  canCancel,
  membershipSummary,
  PLANS,
  SuperAuraTexts,
} from './superaura';

describe('SuperAura plans (spec 000 §2, §6, §9)', () => {
  it('offers Monthly $45 (Popular) and Annual $499 (Best Value, Save $41)', () => {
    expect(PLANS.map((p) => [p.id, p.name, p.priceUsd, p.mark, p.saving])).toEqual([
      ['monthly', 'Monthly Plan', 45, 'Popular', undefined],
      ['annual', 'Annual Plan', 499, 'Best Value', 'Save $41'],
    ]);
    expect(ANNUAL_SAVING_USD).toBe(41);
  });

  it('lists the benefits and says a member is one, letter for letter', () => {
    expect(BENEFITS).toContain('50% higher earning rates');
    expect(BENEFITS).toContain('$10 minimum withdrawal');
    expect(SuperAuraTexts.alreadyMember).toBe("You're Already SuperAura!");
  });
});

describe('the membership', () => {
  const member = {
    is_super_aura: true,
    plan: 'monthly',
    current_period_end: '2026-12-21T10:00:00Z',
    cancel_at_period_end: false,
  };

  it('says when it renews, or ends once cancelled', () => {
    expect(membershipSummary(member)).toBe('Monthly plan · renews on 21 Dec 2026');
    expect(membershipSummary({ ...member, plan: 'annual', cancel_at_period_end: true })).toBe(
      'Annual plan · ends on 21 Dec 2026',
    );
    expect(membershipSummary({ ...member, plan: null, current_period_end: null })).toBe('SuperAura member');
    expect(membershipSummary({ is_super_aura: false })).toBeNull();
  });

  it('may be cancelled while it renews', () => {
    expect(canCancel(member)).toBe(true);
    expect(canCancel({ ...member, cancel_at_period_end: true })).toBe(false);
    // Granted by a super admin: no subscription to cancel.
    expect(canCancel({ ...member, plan: null })).toBe(false);
    expect(canCancel(undefined)).toBe(false);
  });
});
