// SuperAura, the paid tier (spec 000 §2 "Upgrade tab", §6 "Tiers", §9; PRODUCT-DECISIONS.md "Money"):
// the two plans, what membership gives, and how a membership is described.
// Pure module (no DOM, no Vite): unit-tested under node.

export type PlanId = 'monthly' | 'annual';

export const MONTHLY_PRICE_USD = 45;
export const ANNUAL_PRICE_USD = 499;
/** Spec 000 §9: the annual plan "saves $41" against twelve months. */
export const ANNUAL_SAVING_USD = MONTHLY_PRICE_USD * 12 - ANNUAL_PRICE_USD;

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  per: 'month' | 'year';
  mark: string;
  saving?: string;
}

/** Spec 000 §2: Monthly (Popular) and Annual (Best Value, Save $41), side by side. */
export const PLANS: readonly Plan[] = [
  { id: 'monthly', name: 'Monthly Plan', priceUsd: MONTHLY_PRICE_USD, per: 'month', mark: 'Popular' },
  {
    id: 'annual',
    name: 'Annual Plan',
    priceUsd: ANNUAL_PRICE_USD,
    per: 'year',
    mark: 'Best Value',
    saving: `Save $${ANNUAL_SAVING_USD}`,
  },
];

/** Spec 000 §6: what SuperAura gives (priority support with the annual plan only). */
export const BENEFITS: readonly string[] = [
  '50% higher earning rates',
  'Full aura customisation',
  'Profile audio and music',
  'Animated titles and effects',
  'Page entrance animations',
  'Custom gradients',
  'SuperAura badge',
  'Advanced analytics',
  '$10 minimum withdrawal',
];
export const ANNUAL_ONLY_BENEFIT = 'Priority support';

export const SuperAuraTexts = {
  alreadyMember: "You're Already SuperAura!",
  checkoutFailed: 'Failed to start payment process',
  cancelFailed: 'Failed to cancel the subscription',
  cancelled: 'Your SuperAura subscription will end at the end of the current period.',
} as const;

/** GET /api/superaura/status. */
export interface MembershipStatus {
  is_super_aura: boolean;
  plan?: PlanId | string | null;
  current_period_end?: string | null;
  cancel_at_period_end?: boolean;
}

const dateOf = (iso: string | null | undefined) => {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(time)
    ? new Date(time).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })
    : null;
};

/** "Monthly plan · renews on 21 Dec 2026", "Annual plan · ends on …" once cancelled; null when not a member. */
export function membershipSummary(status: MembershipStatus): string | null {
  if (!status.is_super_aura) return null;
  const plan = PLANS.find((p) => p.id === status.plan);
  const name = plan ? `${plan.name.replace(' Plan', '')} plan` : 'SuperAura member';
  const date = dateOf(status.current_period_end);
  if (!date) return name;
  return `${name} · ${status.cancel_at_period_end ? 'ends' : 'renews'} on ${date}`;
}

/** A member whose subscription renews may cancel it (at the end of the period). */
export const canCancel = (status: MembershipStatus | undefined) =>
  Boolean(status?.is_super_aura && status.plan && !status.cancel_at_period_end);
