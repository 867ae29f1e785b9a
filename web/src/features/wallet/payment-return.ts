// Card top-ups (spec 001 §2 "Payment return", §4 "Payment", §7, §8, §9; PRODUCT-DECISIONS.md "Money"):
// the checkout leaves for the provider with origin_url; the provider sends the member back to
// origin_url?session_id=…&payment_success=true or origin_url?payment_cancelled=true. The app reads those
// parameters once signed in, polls the session's status up to 5 times 2 s apart, tells the member how it
// ended, and clears the parameters from the address. A SuperAura checkout returns the same way; its
// origin_url carries purchase=superaura so that the return is verified against the membership instead
// (GET /api/superaura/status) and greeted as such.
// Pure module (no DOM, no Vite): unit-tested under node; time and the status call are handed in.
import { truncateDecimals } from '../../ui/format';

/** Spec 001 §9: up to 5 attempts, 2 s apart. */
export const PAYMENT_POLL_ATTEMPTS = 5;
export const PAYMENT_POLL_INTERVAL_MS = 2000;

/** What a checkout buys: AC packages, or the SuperAura membership. */
export type Purchase = 'coins' | 'superaura';
/** Set on a SuperAura checkout's origin_url, so that its return is known as one. */
export const PURCHASE_PARAM = 'purchase';

/** The address parameters of a return from the payment provider (cleared once it is handled). */
export const PAYMENT_RETURN_PARAMS = [
  'session_id',
  'payment_success',
  'payment_cancelled',
  PURCHASE_PARAM,
] as const;

/** Spec 001 §8, letter for letter, and the checkout's fallback. */
export const PaymentTexts = {
  checkoutFailed: 'Failed to start payment process',
  cancelled: 'Payment was cancelled',
  expired: 'Payment session expired. Please try again.',
  timedOut: 'Payment verification timed out. Please check your wallet balance.',
  verifyFailed: 'Error verifying payment. Please check your wallet balance.',
  verifying: 'Verifying your payment…',
  superAuraWelcome: 'Welcome to SuperAura! Your membership is active.',
} as const;

/** What the address says about a return from the provider. */
export type PaymentReturn = { purchase: Purchase } & (
  | { kind: 'success'; sessionId: string }
  | { kind: 'cancelled' }
  /** payment_success without a session to verify. */
  | { kind: 'unverifiable' }
);

const isTrue = (value: string | null) => value !== null && value.toLowerCase() === 'true';

/** Reads the return parameters from `location.search`; null when the address carries none. */
export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const purchase: Purchase = params.get(PURCHASE_PARAM) === 'superaura' ? 'superaura' : 'coins';
  if (isTrue(params.get('payment_cancelled'))) return { purchase, kind: 'cancelled' };
  const sessionId = params.get('session_id')?.trim() ?? '';
  if (isTrue(params.get('payment_success')))
    return sessionId ? { purchase, kind: 'success', sessionId } : { purchase, kind: 'unverifiable' };
  return null;
}

/**
 * The address without the return parameters (other parameters and the hash kept), for
 * history.replaceState; null when there is nothing to clear.
 */
