import { toMoodCheckinCreated, toReflection, toStats } from './profile.mappers';

describe('profile mappers', () => {
  it('answers a check-in with its rewards, AC from micro-AC', () => {
    expect(
      toMoodCheckinCreated({
        checkin: {
          id: 'c1',
          mood: 'happy',
          moodDescription: '',
          energyLevel: 7,
          createdAt: '2026-03-04T10:00:00.000Z',
        },
        firstToday: true,
        auraEarned: 2,
        auraCoinsEarnedMicro: 1_500,
        auraScore: 102,
      }),
    ).toEqual({
      id: 'c1',
      mood: 'happy',
      mood_description: '',
      energy_level: 7,
      created_at: '2026-03-04T10:00:00.000Z',
      first_today: true,
      aura_earned: 2,
      aura_coins_earned: 0.0015,
      aura_score: 102,
    });
  });

  it('shows a reflection without its owner, and the stats with one decimal', () => {
    expect(
      toReflection({
        id: 'r',
        content: 'x',
        mood: 'neutral',
        category: 'general',
        createdAt: 't',
        userId: 'u',
      }),
    ).toEqual({ id: 'r', content: 'x', mood: 'neutral', category: 'general', created_at: 't' });
    expect(
      toStats({
        dailyPositivityScore: 67,
        weeklyReflectionCount: 2,
        engagementRate: 42.857142,
        auraGrowthThisWeek: -3,
        moodTrend: '',
      }),
    ).toEqual({
      daily_positivity_score: 67,
      weekly_reflection_count: 2,
      engagement_rate: 42.9,
      aura_growth_this_week: -3,
      mood_trend: 'neutral',
    });
  });
});
