import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse, toUserResponse, UserResponse } from '../auth/auth.dto';
import { IdentityClient } from '../clients/identity.client';
import { ApiBroken, ApiMalformed, ApiMember } from '../social/social.docs';
import {
  MoodCheckinBody,
  MoodCheckinCreatedResponse,
  MoodCheckinResponse,
  StatsResponse,
  UpdateProfileBody,
  WellnessListQuery,
} from './profile.dto';
import { toMoodCheckin, toMoodCheckinCreated, toStats } from './profile.mappers';

/** The caller's own profile: edits, daily mood check-ins and the dashboard stats (identity owns them). */
@ApiTags('profile')
@ApiMember()
@SignedIn()
@Controller('profile')
export class ProfileController {
  constructor(private readonly identity: IdentityClient) {}

  @Put()
  @ApiOkResponse({ type: UserResponse, description: 'The updated member (with their e-mail)' })
  @ApiBroken(
    '"Bio must be at most 160 characters", "<field> must be one of …", "Display name must be 1 to 50 characters", "Please enter a YouTube link with a valid 11-character video id"; nothing changes',
  )
  @ApiResponse({
    status: 403,
    type: ErrorResponse,
    description: '"Upgrade to SuperAura to enable profile music" (a YouTube link from a non-member)',
  })
  @ApiMalformed('A field is not text')
  async update(
    @Body() body: UpdateProfileBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<UserResponse> {
    const user = await this.identity.updateProfile(caller, {
      displayName: body.display_name,
      bio: body.bio,
      auraAnimationStyle: body.aura_animation_style,
      auraColorGradient: body.aura_color_gradient,
      profileRingColor: body.profile_ring_color,
      profileBackground: body.profile_background,
      profileAudioYoutubeLink: body.profile_audio_youtube_link,
    });
    return toUserResponse(user, { includeEmail: true });
  }

  @Post('mood-checkin')
  @HttpCode(201)
  @ApiResponse({
    status: 201,
    type: MoodCheckinCreatedResponse,
    description: 'The check-in and its rewards (+2 aura and 0.001 AC for the first of the UTC day)',
  })
  @ApiBroken(
    '"Mood must be one of …", "Energy level must be between 1 and 10", "Description must be at most 500 characters"',
  )
  @ApiMalformed('energy_level is not a whole number, or a field is not text')
  async checkIn(
    @Body() body: MoodCheckinBody,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MoodCheckinCreatedResponse> {
    return toMoodCheckinCreated(
      await this.identity.createMoodCheckin(caller, {
        mood: body.mood ?? '',
        moodDescription: body.mood_description ?? '',
        // null is "not given" (the default 5), never sent on to gRPC (issue 18: it was a 500).
        energyLevel: body.energy_level ?? undefined,
      }),
    );
  }

  @Get('mood-checkins')
  @ApiOkResponse({
    type: MoodCheckinResponse,
    isArray: true,
    description: "The caller's check-ins, newest first",
  })
  @ApiMalformed('"limit must be an integer from 1 to 100"')
  async checkIns(
    @Query() query: WellnessListQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MoodCheckinResponse[]> {
    const list = await this.identity.listMoodCheckins(caller, query.limit ?? 20);
    return list.checkins.map(toMoodCheckin);
  }

  @Get('stats')
  @ApiOkResponse({ type: StatsResponse, description: "The caller's dashboard figures" })
  async stats(@CurrentCaller() caller: AuthenticatedCaller): Promise<StatsResponse> {
    return toStats(await this.identity.getWellnessStats(caller));
  }
}
