import { CallContext, Forbidden, InvalidInput, NotFound, Unauthenticated } from '@aura/platform';
import { identity } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { AuraLedger } from '../aura/aura-ledger';
import { ProfileService } from '../profile/profile.service';
import { UsersRepository } from '../users/users.repository';
import type { User } from '../users/user';
import { MoodCheckin, Reflection, Rewarded, WellnessService } from './wellness.service';

const toCheckinMessage = (checkin: MoodCheckin): identity.MoodCheckin => ({
  id: checkin.id,
  mood: checkin.mood,
  moodDescription: checkin.moodDescription,
  energyLevel: checkin.energyLevel,
  createdAt: checkin.createdAt.toISOString(),
});

const toReflectionMessage = (reflection: Reflection): identity.Reflection => ({
  id: reflection.id,
  content: reflection.content,
  mood: reflection.mood,
  category: reflection.category,
  createdAt: reflection.createdAt.toISOString(),
  userId: reflection.userId,
});

const rewards = <T>(result: Rewarded<T>) => ({
  firstToday: result.firstToday,
  auraEarned: result.auraEarned,
  auraCoinsEarnedMicro: result.auraCoinsEarnedMicro,
  auraScore: result.auraScore,
});

/** The profile and wellness calls of IdentityService (the controller delegates to these). */
@Injectable()
export class WellnessGrpcHandlers {
  constructor(
    @Inject(WellnessService) private readonly wellness: WellnessService,
    @Inject(ProfileService) private readonly profiles: ProfileService,
    @Inject(AuraLedger) private readonly aura: AuraLedger,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  /** Super admin only: a member's aura moved by delta, once per key (reason admin). */
  async adminAdjustAura(
    request: identity.AdminAdjustAuraRequest,
    context: CallContext,
  ): Promise<identity.AuraAdjustment> {
    if (!context.caller) throw new Unauthenticated('Sign in required');
    if (context.caller.role !== 'super_admin') throw new Forbidden('Super admin access required');
    if (!request.key || request.key.length > 200) throw new InvalidInput('An idempotency key is required');
    if (!Number.isInteger(request.delta) || request.delta === 0 || Math.abs(request.delta) > 1000)
      throw new InvalidInput('delta must be a whole number from -1000 to 1000, not 0');
    if (!(await this.users.findById(request.userId))) throw new NotFound('User not found');
    const outcome = await this.aura.apply({
      userId: request.userId,
      reason: 'admin',
      delta: request.delta,
      key: `admin:${request.key}`,
      at: new Date(),
    });
    const score = (await this.users.findById(request.userId))?.auraScore ?? outcome.score;
    return { applied: outcome.applied, auraScore: score, repeated: outcome.outcome === 'duplicate' };
  }

  updateProfile(request: identity.UpdateProfileRequest, context: CallContext): Promise<User> {
    return this.profiles.update(context.caller, {
      displayName: request.displayName,
      bio: request.bio,
      auraAnimationStyle: request.auraAnimationStyle,
      auraColorGradient: request.auraColorGradient,
      profileRingColor: request.profileRingColor,
      profileBackground: request.profileBackground,
      profileAudioYoutubeLink: request.profileAudioYoutubeLink,
    });
  }

  viewProfile(request: identity.GetUserRequest, context: CallContext) {
    return this.profiles.view(context.caller, request.userId);
  }

  async createMoodCheckin(
    request: identity.CreateMoodCheckinRequest,
    context: CallContext,
  ): Promise<identity.MoodCheckinResult> {
    const result = await this.wellness.checkIn(context.caller, {
      mood: request.mood,
      moodDescription: request.moodDescription,
      energyLevel: request.energyLevel,
    });
    return { checkin: toCheckinMessage(result.item), ...rewards(result) };
  }

  async listMoodCheckins(
    request: identity.ListWellnessRequest,
    context: CallContext,
  ): Promise<identity.MoodCheckinList> {
    const checkins = await this.wellness.listCheckins(context.caller, request.limit);
    return { checkins: checkins.map(toCheckinMessage) };
  }

  async createReflection(
    request: identity.CreateReflectionRequest,
    context: CallContext,
  ): Promise<identity.ReflectionResult> {
    const result = await this.wellness.reflect(context.caller, {
      content: request.content,
      mood: request.mood,
      category: request.category,
    });
    return { reflection: toReflectionMessage(result.item), ...rewards(result) };
  }

  async listReflections(
    request: identity.ListWellnessRequest,
    context: CallContext,
  ): Promise<identity.ReflectionList> {
    const reflections = await this.wellness.listReflections(context.caller, request.userId, request.limit);
    return { reflections: reflections.map(toReflectionMessage) };
  }

  /** Economy only (IDENTITY_CALLERS): the request names the member; no caller token is needed. */
  async isMoodLow(request: identity.IsMoodLowRequest): Promise<identity.IsMoodLowResult> {
    return { low: await this.wellness.isMoodLow(request.userId.trim()) };
  }

  getWellnessStats(_request: unknown, context: CallContext): Promise<identity.WellnessStats> {
    return this.wellness.stats(context.caller);
  }

  getMoodCalendar(
    request: identity.MoodCalendarRequest,
    context: CallContext,
  ): Promise<identity.MoodCalendar> {
    return this.wellness.calendar(context.caller, request.month);
  }

  async getMoodTrend(request: identity.MoodTrendRequest, context: CallContext): Promise<identity.MoodTrend> {
    return { points: await this.wellness.trend(context.caller, request.days) };
  }

  getWellnessStreaks(_request: unknown, context: CallContext): Promise<identity.WellnessStreaks> {
    return this.wellness.streaks(context.caller);
  }

  async exportWellness(_request: unknown, context: CallContext): Promise<identity.WellnessExport> {
    return { csv: await this.wellness.exportCsv(context.caller) };
  }
}
