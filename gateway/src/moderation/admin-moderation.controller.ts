import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Roles } from '../auth/auth.decorators';
import { SessionsService } from '../auth/sessions.service';
import { AdminClient } from '../clients/admin.client';
import { IdentityClient } from '../clients/identity.client';
import { ApiForbidden, ApiMalformedBody, ApiMissing, ApiRule, ApiSignedIn } from '../common/api-docs';
import {
  CaseActionBody,
  CasesQuery,
  LiftRestrictionBody,
  ModerationActionPageResponse,
  ModerationActionsQuery,
  ModerationCaseDetailResponse,
  ModerationCasePageResponse,
} from './moderation.dto';
import { toAction, toCase, toCaseDetail } from './moderation.mappers';

export const ADMINS_NOT_RESTRICTED = 'Admins cannot be suspended or banned: change their role first';

/** The admin panel's Moderation tab: the queue, a case, acting on it, and the audit log. */
@ApiTags('admin')
@ApiSignedIn()
@Controller('admin/moderation')
export class AdminModerationController {
  constructor(
    private readonly admin: AdminClient,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
  ) {}

  /** Open cases by default, the most recently reported first. */
  @Get('cases')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: ModerationCasePageResponse })
  @ApiForbidden('Not an admin')
  @ApiMalformedBody()
  async cases(
    @Query() query: CasesQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ModerationCasePageResponse> {
    const page = await this.admin.listCases(caller, {
      status: query.status ?? '',
      targetType: query.target_type ?? '',
      reason: query.reason ?? '',
      limit: query.limit ?? 0,
      cursor: query.cursor ?? '',
    });
    return { cases: page.cases.map(toCase), next_cursor: page.nextCursor };
  }

  /** The case with every report (reporter, reason, details), its actions and the member's earlier cases. */
  @Get('cases/:id')
  @Roles('admin', 'super_admin')
  @ApiParam({ name: 'id', description: 'Case id' })
  @ApiOkResponse({ type: ModerationCaseDetailResponse })
  @ApiForbidden('Not an admin')
  @ApiMissing('"Case not found"')
  async detail(
    @Param('id') id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ModerationCaseDetailResponse> {
    return toCaseDetail(await this.admin.getCase(caller, id));
  }

  /**
   * Closes the case with one action and a reason, written to the audit log; the member is notified
   * (except for dismiss). remove hides the content everywhere; suspend (1–365 days) and ban restrict
   * the member, and a ban ends their sessions at once.
   */
  @Post('cases/:id/actions')
  @Roles('admin', 'super_admin')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Case id' })
  @ApiOkResponse({ type: ModerationCaseDetailResponse })
  @ApiRule('"This case is already closed"')
  @ApiForbidden(`"You cannot act on a report about yourself", "${ADMINS_NOT_RESTRICTED}"`)
  @ApiMissing('"Case not found"')
  @ApiMalformedBody(
    '"Please give a reason", "A suspension lasts 1 to 365 days", "Only a post, story, comment or message can be removed"',
  )
  async act(
    @Param('id') id: string,
    @Body() body: CaseActionBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ModerationCaseDetailResponse> {
    const restricting = body.action === 'suspend' || body.action === 'ban';
    if (restricting) {
      const found = await this.admin.getCase(caller, id);
      const member = await this.identity.getUser(found.case!.member!.id, caller);
      if (member.role !== 'user') throw new ForbiddenException({ detail: ADMINS_NOT_RESTRICTED });
    }
    const detail = await this.admin.actOnCase(caller, {
      caseId: id,
      action: body.action,
      reason: body.reason ?? '',
      days: body.days ?? 0,
    });
    // The ban reaches identity as an event; until then (and until its tokens expire) the gateway
    // refuses the member's tokens itself.
    if (body.action === 'ban') await this.sessions.memberBanned(detail.case!.member!.id);
    return toCaseDetail(detail);
  }

  /**
   * Ends the suspension or ban the case imposed before its time, with a reason (audit log, and the
   * member is told). The tokens a ban ended stay ended; the member can sign in again.
   */
  @Post('cases/:id/lift')
  @Roles('admin', 'super_admin')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'Case id' })
  @ApiOkResponse({ type: ModerationCaseDetailResponse })
  @ApiRule('"This case has no suspension or ban to lift" (also when lifted already)')
  @ApiForbidden('"You cannot act on a report about yourself"')
  @ApiMissing('"Case not found"')
  @ApiMalformedBody('"Please give a reason", "The reason can be at most 500 characters"')
  async lift(
    @Param('id') id: string,
    @Body() body: LiftRestrictionBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ModerationCaseDetailResponse> {
    const detail = await this.admin.liftRestriction(caller, { caseId: id, reason: body.reason ?? '' });
    if (detail.case!.resolution === 'ban') await this.sessions.memberUnbanned(detail.case!.member!.id);
    return toCaseDetail(detail);
  }

  /** Every moderation action, newest first: who did what to whom, and why. */
  @Get('actions')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: ModerationActionPageResponse })
  @ApiForbidden('Not an admin')
  @ApiMalformedBody()
  async actions(
    @Query() query: ModerationActionsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<ModerationActionPageResponse> {
    const page = await this.admin.listModerationActions(caller, {
      memberId: query.member_id ?? '',
      limit: query.limit ?? 0,
      cursor: query.cursor ?? '',
    });
    return { actions: page.actions.map(toAction), next_cursor: page.nextCursor };
  }
}
