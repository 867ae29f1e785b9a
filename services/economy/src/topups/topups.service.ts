import { annotate, Caller, createEvent, LOGGER, NotFound, RuleViolation, Unavailable } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { memberAccount } from '../ledger/accounts';
import { uuidFrom } from '../ledger/ids';
import { Ledger, type LedgerTransaction } from '../ledger/ledger';
import { MembersRepository } from '../members/members.repository';
import { topups, topupsMicro } from '../metrics';
import { formatMicroExact } from '../money/micro';
import { moveIn } from '../payments/payments.service';
import { TOPUPS_OPTIONS } from '../tokens';
import { CheckoutProvider, idOf, periodEndOf } from './checkout-provider';
import { TopUpReversals } from './reversals';
import {
  findPackage,
  isPlan,
  returnUrls,
  SUPER_AURA_PLANS,
  TOP_UP_PACKAGES,
  TopUpMessages,
  TopUpPackage,
} from './packages';
import { CheckoutSessionDoc, SuperAuraDoc, TopUpsStore } from './topups.repository';
import { periodEnd } from './billing-period';

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

export interface SuperAuraStatusView {
  isSuperAura: boolean;
  plan: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

/** The ledger key of a session's credit: the webhook and the status poll race on it. */
export const topUpKey = (sessionId: string) => `topup:${sessionId}`;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const ACTIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due']);

/**
 * Card top-ups and SuperAura billing through Stripe Checkout (PRODUCT-DECISIONS.md "Money").
 *
 * A paid top-up session is credited once: card_topups → member, ledger key topup:<session id>, by
 * whichever comes first, the signed webhook or a status poll that finds it paid; the session is marked
 * complete in the credit's transaction. A webhook event is recorded in stripe_events once handled, so a
 * redelivery does nothing; handling twice concurrently is harmless (every effect is keyed). Out of
 * order: a session is never expired once complete, a credit is never undone, and SuperAura state only
 * takes an event newer than the one it was last written from (each change one transaction with its
 * superaura.changed event).
 */
@Injectable()
export class TopUpsService implements OnModuleInit {
  private readonly webhooks = Stripe.webhooks;
  private readonly reversals: TopUpReversals;

  constructor(
    /** Checkout sessions, handled Stripe events and SuperAura states. */
    @Inject(TopUpsStore) readonly store: TopUpsStore,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TOPUPS_OPTIONS) private readonly options: TopUpsOptions,
  ) {
    this.reversals = new TopUpReversals(this.store, ledger, logger);
  }

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

  private available(): void {
    if (this.testMode && !this.options.testCheckout) throw new Unavailable(TopUpMessages.unavailable);
  }

  private urls(originUrl: string) {
    const urls = returnUrls(originUrl, this.options.allowedOrigins, this.options.production);
    if (!urls) throw new RuleViolation(TopUpMessages.badOrigin);
    return urls;
  }

  async createCheckout(caller: Caller, packageId: string, originUrl: string) {
    const pack = findPackage(packageId.trim());
    if (!pack) throw new RuleViolation(TopUpMessages.packageNotFound);
    const urls = this.urls(originUrl);
    this.available();
    const description = `${pack.name}: ${formatMicroExact(pack.amountMicro)} AuraCoins`;
    return this.startSession(caller, {
      mode: 'payment',
      package_id: pack.id,
      amount_micro: pack.amountMicro,
      plan: '',
      usd_cents: pack.usdCents,
      description,
      ...urls,
    });
  }

