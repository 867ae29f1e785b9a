// Money as the API carries it (spec 000 §8, §9; spec 001 §8, §9; PRODUCT-DECISIONS.md "Money"): AC amounts
// in integer micro-AC, compared as integers, never as floats; and how a refused money call reads.
// Pure module (no DOM, no Vite): unit-tested under node.
import { ApiError } from './errors';

/** 1 AC = 1,000,000 micro-AC. */
export const MICRO_PER_AC = 1_000_000;

/** Spec 001 §8 and 000 §8: the server's detail, else the action's own message. */
export function moneyFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
