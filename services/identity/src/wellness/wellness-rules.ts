import { InvalidInput, RuleViolation } from '@aura/platform';

// Spec 000 §3 and §5 (mood check-in, reflection) and PRODUCT-DECISIONS.md "Money" / "Social".

export const MOODS = ['happy', 'positive', 'neutral', 'sad', 'excited', 'anxious'] as const;
export const REFLECTION_MOODS = ['positive', 'neutral', 'negative'] as const;
export type Mood = (typeof MOODS)[number];
export type ReflectionMood = (typeof REFLECTION_MOODS)[number];

export const DEFAULT_ENERGY = 5;
export const DESCRIPTION_MAX = 500;
export const REFLECTION_MAX = 2000;
const CATEGORY = /^[a-z][a-z_]{0,29}$/;

export const WellnessMessages = {
  mood: `Mood must be one of ${MOODS.join(', ')}`,
  energy: 'Energy level must be between 1 and 10',
  description: `Description must be at most ${DESCRIPTION_MAX} characters`,
  content: 'Please write your reflection',
  contentTooLong: `Reflection must be at most ${REFLECTION_MAX} characters`,
  reflectionMood: `Mood must be one of ${REFLECTION_MOODS.join(', ')}`,
  category: 'Category must be 1-30 lower-case letters or underscores',
  limit: 'limit must be an integer from 1 to 100',
} as const;

export interface CheckinInput {
  mood: string;
  moodDescription: string;
  energyLevel?: number;
}

export interface ValidCheckin {
  mood: Mood;
  moodDescription: string;
  energyLevel: number;
}

/** mood default neutral; energy 1-10, default 5; description optional (trimmed, ≤ 500). */
export function validateCheckin(input: CheckinInput): ValidCheckin {
  const mood = (input.mood ?? '').trim() || 'neutral';
  if (!(MOODS as readonly string[]).includes(mood)) throw new RuleViolation(WellnessMessages.mood);
  const energyLevel = input.energyLevel ?? DEFAULT_ENERGY;
  if (!Number.isInteger(energyLevel) || energyLevel < 1 || energyLevel > 10)
    throw new RuleViolation(WellnessMessages.energy);
  const moodDescription = (input.moodDescription ?? '').trim();
  if (moodDescription.length > DESCRIPTION_MAX) throw new RuleViolation(WellnessMessages.description);
  return { mood: mood as Mood, moodDescription, energyLevel };
}

export interface ReflectionInput {
  content: string;
  mood: string;
  category: string;
}

export interface ValidReflection {
  content: string;
  mood: ReflectionMood;
  category: string;
}

/** content required and non-blank after trimming (≤ 2000); mood default neutral; category default general. */
export function validateReflection(input: ReflectionInput): ValidReflection {
  const content = (input.content ?? '').trim();
  if (!content) throw new RuleViolation(WellnessMessages.content);
  if (content.length > REFLECTION_MAX) throw new RuleViolation(WellnessMessages.contentTooLong);
  const mood = (input.mood ?? '').trim() || 'neutral';
  if (!(REFLECTION_MOODS as readonly string[]).includes(mood))
    throw new RuleViolation(WellnessMessages.reflectionMood);
  const category = (input.category ?? '').trim().toLowerCase() || 'general';
  if (!CATEGORY.test(category)) throw new RuleViolation(WellnessMessages.category);
  return { content, mood: mood as ReflectionMood, category };
}

/** A page size: 0 means 20; otherwise 1-100. */
export function listLimit(limit: number): number {
  if (!limit) return 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new InvalidInput(WellnessMessages.limit);
  return limit;
}

/** PRODUCT-DECISIONS.md "Social": happy, positive, excited → positive; sad, anxious (negative) → negative. */
export function moodPolarity(mood: string): 1 | 0 | -1 {
  if (mood === 'happy' || mood === 'positive' || mood === 'excited') return 1;
  if (mood === 'sad' || mood === 'anxious' || mood === 'negative') return -1;
  return 0;
}

/** A check-in's energy at or below this is low (docs/spending.md). */
export const LOW_ENERGY_MAX = 3;

/** A low check-in (issue 23 item 7, "Spending that cares"): sad or anxious, or energy 3 or less. */
export function isLowCheckin(checkin: { mood: string; energyLevel: number }): boolean {
  return checkin.mood === 'sad' || checkin.mood === 'anxious' || checkin.energyLevel <= LOW_ENERGY_MAX;
}

/** The spending pause's mood: the member's last two check-ins (newest first) were both low. */
export function lastTwoLow(newestFirst: { mood: string; energyLevel: number }[]): boolean {
  return newestFirst.length >= 2 && newestFirst.slice(0, 2).every(isLowCheckin);
}

/** The rewards of the first check-in and the first reflection of a UTC day. */
export const WELLNESS_REWARDS = {
  check_in: { aura: 2, acMicro: 1_000 },
  reflection: { aura: 10, acMicro: 1_000 },
} as const;
export type WellnessKind = keyof typeof WELLNESS_REWARDS;

/** The AC economy pays for it (economy's reward-rules.ts: ×1.5 for SuperAura), shown in the answer. */
export function wellnessCoins(kind: WellnessKind, superAura: boolean): number {
  const base = WELLNESS_REWARDS[kind].acMicro;
  return superAura ? (base * 3) / 2 : base;
}

/** "YYYY-MM-DD" of the UTC day of a moment. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface StatsInputs {
  /** Moods of today's (UTC) check-ins and reflections. */
  todayMoods: string[];
  /** Moods of the last 7 days' check-ins and reflections. */
  weekMoods: string[];
  weekReflections: number;
  /** Distinct UTC days among the last 7 (today and the 6 before) with any activity of the member. */
  activeDays: number;
  /** Sum of the aura changes of the last 7 days. */
  auraGrowth: number;
}

export interface Stats {
  dailyPositivityScore: number;
  weeklyReflectionCount: number;
  engagementRate: number;
  auraGrowthThisWeek: number;
  moodTrend: 'positive' | 'negative' | 'neutral';
}

/** The own-profile dashboard; the definitions are in services/identity/README.md "Stats". */
export function computeStats(inputs: StatsInputs): Stats {
  const positives = inputs.todayMoods.filter((mood) => moodPolarity(mood) === 1).length;
  const daily = inputs.todayMoods.length === 0 ? 0 : Math.round((positives * 100) / inputs.todayMoods.length);
  const balance = inputs.weekMoods.reduce((sum, mood) => sum + moodPolarity(mood), 0);
  const days = Math.min(7, Math.max(0, inputs.activeDays));
  return {
    dailyPositivityScore: daily,
    weeklyReflectionCount: inputs.weekReflections,
    engagementRate: Math.round((days * 1000) / 7) / 10,
    auraGrowthThisWeek: inputs.auraGrowth,
    moodTrend: balance > 0 ? 'positive' : balance < 0 ? 'negative' : 'neutral',
  };
}
