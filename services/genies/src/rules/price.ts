import { MICRO_PER_AC } from './accrual';

/** The bottle price a new environment starts with, and the range a super admin may set. */
export const DEFAULT_PRICE_MICRO = 300 * MICRO_PER_AC;
export const MIN_PRICE_MICRO = 50 * MICRO_PER_AC;
export const MAX_PRICE_MICRO = 1000 * MICRO_PER_AC;