  private async startSession(
    caller: Caller,
    facts: Pick<
      CheckoutSessionDoc,
      'mode' | 'package_id' | 'amount_micro' | 'plan' | 'usd_cents' | 'description'
    > & { successUrl: string; cancelUrl: string },
  ): Promise<{ checkoutUrl: string; sessionId: string }> {
    const member = await this.members.find(caller.userId);
    const plan = facts.plan && isPlan(facts.plan) ? SUPER_AURA_PLANS[facts.plan] : undefined;
    const created = await this.options.provider.createSession({
      mode: facts.mode,
      userId: caller.userId,
      name: facts.description,
      usdCents: facts.usd_cents,
      interval: plan?.interval,
      successUrl: facts.successUrl,
      cancelUrl: facts.cancelUrl,
      metadata: { user_id: caller.userId, package_id: facts.package_id, plan: facts.plan },
    });
    await this.store.insertSession({
      _id: created.id,
      user_id: caller.userId,
      username: member?.username ?? '',
      mode: facts.mode,
      package_id: facts.package_id,
      amount_micro: facts.amount_micro,
      plan: facts.plan,
      usd_cents: facts.usd_cents,
      description: facts.description,
      success_url: facts.successUrl,
      cancel_url: facts.cancelUrl,
      provider: this.options.provider.kind,
      status: 'open',
      payment_status: 'unpaid',
      created_at: new Date(),
    });
    this.logger.info(
      { sessionId: created.id, userId: caller.userId, mode: facts.mode, usdCents: facts.usd_cents },
      'checkout session started',
    );
    return { checkoutUrl: created.url, sessionId: created.id };
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
        await this.credit(doc);
        return { paymentStatus: 'paid', status: 'complete', amountMicro: doc.amount_micro };
      }
    }
    if (status === 'expired') await this.expire(doc._id);
    return { paymentStatus, status, amountMicro: doc.amount_micro };
  }

  /**
   * Credits a paid top-up session once, whoever calls (the webhook, a status poll): the session marked
   * complete and the ledger credit in one transaction, the ledger key deciding between racing callers.
   */
  async credit(doc: CheckoutSessionDoc, paymentIntent = ''): Promise<void> {
    const account = memberAccount(doc.user_id);
    const result = await this.ledger.transaction([account], async (tx) => {
      await this.store.markComplete(doc._id, tx.session);
      if (paymentIntent) await this.store.setPaymentIntent(doc._id, paymentIntent, tx.session);
      return moveIn(tx, {
        key: topUpKey(doc._id),
        kind: 'topup',
        from: 'card_topups',
        to: account,
        amount: doc.amount_micro,
        memo: `${doc.description} for ${usd(doc.usd_cents)}`,
        meta: {
          to_name: doc.username,
          session_id: doc._id,
          package_id: doc.package_id,
          usd_cents: String(doc.usd_cents),
          user_id: doc.user_id,
        },
      });
    });
    annotate({ 'aura.member_id': doc.user_id, 'aura.amount_micro': doc.amount_micro });
    if (result.replayed) return;
    topups.add(1);
    topupsMicro.add(doc.amount_micro);
    this.logger.info(
      {
        sessionId: doc._id,
        userId: doc.user_id,
        amountMicro: doc.amount_micro,
        transferId: result.transfer.id,
      },
      'card top-up credited',
    );
  }

  /** open → expired; a complete session (credited: the credit marks it complete) stays complete. */
  private async expire(sessionId: string): Promise<void> {
    await this.store.expire(sessionId);
  }

  // ---- webhooks ---------------------------------------------------------------------------------

  /** A Stripe delivery: verified on its exact bytes, handled once per event id. */
  async webhook(
    payload: Buffer,
    signature: string,
  ): Promise<{ eventId: string; type: string; handled: boolean }> {
    const secret = this.options.webhookSecret;
    if (!secret) throw new Unavailable(TopUpMessages.unavailable);
    let event: Stripe.Event;
    try {
      event = this.webhooks.constructEvent(payload, signature, secret);
    } catch {
      throw new RuleViolation(TopUpMessages.invalidSignature);
    }
    if (await this.store.eventHandled(event.id))
      return { eventId: event.id, type: event.type, handled: false };
    const handled = await this.handle(event);
    await this.store.recordEvent({
      _id: event.id,
      type: event.type,
      created: event.created,
      object_id: idOf(event.data.object as { id: string }),
      handled_at: new Date(),
    });
    return { eventId: event.id, type: event.type, handled };
  }

  private async handle(event: Stripe.Event): Promise<boolean> {
    const version = event.created * 1000;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const doc = await this.store.sessionOf(session.id);
        if (!doc) {
          this.logger.warn(
            { sessionId: session.id, eventId: event.id },
            'webhook for an unknown checkout session ignored',
          );
          return false;
        }
        if (doc.mode === 'payment') {
          if (session.payment_status !== 'paid') return false;
          await this.credit(doc, idOf(session.payment_intent));
          return true;
        }
        await this.subscriptionStarted(doc, idOf(session.subscription), idOf(session.customer), version);
        return true;
      }
      case 'charge.refunded':
        return this.reversals.refunded(event.data.object);
      case 'charge.dispute.created':
        return this.reversals.disputed(event.data.object);
      case 'charge.dispute.closed':
        return this.reversals.disputeClosed(event.data.object);
      case 'checkout.session.expired': {
        const doc = await this.store.sessionOf(event.data.object.id);
        if (doc) await this.expire(doc._id);
        return Boolean(doc);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const deleted = event.type === 'customer.subscription.deleted';
        const periodEnd = periodEndOf(subscription);
        return this.applySuperAura(subscription.id, subscription.metadata?.user_id ?? '', version, {
          active: !deleted && ACTIVE_SUBSCRIPTION.has(subscription.status),
          cancel_at_period_end: deleted ? false : subscription.cancel_at_period_end,
          ...(periodEnd ? { current_period_end: new Date(periodEnd * 1000) } : {}),
        });
      }
      case 'invoice.paid': {
        const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } };
        const parent = invoice.parent as {
          subscription_details?: {
            subscription?: string | { id: string };
            metadata?: Record<string, string>;
          };
        } | null;
        const subscriptionId = idOf(
          parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
        );
        if (!subscriptionId) return false;
        const end = invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end;
        return this.applySuperAura(
          subscriptionId,
          parent?.subscription_details?.metadata?.user_id ?? '',
          version,
          {
            active: true,
            ...(end ? { current_period_end: new Date(end * 1000) } : {}),
          },
          { extendOnly: true },
        );
      }
      default:
        return false;
    }
  }

  // ---- SuperAura --------------------------------------------------------------------------------

  async superAuraCheckout(caller: Caller, plan: string, originUrl: string) {
    if (!isPlan(plan)) throw new RuleViolation(TopUpMessages.choosePlan);
    if ((await this.superAuraStatus(caller)).isSuperAura)
      throw new RuleViolation(TopUpMessages.alreadySuperAura);
    const member = await this.members.find(caller.userId, { askIdentity: false });
    if (member?.isSuperAura) throw new RuleViolation(TopUpMessages.alreadySuperAura);
    const urls = this.urls(originUrl);
    this.available();
    const chosen = SUPER_AURA_PLANS[plan];
    return this.startSession(caller, {
      mode: 'subscription',
      package_id: '',
      amount_micro: 0,
      plan,
      usd_cents: chosen.usdCents,
      description: chosen.name,
      ...urls,
    });
  }

  async superAuraStatus(caller: Caller): Promise<SuperAuraStatusView> {
    return toStatus(await this.store.superAuraOf(caller.userId));
  }

  async cancelSuperAura(caller: Caller): Promise<SuperAuraStatusView> {
    const doc = await this.store.superAuraOf(caller.userId);
    if (!doc || !toStatus(doc).isSuperAura) throw new RuleViolation(TopUpMessages.noSubscription);
    if (!doc.cancel_at_period_end) {
      if (doc.subscription_id && this.options.provider.kind === 'stripe')
        await this.options.provider.cancelAtPeriodEnd(doc.subscription_id);
      await this.store.setCancelAtPeriodEnd(doc._id);
      this.logger.info(
        { userId: doc._id, subscriptionId: doc.subscription_id },
        'SuperAura cancelled at period end',
      );
    }
    return toStatus({ ...doc, cancel_at_period_end: true });
  }

  private async subscriptionStarted(
    doc: CheckoutSessionDoc,
    subscriptionId: string,
    customerId: string,
    version: number,
  ): Promise<void> {
    await this.store.markComplete(doc._id);
    const remote = subscriptionId ? await this.options.provider.retrieveSubscription(subscriptionId) : null;
    const interval = isPlan(doc.plan) ? SUPER_AURA_PLANS[doc.plan].interval : 'month';
    const end = remote?.periodEnd
      ? new Date(remote.periodEnd * 1000)
      : periodEnd(new Date(version), interval);
    await this.applySuperAura(subscriptionId, doc.user_id, version, {
      active: true,
      plan: doc.plan,
      customer_id: customerId,
      cancel_at_period_end: remote?.cancelAtPeriodEnd ?? false,
      current_period_end: end,
    });
  }

  /**
   * Writes a member's subscription state from an event of time `version` unless a newer event wrote it
   * already (a deletion wins a tie), and announces the change (superaura.changed → identity).
   */
  private async applySuperAura(
    subscriptionId: string,
    userIdHint: string,
    version: number,
    change: Partial<SuperAuraDoc>,
    { extendOnly = false } = {},
  ): Promise<boolean> {
    const byId = subscriptionId ? await this.store.superAuraBySubscription(subscriptionId) : null;
    const userId = byId?._id ?? userIdHint;
    if (!userId) {
      this.logger.warn({ subscriptionId }, 'billing event for an unknown subscription ignored');
      return false;
    }
    // One transaction: a concurrent event for this member conflicts with it and it decides again.
    return this.ledger.transaction([], async (tx) => {
      const session = tx.session;
      const current = await this.store.superAuraOf(userId, session);
      if (
        current &&
        current.subscription_id &&
        subscriptionId &&
        current.subscription_id !== subscriptionId
      ) {
        // An event of an older subscription of this member: it only matters if it is newer news.
        if (version < current.version) return false;
      }
      const older =
        current &&
        (version < current.version || (version === current.version && !current.active && change.active));
      if (current && older) {
        // Older news: only facts it alone carries (the plan and customer, from the checkout) are kept.
        if (!current.plan && change.plan)
          await this.store.setCheckoutFacts(
            userId,
            change.plan,
            change.customer_id || current.customer_id,
            session,
          );
        return false;
      }
      const next: SuperAuraDoc = {
        _id: userId,
        plan: change.plan ?? current?.plan ?? '',
        subscription_id: subscriptionId || current?.subscription_id || '',
        customer_id: change.customer_id || current?.customer_id || '',
        active: change.active ?? current?.active ?? false,
        current_period_end: change.current_period_end ?? current?.current_period_end ?? null,
        cancel_at_period_end: change.cancel_at_period_end ?? current?.cancel_at_period_end ?? false,
        version,
        updated_at: new Date(),
      };
      if (
        extendOnly &&
        current?.current_period_end &&
        next.current_period_end &&
        next.current_period_end < current.current_period_end
      )
        next.current_period_end = current.current_period_end;
      await this.store.replaceSuperAura(next, session);
      const before = toStatus(current);
      const after = toStatus(next);
      if (
        before.isSuperAura !== after.isSuperAura ||
        before.currentPeriodEnd !== after.currentPeriodEnd ||
        !current
      )
        await this.announce(tx, next, after);
      return true;
    });
  }

  private async announce(
    tx: LedgerTransaction,
    doc: SuperAuraDoc,
    status: SuperAuraStatusView,
  ): Promise<void> {
    const key = `superaura:${doc._id}:${doc.version}:${status.isSuperAura ? 1 : 0}:${status.currentPeriodEnd}`;
    const event = createEvent('economy', 'superaura.changed', doc._id, {
      userId: doc._id,
      isSuperAura: status.isSuperAura,
      until: status.isSuperAura ? status.currentPeriodEnd : '',
      plan: status.isSuperAura ? doc.plan : '',
      version: doc.version,
      changedAt: new Date().toISOString(),
    });
    event.id = uuidFrom(key);
    await tx.storeEvents(`superaura:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`, [event]);
    this.logger.info(
      { userId: doc._id, isSuperAura: status.isSuperAura, until: status.currentPeriodEnd },
      'SuperAura changed',
    );
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
    const signature = this.webhooks.generateTestHeaderString({ payload, secret });
    return { payload: Buffer.from(payload), signature, redirectUrl: fillSessionId(doc.success_url, doc._id) };
  }
}

const fillSessionId = (url: string, sessionId: string) => url.replace('{CHECKOUT_SESSION_ID}', sessionId);

function toStatus(doc: SuperAuraDoc | null): SuperAuraStatusView {
  const end = doc?.current_period_end ?? null;
  const isSuperAura = Boolean(doc?.active) && (!end || end.getTime() > Date.now());
  return {
    isSuperAura,
    plan: isSuperAura ? (doc?.plan ?? '') : '',
    currentPeriodEnd: isSuperAura && end ? end.toISOString() : '',
    cancelAtPeriodEnd: isSuperAura ? Boolean(doc?.cancel_at_period_end) : false,
  };
}
