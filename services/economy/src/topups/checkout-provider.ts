import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** What economy asks of a payment provider: Stripe, or the local test checkout in its place. */
export interface NewSession {
  mode: 'payment' | 'subscription';
  userId: string;
  name: string;
  usdCents: number;
  interval?: 'month' | 'year';
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface ProviderSession {
  id: string;
  /** paid | unpaid | no_payment_required */
  paymentStatus: string;
  /** open | complete | expired */
  status: string;
  subscriptionId: string;
  customerId: string;
}

export interface ProviderSubscription {
  id: string;
  status: string;
  /** Seconds since the epoch. */
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
}

export interface CheckoutProvider {
  /** 'stripe': real Checkout Sessions through the SDK; 'test': the local test checkout page. */
  readonly kind: 'stripe' | 'test';
  createSession(input: NewSession): Promise<{ id: string; url: string }>;
  /** null in test mode: economy's own record is the truth there. */
  retrieveSession(id: string): Promise<ProviderSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
}

/** Where the SDK sends its calls: api.stripe.com, or e.g. stripe-mock at http://127.0.0.1:12111. */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/** Seconds since the epoch of a subscription's period end (on its items in current API versions). */
export function periodEndOf(subscription: Stripe.Subscription): number {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return item?.current_period_end ?? legacy ?? 0;
}

export const idOf = (value: string | { id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');

export class StripeCheckoutProvider implements CheckoutProvider {
  readonly kind = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createSession(input: NewSession): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: input.mode,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: input.usdCents,
            product_data: { name: input.name },
            ...(input.interval ? { recurring: { interval: input.interval } } : {}),
          },
        },
      ],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.userId,
      metadata: input.metadata,
      ...(input.mode === 'subscription' ? { subscription_data: { metadata: input.metadata } } : {}),
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  async retrieveSession(id: string): Promise<ProviderSession | null> {
    const session = await this.stripe.checkout.sessions.retrieve(id);
    return {
      id: session.id,
      paymentStatus: session.payment_status,
      status: session.status ?? 'open',
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
    };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const subscription = await this.stripe.subscriptions.retrieve(id);
    return {
      id: subscription.id,
      status: subscription.status,
      periodEnd: periodEndOf(subscription),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  }
}

/**
 * No Stripe keys: sessions are economy's own records and the browser is sent to the local test checkout
 * page (served by the gateway), whose Pay posts the same signed webhook Stripe would.
 */
export class TestCheckoutProvider implements CheckoutProvider {
  readonly kind = 'test' as const;

  async createSession(): Promise<{ id: string; url: string }> {
    const id = `cs_test_local_${randomBytes(16).toString('hex')}`;
    return { id, url: testCheckoutPath(id) };
  }

  async retrieveSession(): Promise<null> {
    return null;
  }

  async retrieveSubscription(): Promise<null> {
    return null;
  }

  async cancelAtPeriodEnd(): Promise<void> {}
}

export const testCheckoutPath = (sessionId: string) => `/api/payments/test-checkout/${sessionId}`;
