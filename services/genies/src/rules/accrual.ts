// Earnings accrue continuously at the genie's daily rate (×1.5 for SuperAura members) from the
// genie's acquisition or its last claim (PRODUCT-DECISIONS.md "Genies and marketplace"). Integer
// micro-AC throughout; fractions of a micro-AC are left to accrue into the next claim.

export const DAY_MS = 86_400_000;
export const MICRO_PER_AC = 1_000_000;

/** The member's rate in micro-AC per day: ×1.5 (exactly 3/2) for SuperAura. */
export function memberDailyRateMicro(rateMicro: number, superAura: boolean): number {
  return superAura ? Math.floor((rateMicro * 3) / 2) : rateMicro;
}

/**
 * What a genie has earned between `from` and `until` (0 when until is not after from), in whole
 * micro-AC, rounded down. Computed with BigInt so that long windows stay exact.
 */
export function accruedMicro(rateMicro: number, superAura: boolean, from: Date, until: Date): number {
  const elapsed = until.getTime() - from.getTime();
  if (!(elapsed > 0) || !(rateMicro > 0)) return 0;
  const perDay = BigInt(memberDailyRateMicro(rateMicro, superAura));
  return Number((perDay * BigInt(Math.floor(elapsed))) / BigInt(DAY_MS));
}
