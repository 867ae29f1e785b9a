import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { identity } from '@aura/proto';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { IdentityClient } from '../clients/identity.client';
import { ApiMalformed, ApiMember } from '../social/social.docs';
import { RateLimit } from '../rate-limit/rate-limit';
import {
  MoodCalendarQuery,
  MoodCalendarResponse,
  MoodTrendQuery,
  MoodTrendResponse,
  StreakResponse,
  WellnessStreaksResponse,
} from './wellness.dto';

const toStreak = (streak: identity.WellnessStreak | undefined): StreakResponse => ({
  current: streak?.current ?? 0,
  longest: streak?.longest ?? 0,
  done_today: streak?.doneToday ?? false,
});

/**
 * Wellbeing on the own profile (issue 23 item 6, docs/wellbeing.md): the caller's mood calendar, mood
 * and energy trend, streaks and a CSV of their check-ins and reflections (identity owns them).
 */
@ApiTags('profile')
@ApiMember()
@SignedIn()
@Controller('profile/wellness')
export class WellnessController {
  constructor(private readonly identity: IdentityClient) {}

  @Get('calendar')
  @ApiOkResponse({ type: MoodCalendarResponse, description: 'Every UTC day of the month with its mood' })
  @ApiMalformed('"month must be a calendar month YYYY-MM from 2000-01 to 2100-12", or it is not text')
  async calendar(
    @Query() query: MoodCalendarQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MoodCalendarResponse> {
    const month = query.month ?? new Date().toISOString().slice(0, 7);
    const calendar = await this.identity.getMoodCalendar(caller, month);
    return { month: calendar.month, days: calendar.days.map((day) => ({ ...day })) };
  }

  @Get('trend')
  @ApiOkResponse({ type: MoodTrendResponse, description: 'The mood and energy of each of the last days' })
  @ApiMalformed('"days must be 30 or 90"')
  async trend(
    @Query() query: MoodTrendQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MoodTrendResponse> {
    const trend = await this.identity.getMoodTrend(caller, query.days ?? 30);
    return {
      days: trend.points.length,
      points: trend.points.map((point) => ({
        day: point.day,
        checkins: point.checkins,
        mood_score: point.moodScore,
        energy: point.energy,
      })),
    };
  }

  @Get('streaks')
  @ApiOkResponse({ type: WellnessStreaksResponse, description: 'Check-in and reflection streaks, in days' })
  async streaks(@CurrentCaller() caller: AuthenticatedCaller): Promise<WellnessStreaksResponse> {
    const streaks = await this.identity.getWellnessStreaks(caller);
    return { check_ins: toStreak(streaks.checkIns), reflections: toStreak(streaks.reflections) };
  }

  @Get('export.csv')
  @RateLimit('statements')
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description:
      'The newest 1,000 check-ins and 1,000 reflections, newest first: type, created_at, mood, energy_level, text, category, id',
    schema: { type: 'string' },
  })
  async exportCsv(@CurrentCaller() caller: AuthenticatedCaller, @Res() reply: FastifyReply): Promise<void> {
    const { csv } = await this.identity.exportWellness(caller);
    const name = `aura-wellness-${new Date().toISOString().slice(0, 10)}.csv`;
    void reply.header('content-type', 'text/csv; charset=utf-8');
    void reply.header('content-disposition', `attachment; filename="${name}"`);
    void reply.header('cache-control', 'private, no-store');
    void reply.header('x-content-type-options', 'nosniff');
    void reply.status(200).send(csv);
  }
}
