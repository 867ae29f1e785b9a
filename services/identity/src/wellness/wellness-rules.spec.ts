import { InvalidInput, RuleViolation } from '@aura/platform';
import {
  isLowCheckin,
  lastTwoLow,
  computeStats,
  listLimit,
  moodPolarity,
  utcDay,
  validateCheckin,
  validateReflection,
  WellnessMessages,
  wellnessCoins,
} from './wellness-rules';

describe('mood check-in rules', () => {
  it('defaults mood to neutral and energy to 5; the description is optional and trimmed', () => {
    expect(validateCheckin({ mood: '', moodDescription: '' })).toEqual({
      mood: 'neutral',
      moodDescription: '',
      energyLevel: 5,
    });
    expect(validateCheckin({ mood: 'excited', moodDescription: '  great day ', energyLevel: 10 })).toEqual({
      mood: 'excited',
      moodDescription: 'great day',
      energyLevel: 10,
    });
  });

  it('accepts exactly the six moods', () => {
    for (const mood of ['happy', 'positive', 'neutral', 'sad', 'excited', 'anxious'])
      expect(validateCheckin({ mood, moodDescription: '', energyLevel: 1 }).mood).toBe(mood);
    for (const mood of ['angry', 'Happy', 'negative'])
      expect(() => validateCheckin({ mood, moodDescription: '' })).toThrow(
        new RuleViolation(WellnessMessages.mood),
      );
  });

  it('refuses energy 0, 11 and fractions', () => {
    for (const energyLevel of [0, 11, -1, 5.5])
      expect(() => validateCheckin({ mood: 'happy', moodDescription: '', energyLevel })).toThrow(
        new RuleViolation(WellnessMessages.energy),
      );
  });

  it('refuses a description over 500 characters', () => {
    expect(() => validateCheckin({ mood: '', moodDescription: 'x'.repeat(501) })).toThrow(
      WellnessMessages.description,
    );
    expect(validateCheckin({ mood: '', moodDescription: 'x'.repeat(500) }).moodDescription).toHaveLength(500);
  });
});

describe('reflection rules', () => {
  it('needs content that is not blank after trimming', () => {
    for (const content of ['', '   ', '\n\t'])
      expect(() => validateReflection({ content, mood: '', category: '' })).toThrow(
        new RuleViolation(WellnessMessages.content),
      );
  });

  it('defaults mood to neutral and category to general; mood is positive, neutral or negative', () => {
    expect(validateReflection({ content: ' grateful ', mood: '', category: '' })).toEqual({
      content: 'grateful',
      mood: 'neutral',
      category: 'general',
    });
    expect(validateReflection({ content: 'x', mood: 'negative', category: 'Gratitude' }).category).toBe(
      'gratitude',
    );
    expect(() => validateReflection({ content: 'x', mood: 'happy', category: '' })).toThrow(
      WellnessMessages.reflectionMood,
    );
    expect(() => validateReflection({ content: 'x', mood: '', category: 'no spaces' })).toThrow(
      WellnessMessages.category,
    );
    expect(() => validateReflection({ content: 'x'.repeat(2001), mood: '', category: '' })).toThrow(
      WellnessMessages.contentTooLong,
    );
  });
});

describe('wellness figures', () => {
  it('maps moods to positive, negative and neutral (PRODUCT-DECISIONS.md)', () => {
    expect(['happy', 'positive', 'excited'].map(moodPolarity)).toEqual([1, 1, 1]);
    expect(['sad', 'anxious', 'negative'].map(moodPolarity)).toEqual([-1, -1, -1]);
    expect(moodPolarity('neutral')).toBe(0);
  });

  it('shows 0.001 AC, 0.0015 for SuperAura, and the UTC day', () => {
    expect(wellnessCoins('check_in', false)).toBe(1_000);
    expect(wellnessCoins('reflection', true)).toBe(1_500);
    expect(utcDay(new Date('2026-03-04T23:59:59.999Z'))).toBe('2026-03-04');
  });

  it('page sizes: 0 is 20, 1-100 otherwise', () => {
    expect(listLimit(0)).toBe(20);
    expect(listLimit(100)).toBe(100);
    expect(() => listLimit(101)).toThrow(InvalidInput);
  });

  it('computes the dashboard from its inputs', () => {
    expect(
      computeStats({
        todayMoods: ['happy', 'sad', 'positive'],
        weekMoods: ['happy', 'sad', 'positive', 'anxious', 'neutral', 'excited'],
        weekReflections: 2,
        activeDays: 3,
        auraGrowth: 14,
      }),
    ).toEqual({
      dailyPositivityScore: 67,
      weeklyReflectionCount: 2,
      engagementRate: 42.9,
      auraGrowthThisWeek: 14,
      moodTrend: 'positive',
    });
    expect(
      computeStats({ todayMoods: [], weekMoods: ['sad'], weekReflections: 0, activeDays: 9, auraGrowth: -3 }),
    ).toEqual({
      dailyPositivityScore: 0,
      weeklyReflectionCount: 0,
      engagementRate: 100,
      auraGrowthThisWeek: -3,
      moodTrend: 'negative',
    });
    expect(
      computeStats({ todayMoods: [], weekMoods: [], weekReflections: 0, activeDays: 0, auraGrowth: 0 })
        .moodTrend,
    ).toBe('neutral');
  });
});

describe('the spending pause’s low mood (docs/spending.md)', () => {
  it('a check-in is low when sad or anxious, or when its energy is 3 or less', () => {
    expect(isLowCheckin({ mood: 'sad', energyLevel: 9 })).toBe(true);
    expect(isLowCheckin({ mood: 'anxious', energyLevel: 10 })).toBe(true);
    expect(isLowCheckin({ mood: 'happy', energyLevel: 3 })).toBe(true);
    expect(isLowCheckin({ mood: 'neutral', energyLevel: 1 })).toBe(true);
    expect(isLowCheckin({ mood: 'neutral', energyLevel: 4 })).toBe(false);
    expect(isLowCheckin({ mood: 'excited', energyLevel: 8 })).toBe(false);
  });

  it('needs the last two check-ins both low; older ones do not count', () => {
    const low = { mood: 'sad', energyLevel: 5 };
    const tired = { mood: 'positive', energyLevel: 2 };
    const fine = { mood: 'happy', energyLevel: 7 };
    expect(lastTwoLow([])).toBe(false);
    expect(lastTwoLow([low])).toBe(false);
    expect(lastTwoLow([low, tired])).toBe(true);
    expect(lastTwoLow([low, tired, fine])).toBe(true);
    expect(lastTwoLow([fine, low, tired])).toBe(false);
    expect(lastTwoLow([low, fine, tired])).toBe(false);
  });
});
