import {
  BadGatewayException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { tryAgainShortly } from '../common/try-again';
import { ApiExcludeEndpoint, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Public, SignedIn } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { GATEWAY_LOGGER } from '../common/tokens';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { microToAc } from '../common/amounts';
import { ApiMalformedBody, ApiMissing, ApiRule, ApiSignedIn } from '../common/api-docs';
import { testCheckoutPage } from './test-checkout-page';
import {
  CheckoutSessionBody,
  CheckoutSessionResponse,
  CheckoutStatusResponse,
  TopUpPackageResponse,
  WebhookResponse,
} from './topups.dto';
import { RateLimit } from '../rate-limit/rate-limit';
import { RequestDeadline, SLOW_CALL_DEADLINE_MS } from '../common/request-deadline';

/** The local test checkout's Pay waits this long for its own webhook. */
const TEST_WEBHOOK_DEADLINE_MS = 10_000;

export const ORIGIN_RULE = '"origin_url must be an allowed origin"';

/** A test-mode checkout URL is a path on the gateway: make it absolute with the origin the browser used. */
export function absoluteCheckoutUrl(request: FastifyRequest, url: string): string {
  return url.startsWith('/') ? `${request.protocol}://${request.host}${url}` : url;
}

/**
 * Card top-ups (spec 001 §3, §8): packages, Stripe Checkout sessions, their status (which credits a paid
 * session once), the Stripe webhook (raw body, signature checked by economy), and without Stripe keys
 * the local test checkout page.
 */
@ApiTags('wallet')
@SignedIn()
@Controller('payments')
export class TopUpsController {
  constructor(
    private readonly economy: EconomyClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  /** Public (any bearer header is ignored): the AuraCoin packages on sale. */
  @Public()
  @Get('packages')
  @ApiOkResponse({ type: [TopUpPackageResponse], description: 'auracoin_amount includes the bonus' })
  async packages(): Promise<TopUpPackageResponse[]> {
    const { packages } = await this.economy.listTopUpPackages();
    return packages.map((pack) => ({
      id: pack.id,
      name: pack.name,
      auracoin_amount: microToAc(Number(pack.amountMicro)),
      usd_price: Number(pack.usdCents) / 100,
      bonus_percentage: pack.bonusPercentage,
      is_popular: pack.isPopular,
    }));
  }

  @Post('checkout/session')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @RateLimit('money')
  @HttpCode(200)
  @ApiSignedIn()
  @ApiOkResponse({ type: CheckoutSessionResponse, description: 'Navigate the browser to checkout_url' })
  @ApiRule(`"Package not found", ${ORIGIN_RULE}`)
  @ApiMalformedBody()
  async checkout(
    @Body() body: CheckoutSessionBody,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
  ): Promise<CheckoutSessionResponse> {
    const session = await this.economy.createCheckoutSession(caller, {
      packageId: body.package_id ?? '',
      originUrl: body.origin_url ?? '',
    });
    return { checkout_url: absoluteCheckoutUrl(request, session.checkoutUrl), session_id: session.sessionId };
  }

  @Get('checkout/status/:session_id')
  @RequestDeadline(SLOW_CALL_DEADLINE_MS)
  @ApiSignedIn()
  @ApiOkResponse({ type: CheckoutStatusResponse })
  @ApiMissing('"Checkout session not found" (also another member’s session)')
  async status(
    @Param('session_id') sessionId: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<CheckoutStatusResponse> {
    const status = await this.economy.getCheckoutStatus(caller, sessionId);
    return {
      payment_status: status.paymentStatus,
      status: status.status,
      auracoin_amount: microToAc(Number(status.amountMicro)),
    };
  }

  /** Stripe's webhook: the exact bytes go to economy, which verifies the signature and acts once. */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  @ApiHeader({ name: 'stripe-signature', required: true })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiRule('"Invalid signature"')
  async webhook(
    @Req() request: FastifyRequest & { rawBody?: Buffer },
    @Headers('stripe-signature') signature?: string,
  ): Promise<WebhookResponse> {
    await this.economy.handleStripeWebhook(request.rawBody ?? Buffer.alloc(0), signature ?? '');
    return { received: true };
  }

  // ---- the local test checkout page (no Stripe keys; 404 in production) -------------------------

  @Public()
  @Get('test-checkout/:session_id')
  @ApiExcludeEndpoint()
  async testCheckout(@Param('session_id') sessionId: string, @Res() reply: FastifyReply): Promise<void> {
    const session = await this.economy.getTestCheckout(sessionId);
    await reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Its own policy (its styles are inline; no script at all). No form-action: Pay and Cancel post
      // here and are redirected back to the app, which may be on another origin in development.
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
      )
      .send(testCheckoutPage(session));
  }

  @Public()
  @Post('test-checkout/:session_id/pay')
  @ApiExcludeEndpoint()
  async pay(@Param('session_id') sessionId: string, @Res() reply: FastifyReply): Promise<void> {
    const signed = await this.economy.payTestCheckout(sessionId);
    // The same signed webhook Stripe would send, through the same endpoint.
    const host = ['0.0.0.0', '::', ''].includes(this.config.AURA_BIND_HOST)
      ? '127.0.0.1'
      : this.config.AURA_BIND_HOST;
    const answer = await fetch(`http://${host}:${this.config.GATEWAY_PORT}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      body: Buffer.from(signed.payload),
      // Within the member's patience: economy restarting must not hold the page (docs/reliability.md).
      signal: AbortSignal.timeout(TEST_WEBHOOK_DEADLINE_MS),
    }).catch((error: unknown) => {
      this.logger.error({ err: error, sessionId }, 'test checkout: the webhook could not be delivered');
      return undefined;
    });
    if (answer === undefined || answer.status === 503) {
      // Paying again is safe: the webhook credits a session once.
      throw tryAgainShortly('The test payment could not be confirmed: try again');
    }
    if (!answer.ok) throw new BadGatewayException('The test payment could not be confirmed');
    await reply.redirect(signed.redirectUrl, 303);
  }

  @Public()
  @Post('test-checkout/:session_id/cancel')
  @ApiExcludeEndpoint()
  async cancel(@Param('session_id') sessionId: string, @Res() reply: FastifyReply): Promise<void> {
    const session = await this.economy.getTestCheckout(sessionId);
    await reply.redirect(session.cancelUrl, 303);
  }
}
