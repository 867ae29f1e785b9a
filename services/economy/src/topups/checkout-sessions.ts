import { Caller, LOGGER, RuleViolation, Unavailable } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MembersRepository } from '../members/members.repository';
import { TOPUPS_OPTIONS } from '../tokens';
import { isPlan, returnUrls, SUPER_AURA_PLANS, TopUpMessages } from './packages';
import { CheckoutSessionDoc, TopUpsRepository } from './topups.repository';
import type { TopUpsOptions } from './topups.service';

/** What a checkout sells: a top-up package (mode payment) or a SuperAura plan (mode subscription). */
export type CheckoutFacts = Pick<
  CheckoutSessionDoc,
  'mode' | 'package_id' | 'amount_micro' | 'plan' | 'usd_cents' | 'description'
>;

/** Starts Checkout Sessions (top-ups and SuperAura alike), each recorded in checkout_sessions. */
@Injectable()
export class CheckoutSessions {
  constructor(
    @Inject(TopUpsRepository) private readonly store: TopUpsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TOPUPS_OPTIONS) private readonly options: TopUpsOptions,
  ) {}

  /** Refuses an origin that is not allowed, then a checkout while card payments are unavailable. */
  async start(
    caller: Caller,
    originUrl: string,
    facts: CheckoutFacts,
  ): Promise<{ checkoutUrl: string; sessionId: string }> {
    const urls = returnUrls(originUrl, this.options.allowedOrigins, this.options.production);
    if (!urls) throw new RuleViolation(TopUpMessages.badOrigin);
    if (this.options.provider.kind === 'test' && !this.options.testCheckout)
      throw new Unavailable(TopUpMessages.unavailable);
    const member = await this.members.find(caller.userId);
    const plan = facts.plan && isPlan(facts.plan) ? SUPER_AURA_PLANS[facts.plan] : undefined;
    const created = await this.options.provider.createSession({
      mode: facts.mode,
      userId: caller.userId,
      name: facts.description,
      usdCents: facts.usd_cents,
      interval: plan?.interval,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
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
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
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
}
