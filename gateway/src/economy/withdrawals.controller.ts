import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  Get,
  Headers,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { economy } from '@aura/proto';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended, Roles, SignedIn } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import { IdentityClient } from '../clients/identity.client';
import { microToAc } from '../common/amounts';
import {
  ApiForbidden,
  ApiIdempotent,
  ApiMalformedBody,
  ApiMissing,
  ApiRule,
  ApiSignedIn,
} from '../common/api-docs';
import { amountMicroOf } from './economy.mappers';
import {
  AdminWithdrawalsQuery,
  ProcessWithdrawalQuery,
  WithdrawalProcessedResponse,
  WithdrawalRequestBody,
  WithdrawalRequestedResponse,
  WithdrawalResponse,
} from './withdrawals.dto';
import { RateLimit } from '../rate-limit/rate-limit';

export const WITHDRAWAL_NOT_FOUND = 'Withdrawal request not found';
export const PASSWORD_REQUIRED = 'Please enter your password to confirm the withdrawal';
export const INCORRECT_PASSWORD = 'Incorrect password';
export const REQUESTED = 'Withdrawal request submitted. It will be processed in 1 to 3 business days.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toWithdrawal(w: economy.Withdrawal): WithdrawalResponse {
  return {
    id: w.id,
    user: { id: w.userId, username: w.username },
    paypal_email: w.paypalEmail,
    amount: microToAc(w.amountUsdMicro),
    amount_ac: microToAc(w.amountMicro),
    coin_price_usd: microToAc(w.coinPriceMicroUsd, 6),
    status: w.status as WithdrawalResponse['status'],
    admin_notes: w.adminNotes,
    created_at: w.createdAt,
    processed_at: w.processedAt || null,
    payout_reference: w.payoutReference,
  };
}

/** A member's PayPal withdrawals (the wallet's Withdraw tab). */
@ApiTags('wallet')
@ApiSignedIn()
@SignedIn()
@Controller('withdrawals')
export class WithdrawalsController {
  constructor(
    private readonly economy: EconomyClient,
    private readonly identity: IdentityClient,
  ) {}

  /**
   * Holds the AC equivalent of the dollars at the current coin price until a super admin decides.
   * The member's password is asked again (checked by identity first): money never leaves on a token
   * alone.
   */
  @Post('request')
  @RefusedWhileSuspended()
  @RateLimit('withdrawals')
  @HttpCode(200)
  @ApiIdempotent()
  @ApiOkResponse({ type: WithdrawalRequestedResponse })
  @ApiRule(
    '"Please enter a valid amount", "Minimum withdrawal amount is $10", "Please enter a valid PayPal email", ' +
      '"You already have a pending withdrawal request. Only one pending request at a time.", "Insufficient balance", ' +
      `"${PASSWORD_REQUIRED}"`,
  )
  @ApiForbidden(`"${INCORRECT_PASSWORD}": the password is checked before any rule`)
  @ApiMalformedBody()
  async request(
    @Body() body: WithdrawalRequestBody,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<WithdrawalRequestedResponse> {
    if (!body.password) throw new BadRequestException({ detail: PASSWORD_REQUIRED });
    await this.identity.verifyPassword(caller, body.password).catch((error: { code?: number }) => {
      if (error.code === 7 /* PERMISSION_DENIED */)
        throw new ForbiddenException({ detail: INCORRECT_PASSWORD });
      throw error;
    });
    const withdrawal = await this.economy.requestWithdrawal(
      caller,
      { amountUsdMicro: amountMicroOf(body.amount), paypalEmail: body.paypal_email ?? '' },
      idempotencyKey || undefined,
    );
    return { message: REQUESTED, withdrawal: toWithdrawal(withdrawal) };
  }

  /** The caller's own requests, newest first. */
  @Get()
  @ApiOkResponse({ type: WithdrawalResponse, isArray: true })
  async mine(@CurrentCaller() caller: AuthenticatedCaller): Promise<WithdrawalResponse[]> {
    const { withdrawals } = await this.economy.listMyWithdrawals(caller);
    return withdrawals.map(toWithdrawal);
  }
}

/** The admin panel's Withdrawals tab: admins see the requests, super admins decide them. */
@ApiTags('admin')
@ApiSignedIn()
@Controller('admin/withdrawals')
export class AdminWithdrawalsController {
  constructor(private readonly economy: EconomyClient) {}

  @Get()
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: WithdrawalResponse, isArray: true, description: 'Newest first' })
  @ApiForbidden('Not an admin')
  @ApiMalformedBody(
    '"status must be pending, approved or rejected", "limit must be an integer from 1 to 500"',
  )
  async list(
    @Query() query: AdminWithdrawalsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<WithdrawalResponse[]> {
    const { withdrawals } = await this.economy.listWithdrawals(caller, {
      status: query.status ?? '',
      limit: query.limit ?? 0,
    });
    return withdrawals.map(toWithdrawal);
  }

  /** Approve (the held AC are paid out; a payout reference is recorded) or reject (they go back). */
  @Post(':id/process')
  @Roles('super_admin')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Withdrawal request id' })
  @ApiOkResponse({ type: WithdrawalProcessedResponse })
  @ApiRule(
    '"This withdrawal request has already been processed" (pending requests only), "Admin notes must be at most 500 characters"',
  )
  @ApiForbidden('Not a super admin')
  @ApiMissing('"Withdrawal request not found"')
  @ApiMalformedBody('"action must be approve or reject"')
  async process(
    @Param('id') id: string,
    @Query() query: ProcessWithdrawalQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<WithdrawalProcessedResponse> {
    if (!UUID.test(id)) throw new NotFoundException({ detail: WITHDRAWAL_NOT_FOUND });
    const withdrawal = await this.economy.processWithdrawal(caller, {
      withdrawalId: id.toLowerCase(),
      action: query.action,
      adminNotes: query.admin_notes ?? '',
    });
    return {
      message: withdrawal.status === 'approved' ? 'Withdrawal approved' : 'Withdrawal rejected',
      withdrawal: toWithdrawal(withdrawal),
    };
  }
}
