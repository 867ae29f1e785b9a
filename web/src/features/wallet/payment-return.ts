// Card top-ups (spec 001 §2 "Payment return", §4 "Payment", §7, §8, §9; PRODUCT-DECISIONS.md "Money"):
// the checkout leaves for the provider with origin_url; the provider sends the member back to
// origin_url?session_id=…&payment_success=true or origin_url?payment_cancelled=true. The app reads those
// parameters once signed in, polls the session's status up to 5 times 2 s apart, tells the member how it
// ended, and clears the parameters from the address.
// Pure module (no DOM, no Vite): unit-tested under node; time and the status call are handed in.
import { truncateDecimals } from '../../ui/format';

/** Spec 001 §9: up to 5 attempts, 2 s apart. */
export const PAYMENT_POLL_ATTEMPTS = 5;
export const PAYMENT_POLL_INTERVAL_MS = 2000;

/** The address parameters of a return from the payment provider. */
export const PAYMENT_RETURN_PARAMS = ['session_id', 'payment_success', 'payment_cancelled'] as const;

/** Spec 001 §8, letter for letter, and the checkout's fallback. */
export const PaymentTexts = {
  checkoutFailed: 'Failed to start payment process',
  cancelled: 'Payment was cancelled',
  expired: 'Payment session expired. Please try again.',
  timedOut: 'Payment verification timed out. Please check your wallet balance.',
  verifyFailed: 'Error verifying payment. Please check your wallet balance.',
  verifying: 'Verifying your payment…',
} as const;

/** What the address says about a return from the provider. */
export type PaymentReturn =
  | { kind: 'success'; sessionId: string }
  | { kind: 'cancelled' }
  /** payment_success without a session to verify. */
  | { kind: 'unverifiable' };

const isTrue = (value: string | null) => value !== null && value.toLowerCase() === 'true';

/** Reads the return parameters from `location.search`; null when the address carries none. */
export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  if (isTrue(params.get('payment_cancelled'))) return { kind: 'cancelled' };
  const sessionId = params.get('session_id')?.trim() ?? '';
  if (isTrue(params.get('payment_success')))
    return sessionId ? { kind: 'success', sessionId } : { kind: 'unverifiable' };
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

/** Where the provider sends the member back: this page, without its query (the server appends one). */
export const checkoutOriginUrl = (location: { origin: string; pathname: string }) =>
  `${location.origin}${location.pathname}`;

/** GET /api/payments/checkout/status/{session_id}: the fields the poll reads (spec 001 §7). */
export interface CheckoutStatus {
  payment_status?: string | null;
  status?: string | null;
  auracoin_amount?: number | null;
}

export type PaymentOutcome =
  | { kind: 'paid'; auracoinAmount: number | null }
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

/** The whole return: the outcome of what the address said (polling when the payment went through). */
export function settlePaymentReturn(payment: PaymentReturn, deps: PollDeps): Promise<PaymentOutcome | null> {
  if (payment.kind === 'cancelled') return Promise.resolve({ kind: 'cancelled' });
  if (payment.kind === 'unverifiable') return Promise.resolve({ kind: 'error' });
  return pollCheckoutSession(payment.sessionId, deps);
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
          outcome.auracoinAmount === null
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
