import {
  canSubmitReflection,
  checkinBody,
  clampEnergy,
  dashboardFigures,
  emptyCheckin,
  emptyReflection,
  energyText,
  growthText,
  latest,
  moodTrend,
  POST_FILTERS,
  reflectionBody,
  savedText,
  toReflections,
} from './wellness';

describe('check-in form (spec 000 §5)', () => {
  it('opens with mood neutral and energy 5', () => {
    expect(emptyCheckin()).toEqual({ mood: 'neutral', description: '', energy: 5 });
  });

  it('keeps energy a whole number within 1-10', () => {
    expect([0, 1, 5.4, 10, 11, -3, Number.NaN].map(clampEnergy)).toEqual([1, 1, 5, 10, 10, 1, 5]);
  });

  it('sends the description only when it is not blank', () => {
    expect(checkinBody({ mood: 'happy', description: '  ', energy: 7 })).toEqual({
      mood: 'happy',
      energy_level: 7,
    });
    expect(checkinBody({ mood: 'sad', description: ' tired ', energy: 2 })).toEqual({
      mood: 'sad',
      energy_level: 2,
      mood_description: 'tired',
    });
  });
});

describe('reflection form (spec 000 §5)', () => {
  it('needs content that is not blank after trimming', () => {
    expect(canSubmitReflection(emptyReflection())).toBe(false);
    expect(canSubmitReflection({ content: ' \n\t ', mood: 'neutral' })).toBe(false);
    expect(canSubmitReflection({ content: ' a ', mood: 'neutral' })).toBe(true);
  });

  it('sends trimmed content, the mood and category general', () => {
    expect(reflectionBody({ content: '  grateful  ', mood: 'negative' })).toEqual({
      content: 'grateful',
      mood: 'negative',
      category: 'general',
    });
  });
});

describe('dashboard figures (spec 000 §2, §9)', () => {
  it('positivity whole percent, engagement one decimal, signed growth, trend', () => {
    expect(
      dashboardFigures({
        daily_positivity_score: 66.6667,
        weekly_reflection_count: 3,
        engagement_rate: 12.345,
        aura_growth_this_week: 12,
        mood_trend: 'positive',
      }),
    ).toEqual({
      positivity: '67%',
      weeklyReflections: 3,
      engagement: '12.3%',
      growth: '+12',
      trend: 'positive',
    });
  });

  it('reads missing figures as zero and an unknown trend as neutral', () => {
    expect(dashboardFigures(undefined)).toEqual({
      positivity: '0%',
      weeklyReflections: 0,
      engagement: '0.0%',
      growth: '0',
      trend: 'neutral',
    });
    expect(growthText(-4)).toBe('-4');
    expect(moodTrend('stable')).toBe('neutral');
    expect(moodTrend('negative')).toBe('negative');
  });

  it('energy out of 10', () => {
    expect(energyText(7)).toBe('7/10');
  });
});

describe('latest lists (spec 000 §9: 5 check-ins, 3 reflections)', () => {
  it('the newest first, at most the count', () => {
    const items = [1, 5, 3, 2, 4].map((day) => ({
      id: String(day),
      created_at: `2026-01-0${day}T10:00:00Z`,
    }));
    expect(latest(items, 3).map((item) => item.id)).toEqual(['5', '4', '3']);
    expect(latest(items, 10)).toHaveLength(5);
  });
});

describe('own posts filters (spec 000 §2, §7)', () => {
  it('All Posts, Photos, Videos map to content_type all, image, video', () => {
    expect(POST_FILTERS.map((f) => [f.label, f.id])).toEqual([
      ['All Posts', 'all'],
      ['Photos', 'image'],
      ['Videos', 'video'],
    ]);
  });
});

describe('toReflections', () => {
  it('keeps well-formed items, with defaults for mood and category', () => {
    expect(
      toReflections([
        {
          id: 'r1',
          content: 'Calm',
          mood: 'positive',
          category: 'general',
          created_at: '2026-01-01T00:00:00Z',
        },
        { id: 'r2', content: 'Tired' },
        { id: 3, content: 'bad id' },
        null,
        'text',
      ]),
    ).toEqual([
      {
        id: 'r1',
        content: 'Calm',
        mood: 'positive',
        category: 'general',
        created_at: '2026-01-01T00:00:00Z',
      },
      { id: 'r2', content: 'Tired', mood: 'neutral', category: 'general', created_at: '' },
    ]);
  });
});

describe('saved notice', () => {
  it('names the reward of the first of the day, nothing more otherwise', () => {
    expect(savedText('Check-in', { first_today: true, aura_earned: 2, aura_coins_earned: 0.001 })).toBe(
      'Check-in saved! +2 Aura, +0.001 AC',
    );
    expect(savedText('Reflection', { first_today: false, aura_earned: 0, aura_coins_earned: 0 })).toBe(
      'Reflection saved!',
    );
    expect(savedText('Reflection', undefined)).toBe('Reflection saved!');
  });
});
