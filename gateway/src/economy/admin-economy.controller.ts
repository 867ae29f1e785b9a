import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Roles } from '../auth/auth.decorators';
import { EconomyClient } from '../clients/economy.client';
import {
  ApiForbidden,
  ApiIdempotent,
  ApiMalformedBody,
  ApiMissing,
  ApiRule,
  ApiSignedIn,
} from '../common/api-docs';
import { memberIdOf, MemberIdPipe } from '../common/member-id.pipe';
import { AdjustRequest, AdjustResponse, LedgerReportResponse, WalletResponse } from './economy.dto';
import { signedAmountMicroOf, toAdjusted, toLedgerReport, toWallet } from './economy.mappers';

@ApiTags('admin')
@ApiSignedIn()
@Controller('admin')
export class AdminEconomyController {
  constructor(private readonly economy: EconomyClient) {}

  /** A goodwill credit or a correction, against the adjustments account; audit-logged. */
  @Post('wallets/:userId/adjust')
  @Roles('super_admin')
  @HttpCode(200)
  @ApiParam({ name: 'userId', description: 'Member id' })
  @ApiIdempotent()
  @ApiOkResponse({ type: AdjustResponse })
  @ApiRule(
    '"Please enter a valid amount", "Please enter a reason", "Insufficient balance" (a debit below zero)',
  )
  @ApiForbidden('Not a super admin')
  @ApiMissing()
  @ApiMalformedBody()
  async adjust(
    @Param('userId') userId: string,
    @Body() body: AdjustRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<AdjustResponse> {
    // Checked here, not by a pipe: a malformed body (422) is answered before a wrong id.
    const member = memberIdOf(userId);
    const amountMicro = signedAmountMicroOf(body.amount);
    const receipt = await this.economy.adminAdjust(
      caller,
      { userId: member, amountMicro, reason: body.reason ?? '' },
      idempotencyKey || undefined,
    );
    return toAdjusted(receipt, amountMicro);
  }

  /** A member's wallet, for admins (members read only their own, at GET /wallet). */
  @Get('wallets/:userId')
  @Roles('admin', 'super_admin')
  @ApiParam({ name: 'userId', description: 'Member id' })
  @ApiOkResponse({ type: WalletResponse })
  @ApiForbidden('Not an admin')
  @ApiMissing()
  async wallet(
    @Param('userId', MemberIdPipe) userId: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<WalletResponse> {
    return toWallet(await this.economy.getWallet(caller, userId));
  }

  /** Recomputes every balance from the transfers and reports what does not add up. */
  @Get('ledger/verify')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: LedgerReportResponse })
  @ApiForbidden('Not an admin')
  async verify(@CurrentCaller() caller: AuthenticatedCaller): Promise<LedgerReportResponse> {
    return toLedgerReport(await this.economy.verifyLedger(caller));
  }
}
