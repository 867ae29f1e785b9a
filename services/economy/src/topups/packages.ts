import { MICRO_PER_AC } from '../money/micro';

/**
 * The AuraCoin packages on sale (PRODUCT-DECISIONS.md "Money": ~$1 per AC). The base coins cost a
 * cent short of $1 each; bigger packages add a bonus, and `amountMicro` is what is credited, bonus
 * included (spec 001 §3: "auracoin_amount includes the bonus").
 */
export interface TopUpPackage {
  id: string;
  name: string;
  /** micro-AC credited (bonus included). */
  amountMicro: number;
  usdCents: number;
  bonusPercentage: number;
  isPopular: boolean;
}

function pack(
  id: string,
  name: string,
  baseAc: number,
  bonusPercentage: number,
  usdCents: number,
  isPopular = false,
): TopUpPackage {
  const amountMicro = (baseAc * (100 + bonusPercentage) * MICRO_PER_AC) / 100;
  return { id, name, amountMicro, usdCents, bonusPercentage, isPopular };
}

export const TOP_UP_PACKAGES: readonly TopUpPackage[] = [
  pack('starter', 'Starter', 10, 0, 999),
  pack('plus', 'Plus', 50, 10, 4999, true),
  pack('pro', 'Pro', 100, 15, 9999),
  pack('ultra', 'Ultra', 250, 20, 24999),
];

export const findPackage = (id: string) => TOP_UP_PACKAGES.find((p) => p.id === id);

/** SuperAura plans (spec 000: $45 a month, $499 a year). */
export const SUPER_AURA_PLANS = {
  monthly: { name: 'SuperAura Monthly', usdCents: 4500, interval: 'month' as const },
  annual: { name: 'SuperAura Annual', usdCents: 49900, interval: 'year' as const },
};
export type SuperAuraPlan = keyof typeof SUPER_AURA_PLANS;
export const isPlan = (plan: string): plan is SuperAuraPlan => plan === 'monthly' || plan === 'annual';

export const TopUpMessages = {
  packageNotFound: 'Package not found',
  badOrigin: 'origin_url must be an allowed origin',
  unavailable: 'Card payments are not available right now',
  sessionNotFound: 'Checkout session not found',
  invalidSignature: 'Invalid signature',
  alreadySuperAura: "You're Already SuperAura!",
  choosePlan: 'Please choose a plan: monthly or annual',
  noSubscription: "You don't have an active SuperAura subscription",
};

/**
 * The return URLs of a checkout (PRODUCT-DECISIONS.md "Money"). `origin_url` must be http(s) with an
 * allowed origin: the configured list, or — with none configured, outside production — any loopback
 * origin. Its query, if any, is kept (the return parameters are appended with "&").
 */
export function returnUrls(
  originUrl: string,
  allowed: string[],
  production: boolean,
): { successUrl: string; cancelUrl: string } | null {
  let url: URL;
  try {
    url = new URL(originUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  const ok = allowed.length > 0 ? allowed.includes(url.origin) : !production && loopback;
  if (!ok) return null;
  url.hash = '';
  const base = url.toString();
  const join = url.search ? '&' : '?';
  return {
    successUrl: `${base}${join}session_id={CHECKOUT_SESSION_ID}&payment_success=true`,
    cancelUrl: `${base}${join}payment_cancelled=true`,
  };
}

export const parseOrigins = (value: string) =>
  value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
