// Number display rules of spec 000 §9: AC with 3 decimals (header 1), USD with 3 decimals.
// Balances are truncated, never rounded up (you cannot spend what is shown but not owned).

/** Cuts `value` to `decimals` places without rounding up, through the decimal string (no float drift). */
export function truncateDecimals(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return (0).toFixed(decimals);
  const [whole, fraction = ''] = value.toFixed(Math.min(decimals + 4, 20)).split('.');
  const cut = fraction.slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${cut}` : whole!;
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** "12.3 AC" (header, 1 decimal) or "12.345 AC" (menu and elsewhere, 3 decimals). */
export const formatAC = (value: number, decimals: 1 | 3 = 3) => `${truncateDecimals(value, decimals)} AC`;

/** "$1.000": USD with 3 decimals. */
export const formatUSD = (value: number) => `$${truncateDecimals(value, 3)}`;
