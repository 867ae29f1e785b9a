import { Caller, createEvent, LOGGER, RuleViolation } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { uuidFrom } from '../ledger/ids';
import { Ledger, type LedgerTransaction } from '../ledger/ledger';
import { MembersRepository } from '../members/members.repository';
import { TOPUPS_OPTIONS } from '../tokens';
import { periodEnd } from './billing-period';
import { CheckoutSessions } from '../topups/checkout-sessions';
import { isPlan, SUPER_AURA_PLANS, TopUpMessages } from '../topups/packages';
import type { CheckoutSessionDoc } from '../topups/topups.repository';
import type { TopUpsOptions } from '../topups/topups.service';
import { SuperAuraDoc, SuperAuraRepository } from './superaura.repository';

export interface SuperAuraStatusView {
  isSuperAura: boolean;
  plan: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

/**
 * SuperAura, the subscription, bought through Stripe Checkout in subscription mode (PRODUCT-DECISIONS.md
 * "Money"). A member's state only takes a billing event newer than the one it was last written from;
 * each change is one transaction with its superaura.changed event.
 */
@Injectable()
export class SuperAuraService implements OnModuleInit {
  constructor(
    @Inject(SuperAuraRepository) private readonly repository: SuperAuraRepository,
    @Inject(CheckoutSessions) private readonly sessions: CheckoutSessions,
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TOPUPS_OPTIONS) private readonly options: TopUpsOptions,
  ) {}

  /** Its index, once the ledger's collections are there. */
  async onModuleInit(): Promise<void> {
    await this.ledger.ready();
    await this.repository.ensureIndexes();
  }

  async checkout(caller: Caller, plan: string, originUrl: string) {
    if (!isPlan(plan)) throw new RuleViolation(TopUpMessages.choosePlan);
    if ((await this.status(caller)).isSuperAura) throw new RuleViolation(TopUpMessages.alreadySuperAura);
    const member = await this.members.find(caller.userId, { askIdentity: false });
    if (member?.isSuperAura) throw new RuleViolation(TopUpMessages.alreadySuperAura);
    const chosen = SUPER_AURA_PLANS[plan];
    return this.sessions.start(caller, originUrl, {
      mode: 'subscription',
      package_id: '',
      amount_micro: 0,
      plan,
      usd_cents: chosen.usdCents,
      description: chosen.name,
    });
  }

  async status(caller: Caller): Promise<SuperAuraStatusView> {
    return toStatus(await this.repository.stateOf(caller.userId));
  }

  async cancel(caller: Caller): Promise<SuperAuraStatusView> {
    const doc = await this.repository.stateOf(caller.userId);
    if (!doc || !toStatus(doc).isSuperAura) throw new RuleViolation(TopUpMessages.noSubscription);
    if (!doc.cancel_at_period_end) {
      if (doc.subscription_id && this.options.provider.kind === 'stripe')
        await this.options.provider.cancelAtPeriodEnd(doc.subscription_id);
      await this.repository.setCancelAtPeriodEnd(doc._id);
      this.logger.info(
        { userId: doc._id, subscriptionId: doc.subscription_id },
        'SuperAura cancelled at period end',
      );
    }
    return toStatus({ ...doc, cancel_at_period_end: true });
  }

  /**
   * A completed subscription-mode checkout: the period end from Stripe's subscription, or (test mode)
   * one plan interval from the event.
   */
  async started(
    doc: CheckoutSessionDoc,
    subscriptionId: string,
    customerId: string,
    version: number,
  ): Promise<void> {
    const remote = subscriptionId ? await this.options.provider.retrieveSubscription(subscriptionId) : null;
    const interval = isPlan(doc.plan) ? SUPER_AURA_PLANS[doc.plan].interval : 'month';
    const end = remote?.periodEnd
      ? new Date(remote.periodEnd * 1000)
      : periodEnd(new Date(version), interval);
    await this.apply(subscriptionId, doc.user_id, version, {
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
   * `extendOnly`: the period end never moves back.
   */
  async apply(
    subscriptionId: string,
    userIdHint: string,
    version: number,
    change: Partial<SuperAuraDoc>,
    { extendOnly = false } = {},
  ): Promise<boolean> {
    const byId = subscriptionId ? await this.repository.stateBySubscription(subscriptionId) : null;
    const userId = byId?._id ?? userIdHint;
    if (!userId) {
      this.logger.warn({ subscriptionId }, 'billing event for an unknown subscription ignored');
      return false;
    }
    // One transaction: a concurrent event for this member conflicts with it and it decides again.
    return this.ledger.transaction([], async (tx) => {
      const session = tx.session;
      const current = await this.repository.stateOf(userId, session);
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
          await this.repository.setCheckoutFacts(
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
      await this.repository.replace(next, session);
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
}

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
