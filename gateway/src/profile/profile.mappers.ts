import type { identity } from '@aura/proto';
import type {
  MoodCheckinCreatedResponse,
  MoodCheckinResponse,
  ReflectionCreatedResponse,
  ReflectionResponse,
  StatsResponse,
} from './profile.dto';

const MICRO_PER_AC = 1_000_000;

export function toMoodCheckin(checkin: identity.MoodCheckin | undefined): MoodCheckinResponse {
  return {
    id: checkin?.id ?? '',
    mood: checkin?.mood ?? 'neutral',
    mood_description: checkin?.moodDescription ?? '',
    energy_level: checkin?.energyLevel ?? 5,
    created_at: checkin?.createdAt ?? '',
  };
}

export function toMoodCheckinCreated(result: identity.MoodCheckinResult): MoodCheckinCreatedResponse {
  return {
    ...toMoodCheckin(result.checkin),
    first_today: result.firstToday,
    aura_earned: result.auraEarned,
    aura_coins_earned: result.auraCoinsEarnedMicro / MICRO_PER_AC,
    aura_score: result.auraScore,
  };
}

export function toReflection(reflection: identity.Reflection | undefined): ReflectionResponse {
  return {
    id: reflection?.id ?? '',
    content: reflection?.content ?? '',
    mood: reflection?.mood ?? 'neutral',
    category: reflection?.category ?? 'general',
    created_at: reflection?.createdAt ?? '',
  };
}

export function toReflectionCreated(result: identity.ReflectionResult): ReflectionCreatedResponse {
  return {
    ...toReflection(result.reflection),
    first_today: result.firstToday,
    aura_earned: result.auraEarned,
    aura_coins_earned: result.auraCoinsEarnedMicro / MICRO_PER_AC,
    aura_score: result.auraScore,
  };
}

export function toStats(stats: identity.WellnessStats): StatsResponse {
  return {
    daily_positivity_score: stats.dailyPositivityScore,
    weekly_reflection_count: stats.weeklyReflectionCount,
    engagement_rate: Math.round(stats.engagementRate * 10) / 10,
    aura_growth_this_week: stats.auraGrowthThisWeek,
    mood_trend: stats.moodTrend || 'neutral',
  };
}
