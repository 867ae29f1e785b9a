import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import {
  ApiMalformedBody,
  ApiMissing,
  ApiRule,
  ApiSignedIn,
  ApiSpends,
  DAILY_LIMIT_RULE,
} from '../common/api-docs';
import { SentResponse, TipRequest, TransferRequest } from './economy.dto';
import { amountMicroOf, toSent } from './economy.mappers';
import { RateLimit } from '../rate-limit/rate-limit';

const SEND_RULES =
  '"Please select a recipient", "Please enter a valid amount", "The minimum amount is 0.001 AC", ' +
  '"Insufficient balance", "Message must be at most 200 characters", "You cannot send AuraCoins to yourself", ' +
  `"You cannot send AuraCoins to this user" (a block either way), ${DAILY_LIMIT_RULE}`;

@ApiTags('wallet')
@ApiSignedIn()
@Controller()
export class PaymentsController {
  constructor(private readonly economy: EconomyClient) {}

  /** Send Energy: a tip in AC (USD is coming soon). */
  @Post('tips/send')
  @RefusedWhileSuspended()
  @RateLimit('money')
  @HttpCode(200)
  @ApiSpends('send')
  @ApiOkResponse({
    type: SentResponse,
    description: 'Sent: the message names the amount, currency and recipient',
  })
  @ApiRule(`${SEND_RULES}, "USD is coming soon: only AC can be sent for now"`)
  @ApiMissing()
  @ApiMalformedBody('A field of the wrong type, or a currency other than AC/USD')
  async tip(
    @Body() body: TipRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<SentResponse> {
    const receipt = await this.economy.sendTip(
      caller,
      {
        recipientId: body.recipient_id ?? '',
        amountMicro: amountMicroOf(body.amount),
        currency: body.currency ?? 'AC',
        message: body.message ?? '',
        confirmPause: body.confirm_pause === true,
      },
      idempotencyKey || undefined,
    );
    return toSent(receipt);
  }

  /** Send AuraCoins (the wallet's Send tab). */
  @Post('payments/transfer')
  @RefusedWhileSuspended()
  @RateLimit('money')
  @HttpCode(200)
  @ApiSpends('send')
  @ApiOkResponse({ type: SentResponse, description: 'Sent' })
  @ApiRule(SEND_RULES)
  @ApiMissing()
  @ApiMalformedBody()
  async transfer(
    @Body() body: TransferRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<SentResponse> {
    const receipt = await this.economy.transfer(
      caller,
      {
        recipientId: body.recipient_id ?? '',
        amountMicro: amountMicroOf(body.amount),
        currency: 'AC',
        message: body.message ?? '',
        confirmPause: body.confirm_pause === true,
      },
      idempotencyKey || undefined,
    );
    return toSent(receipt);
  }
}
