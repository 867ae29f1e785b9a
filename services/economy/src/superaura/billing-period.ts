/**
 * The end of a SuperAura billing period that starts at `from`: the same day of the next month (or
 * year), at the same time, or that month's last day when it has fewer days (Jan 31 → Feb 28 or 29,
 * Feb 29 → Feb 28 the next year), as Stripe anchors a subscription's billing cycle. `Date`'s own
 * arithmetic would roll over (Jan 31 + 1 month = Mar 3) and give away days.
 */
export function periodEnd(from: Date, interval: 'month' | 'year'): Date {
  const months = interval === 'year' ? 12 : 1;
  const target = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(target / 12);
  const month = target % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}
