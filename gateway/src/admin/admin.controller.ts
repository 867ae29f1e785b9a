import { BadRequestException, Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Role } from '@aura/platform';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, Roles } from '../auth/auth.decorators';
import { SessionsService } from '../auth/sessions.service';
import { toUserResponse, UserResponse } from '../auth/auth.dto';
import { AdminClient } from '../clients/admin.client';
import { EconomyClient } from '../clients/economy.client';
import { IdentityClient } from '../clients/identity.client';
import { microToAc, parseAcToMicro } from '../common/amounts';
import { ApiForbidden, ApiMalformedBody, ApiMissing, ApiRule, ApiSignedIn } from '../common/api-docs';
import { objectIdMemberIdOf } from '../common/member-id.pipe';
import {
  AdminUsersQuery,
  AdminUserUpdateBody,
  DashboardHistoryQuery,
  DashboardHistoryResponse,
  DashboardStatsResponse,
  EconomySettingsBody,
  EconomySettingsResponse,
} from './admin.dto';

/** The admin panel's Dashboard, Users and Settings tabs (spec 001 §2, §6). */
@ApiTags('admin')
@ApiSignedIn()
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminClient,
    private readonly identity: IdentityClient,
    private readonly economy: EconomyClient,
    private readonly sessions: SessionsService,
  ) {}

  /** From admin's read model of every service's events (definitions: services/admin/README.md). */
  @Get('dashboard/stats')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: DashboardStatsResponse })
  @ApiForbidden('Not an admin')
  async stats(@CurrentCaller() caller: AuthenticatedCaller): Promise<DashboardStatsResponse> {
    const s = await this.admin.dashboardStats(caller);
    return {
      total_users: Number(s.totalUsers),
      new_registrations_24h: Number(s.newRegistrations24h),
      engagement_rate: s.engagementRate,
      active_users_24h: Number(s.activeUsers24h),
      daily_revenue: microToAc(Number(s.dailyRevenueUsdMicro), 2),
      total_auracoin_distributed: microToAc(Number(s.totalAuracoinDistributedMicro)),
      pending_withdrawals: Number(s.pendingWithdrawals),
      open_support_tickets: Number(s.openSupportTickets),
      total_posts_today: Number(s.totalPostsToday),
      total_comments_today: Number(s.totalCommentsToday),
      total_stories_today: Number(s.totalStoriesToday),
    };
  }

  /** The dashboard's figures per UTC day over the last 7 or 30 days, for the trend charts. */
  @Get('dashboard/history')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: DashboardHistoryResponse })
  @ApiForbidden('Not an admin')
  @ApiMalformedBody()
  async history(
    @Query() query: DashboardHistoryQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<DashboardHistoryResponse> {
    const history = await this.admin.dashboardHistory(caller, query.days ?? 7);
    return {
      days: history.days,
      points: history.points.map((day) => ({
        date: day.date,
        new_registrations: Number(day.newRegistrations),
        active_users: Number(day.activeUsers),
        posts: Number(day.posts),
        comments: Number(day.comments),
        stories: Number(day.stories),
        revenue_usd: microToAc(Number(day.revenueUsdMicro), 2),
      })),
    };
  }

  /**
   * `role=all&limit=100`, or search text (`search`, `q` or `query`) with at most 20 answers; e-mail
   * included. The admin table pages with `offset` and orders with `sort` and `order`; `X-Total-Count`
   * tells how many members match in all.
   */
  @Get('users')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({
    type: UserResponse,
    isArray: true,
    headers: { 'X-Total-Count': { description: 'Members matching the filter', schema: { type: 'integer' } } },
  })
  @ApiForbidden('Not an admin')
  @ApiMalformedBody()
  async users(
    @Query() query: AdminUsersQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponse[]> {
    const search = (query.search ?? query.q ?? query.query ?? '').trim();
    const { users, total } = await this.identity.adminListUsers(caller, {
      role: query.role ?? 'all',
      search,
      limit: query.limit ?? 0,
      sort: query.sort ?? '',
      ascending: query.order === 'asc',
      offset: query.offset ?? 0,
    });
    void reply.header('x-total-count', String(total));
    return users.map((user) => toUserResponse(user, { includeEmail: true }));
  }

  /** A member's role or SuperAura flag: super admin only, never one's own role, one super admin remains. */
  @Put('users/:id')
  @Roles('super_admin')
  @ApiParam({ name: 'id', description: 'Member id' })
  @ApiOkResponse({ type: UserResponse })
  @ApiRule(
    '"You cannot change your own role", "At least one super admin must remain", "Nothing to update: give a role or is_super_aura"',
  )
  @ApiForbidden('Not a super admin')
  @ApiMissing()
  @ApiMalformedBody('"Role must be one of user, admin, super_admin", "is_super_aura must be true or false"')
  async updateUser(
    @Param('id') id: string,
    @Body() body: AdminUserUpdateBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<UserResponse> {
    // Checked here, not by a pipe: a malformed body (422) is answered before a wrong id.
    const userId = objectIdMemberIdOf(id);
    const user = await this.identity.adminUpdateUser(caller, {
      userId,
      role: body.role,
      isSuperAura: body.is_super_aura,
    });
    // Tokens issued with the old role are refused from now on, and the member's sockets close: a
    // demoted admin stops seeing admin data (e-mails) at once, not when the token expires.
    if (body.role !== undefined) await this.sessions.roleChanged(user.id, user.role as Role);
    return toUserResponse(user, { includeEmail: true });
  }

  /** The economy's settings (the genie bottle price is genies': GET /api/genies/bottles). */
  @Get('settings')
  @Roles('admin', 'super_admin')
  @ApiOkResponse({ type: EconomySettingsResponse })
  @ApiForbidden('Not an admin')
  async settings(@CurrentCaller() caller: AuthenticatedCaller): Promise<EconomySettingsResponse> {
    return toSettings(await this.economy.getEconomySettings(caller));
  }

  /** Minimum withdrawal and post reward, used by withdrawals and rewards from then on. */
  @Put('settings')
  @Roles('super_admin')
  @ApiOkResponse({ type: EconomySettingsResponse })
  @ApiRule(
    '"Minimum withdrawal must be between $1 and $10,000 (whole cents)", "Post reward must be between 0 and 1 AuraCoin, in steps of 0.001"',
  )
  @ApiForbidden('Not a super admin')
  async updateSettings(
    @Body() body: EconomySettingsBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<EconomySettingsResponse> {
    return toSettings(
      await this.economy.updateEconomySettings(caller, {
        minWithdrawalUsdMicro: optionalMicro(body.min_withdrawal_usd, 'min_withdrawal_usd'),
        postRewardMicro: optionalMicro(body.post_reward_ac, 'post_reward_ac'),
      }),
    );
  }
}

function optionalMicro(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = parseAcToMicro(value);
  if (parsed.ok) return parsed.micro;
  // A negative number parses as "not positive": let the service judge the range with its message.
  if (typeof value === 'number' && Number.isSafeInteger(Math.round(value * 1_000_000)))
    return Math.round(value * 1_000_000);
  throw new BadRequestException({ detail: `${field} must be a number` });
}

function toSettings(settings: {
  minWithdrawalUsdMicro: number;
  postRewardMicro: number;
  updatedAt: string;
}): EconomySettingsResponse {
  return {
    min_withdrawal_usd: microToAc(Number(settings.minWithdrawalUsdMicro), 2),
    post_reward_ac: microToAc(Number(settings.postRewardMicro)),
    updated_at: settings.updatedAt || null,
  };
}
