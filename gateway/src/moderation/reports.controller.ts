import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponse } from '../auth/auth.dto';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { AdminClient } from '../clients/admin.client';
import { ApiMalformedBody, ApiMissing, ApiSignedIn } from '../common/api-docs';
import { RateLimit } from '../rate-limit/rate-limit';
import { ReportBody, ReportReceiptResponse } from './moderation.dto';
import { ReportTargets } from './report-targets';

export const REPORT_RECEIVED = 'Thanks for letting us know. Our moderators will review it.';

/** A member reports a post, story, comment, message or member (issue 21 §3). */
@ApiTags('moderation')
@ApiSignedIn()
@SignedIn()
@Controller('reports')
export class ReportsController {
  constructor(
    private readonly admin: AdminClient,
    private readonly targets: ReportTargets,
  ) {}

  /**
   * Only what the member can see can be reported (404 otherwise); the case keeps what they saw. One
   * report per member while the case is open (409 "You have already reported this").
   */
  @Post()
  @HttpCode(201)
  @RateLimit('reports')
  @ApiCreatedResponse({ type: ReportReceiptResponse })
  @ApiResponse({ status: 409, type: ErrorResponse, description: '"You have already reported this"' })
  @ApiMissing('"Post not found", "Comment not found", "Message not found", "User not found"')
  @ApiMalformedBody(
    '"You cannot report yourself", "Details can be at most 500 characters", a field of the wrong type',
  )
  async report(
    @Body() body: ReportBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ReportReceiptResponse> {
    const target = await this.targets.snapshot(caller, body.target_type, body.target_id.trim());
    const receipt = await this.admin.createReport(caller, {
      target,
      reason: body.reason,
      details: body.details ?? '',
    });
    return { message: REPORT_RECEIVED, report_id: receipt.reportId };
  }
}