export function addressWithoutPaymentReturn(href: string): string | null {
  const url = new URL(href);
  if (!PAYMENT_RETURN_PARAMS.some((name) => url.searchParams.has(name))) return null;
  for (const name of PAYMENT_RETURN_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the provider sends the member back: this page, without its query (the server appends the
 * return parameters), marked when it is a SuperAura checkout.
 */
export const checkoutOriginUrl = (
  location: { origin: string; pathname: string },
  purchase: Purchase = 'coins',
) =>
  `${location.origin}${location.pathname}${purchase === 'superaura' ? `?${PURCHASE_PARAM}=superaura` : ''}`;

/** GET /api/payments/checkout/status/{session_id}: the fields the poll reads (spec 001 §7). */
export interface CheckoutStatus {
  payment_status?: string | null;
  status?: string | null;
  auracoin_amount?: number | null;
}

export type PaymentOutcome =
  | { kind: 'paid'; auracoinAmount: number | null; purchase?: Purchase }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'timed-out' }
  | { kind: 'error' };

export type PollStep = { done: true; outcome: PaymentOutcome } | { done: false; waitMs: number };

/**
 * One step of the poll (spec 001 §4): after attempt number `attempt` (1-based) answered `answer` (or
 * failed), either the poll ends with an outcome or the next attempt comes after the interval.
 */
export function nextPollStep(attempt: number, answer: CheckoutStatus | { failed: true }): PollStep {
  if ('failed' in answer) return { done: true, outcome: { kind: 'error' } };
  if (answer.payment_status === 'paid') {
    const amount = answer.auracoin_amount;
    return {
      done: true,
      outcome: { kind: 'paid', auracoinAmount: typeof amount === 'number' ? amount : null },
    };
  }
  if (answer.status === 'expired') return { done: true, outcome: { kind: 'expired' } };
  if (attempt >= PAYMENT_POLL_ATTEMPTS) return { done: true, outcome: { kind: 'timed-out' } };
  return { done: false, waitMs: PAYMENT_POLL_INTERVAL_MS };
}

export interface PollDeps {
  fetchStatus: (sessionId: string, signal: AbortSignal) => Promise<CheckoutStatus>;
  /** Resolves after `ms`; rejects or resolves early when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
}

/** Polls the session until it ends (spec 001 §4); null when the poll was abandoned (signal aborted). */
export async function pollCheckoutSession(sessionId: string, deps: PollDeps): Promise<PaymentOutcome | null> {
  for (let attempt = 1; ; attempt += 1) {
    if (deps.signal.aborted) return null;
    let answer: CheckoutStatus | { failed: true };
    try {
      answer = (await deps.fetchStatus(sessionId, deps.signal)) ?? {};
    } catch {
      answer = { failed: true };
    }
    if (deps.signal.aborted) return null;
    const step = nextPollStep(attempt, answer);
    if (step.done) return step.outcome;
    await deps.sleep(step.waitMs, deps.signal).catch(() => undefined);
  }
}

/** GET /api/superaura/status read as a checkout's status: paid once the membership is on. */
export const superAuraAsCheckoutStatus = (status: { is_super_aura: boolean }): CheckoutStatus => ({
  payment_status: status.is_super_aura ? 'paid' : 'unpaid',
  status: 'open',
});

/** The whole return: the outcome of what the address said (polling when the payment went through). */
export async function settlePaymentReturn(
  payment: PaymentReturn,
  deps: PollDeps,
): Promise<PaymentOutcome | null> {
  if (payment.kind === 'cancelled') return { kind: 'cancelled' };
  if (payment.kind === 'unverifiable') return { kind: 'error' };
  const outcome = await pollCheckoutSession(payment.sessionId, deps);
  return outcome?.kind === 'paid' ? { ...outcome, purchase: payment.purchase } : outcome;
}

/** "1,000" / "12.5": an AC amount of a package, whole coins without decimals, else up to 3. */
export function formatPackageAC(amount: number): string {
  const text = truncateDecimals(amount, 3).replace(/\.?0+$/, '');
  const [whole = '0', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** What the member is told when the return ends (spec 001 §8; success names the AC credited). */
export function paymentOutcomeMessage(outcome: PaymentOutcome): {
  text: string;
  tone: 'success' | 'error' | 'info';
} {
  switch (outcome.kind) {
    case 'paid':
      return {
        text:
          outcome.purchase === 'superaura'
            ? PaymentTexts.superAuraWelcome
            : outcome.auracoinAmount === null
              ? 'Payment successful! Your AuraCoins were added to your wallet.'
              : `Payment successful! ${formatPackageAC(outcome.auracoinAmount)} AuraCoins added to your wallet.`,
        tone: 'success',
      };
    case 'cancelled':
      return { text: PaymentTexts.cancelled, tone: 'info' };
    case 'expired':
      return { text: PaymentTexts.expired, tone: 'error' };
    case 'timed-out':
      return { text: PaymentTexts.timedOut, tone: 'error' };
    case 'error':
      return { text: PaymentTexts.verifyFailed, tone: 'error' };
  }
}
