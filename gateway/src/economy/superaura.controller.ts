import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { economy } from '@aura/proto';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { ApiMalformedBody, ApiRule, ApiSignedIn } from '../common/api-docs';
import { absoluteCheckoutUrl, ORIGIN_RULE } from './topups.controller';
import { CheckoutSessionResponse, SuperAuraCheckoutBody, SuperAuraStatusResponse } from './topups.dto';
import { RateLimit } from '../rate-limit/rate-limit';
import { RequestDeadline, SLOW_CALL_DEADLINE_MS } from '../common/request-deadline';

function toStatus(status: economy.SuperAuraStatus): SuperAuraStatusResponse {
  return {
    is_super_aura: status.isSuperAura,
    plan: status.plan || null,
    current_period_end: status.currentPeriodEnd || null,
    cancel_at_period_end: status.cancelAtPeriodEnd,
  };
}

/** SuperAura billing (spec 000 Upgrade tab): Stripe Checkout in subscription mode, status, cancel. */
@ApiTags('superaura')
@ApiSignedIn()
@SignedIn()
@Controller('superaura')
export class SuperAuraController {
  constructor(private readonly economy: EconomyClient) {}

  @Post('checkout')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @RateLimit('money')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutSessionResponse, description: 'Navigate the browser to checkout_url' })
  @ApiRule(`"You're Already SuperAura!", "Please choose a plan: monthly or annual", ${ORIGIN_RULE}`)
  @ApiMalformedBody()
  async checkout(
    @Body() body: SuperAuraCheckoutBody,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
  ): Promise<CheckoutSessionResponse> {
    const session = await this.economy.createSuperAuraCheckout(caller, {
      plan: body.plan ?? '',
      originUrl: body.origin_url ?? '',
    });
    return { checkout_url: absoluteCheckoutUrl(request, session.checkoutUrl), session_id: session.sessionId };
  }

  @Get('status')
  @ApiOkResponse({ type: SuperAuraStatusResponse })
  async status(@CurrentCaller() caller: AuthenticatedCaller): Promise<SuperAuraStatusResponse> {
    return toStatus(await this.economy.getSuperAuraStatus(caller));
  }

  @Post('cancel')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @HttpCode(200)
  @ApiOkResponse({ type: SuperAuraStatusResponse, description: 'SuperAura stays until current_period_end' })
  @ApiRule('"You don\'t have an active SuperAura subscription"')
  async cancel(@CurrentCaller() caller: AuthenticatedCaller): Promise<SuperAuraStatusResponse> {
    return toStatus(await this.economy.cancelSuperAura(caller));
  }
}
