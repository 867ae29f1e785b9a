// PRODUCT-DECISIONS.md "Social": new members start at 100; the moves and their daily limits; 0-1000.

export const AURA_MIN = 0;
export const AURA_MAX = 1000;

export type AuraReason = 'check_in' | 'reflection' | 'like_received' | 'comment_received';

export interface AuraMove {
  delta: number;
  /** At most this many per member and UTC day. */
  dailyLimit: number;
}

export const AURA_MOVES: Record<AuraReason, AuraMove> = {
  check_in: { delta: 2, dailyLimit: 1 },
  reflection: { delta: 10, dailyLimit: 1 },
  like_received: { delta: 1, dailyLimit: 20 },
  comment_received: { delta: 2, dailyLimit: 20 },
};

export function clampAura(score: number): number {
  return Math.min(AURA_MAX, Math.max(AURA_MIN, Math.round(score)));
}

/** The score after a change, and the change actually applied (less than asked at the bounds). */
export function applyAura(score: number, delta: number): { score: number; applied: number } {
  const next = clampAura(score + delta);
  return { score: next, applied: next - clampAura(score) };
}
