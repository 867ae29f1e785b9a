import { CallContext } from '@aura/platform';
import { identity } from '@aura/proto';
import { Injectable } from '@nestjs/common';
import { ProfileService } from '../profile/profile.service';
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
    private readonly wellness: WellnessService,
    private readonly profiles: ProfileService,
  ) {}

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

  getWellnessStats(_request: unknown, context: CallContext): Promise<identity.WellnessStats> {
    return this.wellness.stats(context.caller);
  }
}
