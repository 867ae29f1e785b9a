import { Caller, LOGGER, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { Ledger } from '../ledger/ledger';
import { formatMicroExact } from '../money/micro';
import { TOPUPS_OPTIONS } from '../tokens';
import { CheckoutProvider } from './checkout-provider';
import { CheckoutSessions } from './checkout-sessions';
import { findPackage, TOP_UP_PACKAGES, TopUpMessages, TopUpPackage } from './packages';
import { TopUpCredit } from './top-up-credit';
import { CheckoutSessionDoc, TopUpsRepository } from './topups.repository';

/** The webhook secret of the local test checkout when none is configured (published: never with Stripe). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_aura_local_webhook_secret';

export interface TopUpsOptions {
  provider: CheckoutProvider;
  /** null: webhooks are refused (production without a configured secret). */
  webhookSecret: string | null;
  allowedOrigins: string[];
  production: boolean;
  /** The local test checkout is served (AURA_TEST_CHECKOUT=enabled, no Stripe key, not production). */
  testCheckout: boolean;
}

export interface CheckoutStatusView {
  paymentStatus: string;
  status: string;
  amountMicro: number;
}

/**
 * Card top-ups through Stripe Checkout (PRODUCT-DECISIONS.md "Money"). Stripe's webhooks are in
 * webhooks/, SuperAura in ../superaura.
 *
 * A paid top-up session is credited once: card_topups → member, ledger key topup:<session id>, by
 * whichever comes first, the signed webhook or a status poll that finds it paid (TopUpCredit).
 */
@Injectable()
export class TopUpsService implements OnModuleInit {
  constructor(
    /** Checkout sessions and handled Stripe events. */
    @Inject(TopUpsRepository) readonly store: TopUpsRepository,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(CheckoutSessions) private readonly sessions: CheckoutSessions,
    @Inject(TopUpCredit) private readonly topUps: TopUpCredit,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TOPUPS_OPTIONS) private readonly options: TopUpsOptions,
  ) {}

  /** Its indexes, once the ledger's collections are there (the order economy.init() had). */
  async onModuleInit(): Promise<void> {
    await this.ledger.ready();
    await this.ensureIndexes();
  }

  get testMode(): boolean {
    return this.options.provider.kind === 'test';
  }

  ensureIndexes(): Promise<void> {
    return this.store.ensureIndexes();
  }

  packages(): readonly TopUpPackage[] {
    return TOP_UP_PACKAGES;
  }

  // ---- checkout ---------------------------------------------------------------------------------

  async createCheckout(caller: Caller, packageId: string, originUrl: string) {
    const pack = findPackage(packageId.trim());
    if (!pack) throw new RuleViolation(TopUpMessages.packageNotFound);
    return this.sessions.start(caller, originUrl, {
      mode: 'payment',
      package_id: pack.id,
      amount_micro: pack.amountMicro,
      plan: '',
      usd_cents: pack.usdCents,
      description: `${pack.name}: ${formatMicroExact(pack.amountMicro)} AuraCoins`,
    });
  }

  /** The caller's session. Finding it paid (Stripe, or the session record) credits it. */
  async status(caller: Caller, sessionId: string): Promise<CheckoutStatusView> {
    const doc = sessionId ? await this.store.sessionOf(sessionId) : null;
    if (!doc || doc.user_id !== caller.userId) throw new NotFound(TopUpMessages.sessionNotFound);
    let paymentStatus: string = doc.payment_status;
    let status: string = doc.status;
    if (doc.provider === 'stripe' && doc.status === 'open') {
      const remote = await this.options.provider.retrieveSession(doc._id).catch((error: unknown) => {
        this.logger.warn(
          { err: error, sessionId: doc._id },
          'Stripe session lookup failed; answering from the record',
        );
        return null;
      });
      if (remote) {
        paymentStatus = remote.paymentStatus;
        status = remote.status;
      }
    }
    if (doc.mode === 'payment') {
      if (paymentStatus === 'paid' || doc.status === 'complete') {
        await this.topUps.credit(doc);
        return { paymentStatus: 'paid', status: 'complete', amountMicro: doc.amount_micro };
      }
    }
    // open → expired; a complete session (credited: the credit marks it complete) stays complete.
    if (status === 'expired') await this.store.expire(doc._id);
    return { paymentStatus, status, amountMicro: doc.amount_micro };
  }

  // ---- the local test checkout ------------------------------------------------------------------

  private async testSession(sessionId: string): Promise<CheckoutSessionDoc> {
    if (!this.testMode || !this.options.testCheckout) throw new NotFound(TopUpMessages.sessionNotFound);
    const doc = sessionId ? await this.store.sessionOf(sessionId) : null;
    if (!doc || doc.provider !== 'test') throw new NotFound(TopUpMessages.sessionNotFound);
    return doc;
  }

  async testCheckout(sessionId: string) {
    const doc = await this.testSession(sessionId);
    return {
      sessionId: doc._id,
      mode: doc.mode,
      description: doc.description,
      usdCents: doc.usd_cents,
      successUrl: fillSessionId(doc.success_url, doc._id),
      cancelUrl: doc.cancel_url,
      status: doc.status,
    };
  }

  /** The signed checkout.session.completed that Stripe would send for this session, once paid. */
  async payTestCheckout(
    sessionId: string,
  ): Promise<{ payload: Buffer; signature: string; redirectUrl: string }> {
    const doc = await this.testSession(sessionId);
    const secret = this.options.webhookSecret ?? LOCAL_WEBHOOK_SECRET;
    const digest = createHash('sha256').update(doc._id).digest('hex').slice(0, 24);
    const subscription = doc.mode === 'subscription';
    const payload = JSON.stringify({
      id: `evt_local_${digest}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: doc._id,
          object: 'checkout.session',
          mode: doc.mode,
          status: 'complete',
          payment_status: 'paid',
          amount_total: doc.usd_cents,
          currency: 'usd',
          client_reference_id: doc.user_id,
          metadata: { user_id: doc.user_id, package_id: doc.package_id, plan: doc.plan },
          customer: `cus_local_${digest}`,
          subscription: subscription ? `sub_local_${digest}` : null,
          success_url: doc.success_url,
          cancel_url: doc.cancel_url,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload: Buffer.from(payload), signature, redirectUrl: fillSessionId(doc.success_url, doc._id) };
  }
}

const fillSessionId = (url: string, sessionId: string) => url.replace('{CHECKOUT_SESSION_ID}', sessionId);
