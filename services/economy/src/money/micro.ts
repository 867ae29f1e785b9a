// Money is integers (ARCHITECTURE.md §3): AC as micro-AC, USD as micro-USD. No floating point in any sum.

export const MICRO_PER_AC = 1_000_000;
/** The smallest amount a member can send: 0.001 AC. */
export const MIN_SEND_MICRO = 1_000;
/**
 * The largest amount one transfer may move: 1,000,000,000 AC. Keeps every balance and sum far below
 * 2^53 micro-AC, so plain numbers stay exact end to end (proto int64 arrives as a JS number).
 */
export const MAX_AMOUNT_MICRO = 1_000_000_000 * MICRO_PER_AC;

export function isMicroAmount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_AMOUNT_MICRO;
}

/**
 * micro-AC as a decimal string truncated toward zero to `decimals` places (balances are never
 * rounded up), e.g. formatMicro(1_234_567) = "1.234", formatMicro(-1_500, 3) = "-0.001".
 */
export function formatMicro(micro: number, decimals = 3): string {
  const negative = micro < 0;
  const abs = BigInt(Math.abs(micro));
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').slice(0, decimals);
  const text = decimals > 0 ? `${whole}.${fraction}` : `${whole}`;
  const isZero = /^[0.]*$/.test(text);
  return negative && !isZero ? `-${text}` : text;
}

/** Exact and short: "1.5", "0.0015", "12" (for messages that name an amount). */
export function formatMicroExact(micro: number): string {
  return formatMicro(micro, 6).replace(/\.?0+$/, '');
}

/** balance (micro-AC) × price (micro-USD per AC) → micro-USD, truncated. */
export function microUsdOf(balanceMicro: number, priceMicroUsd: number): number {
  return Number((BigInt(balanceMicro) * BigInt(priceMicroUsd)) / BigInt(MICRO_PER_AC));
}
