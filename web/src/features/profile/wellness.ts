// Spec 000 §2 "Own-profile dialog" (dashboard, reflection section), §3 (Stats, Mood check-in, Reflection),
// §5 (check-in and reflection rules), §9 (display and limits). Pure module: unit-tested under node.

export const CHECKIN_MOODS = ['happy', 'positive', 'neutral', 'sad', 'excited', 'anxious'] as const;
export type CheckinMood = (typeof CHECKIN_MOODS)[number];
export const DEFAULT_CHECKIN_MOOD: CheckinMood = 'neutral';

export const REFLECTION_MOODS = ['positive', 'neutral', 'negative'] as const;
export type ReflectionMood = (typeof REFLECTION_MOODS)[number];
export const DEFAULT_REFLECTION_MOOD: ReflectionMood = 'positive';
export const DEFAULT_REFLECTION_CATEGORY = 'general';

export const ENERGY_MIN = 1;
export const ENERGY_MAX = 10;
export const DEFAULT_ENERGY = 5;

/** Spec 000 §9: the own profile shows 5 check-ins and 3 reflections. */
export const LATEST_CHECKINS = 5;
export const LATEST_REFLECTIONS = 3;

export interface MoodCheckin {
  id: string;
  mood: string;
  mood_description?: string | null;
  energy_level: number;
  created_at: string;
}

export interface Reflection {
  id: string;
  content: string;
  mood: string;
  category?: string;
  created_at: string;
}

export interface ProfileStats {
  daily_positivity_score: number;
  weekly_reflection_count: number;
  engagement_rate: number;
  aura_growth_this_week: number;
  mood_trend: string;
}

export interface CheckinForm {
  mood: CheckinMood;
  description: string;
  energy: number;
}

export interface ReflectionForm {
  content: string;
  mood: ReflectionMood;
}

export const emptyCheckin = (): CheckinForm => ({
  mood: DEFAULT_CHECKIN_MOOD,
  description: '',
  energy: DEFAULT_ENERGY,
});

export const emptyReflection = (): ReflectionForm => ({ content: '', mood: DEFAULT_REFLECTION_MOOD });

/** Keeps an energy value a whole number in 1–10 (the slider's range). */
export function clampEnergy(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_ENERGY;
  return Math.min(ENERGY_MAX, Math.max(ENERGY_MIN, Math.round(value)));
}

/** The body of POST /api/profile/mood-checkin; an empty description is left out. */
export function checkinBody(form: CheckinForm) {
  const description = form.description.trim();
  return {
    mood: form.mood,
    energy_level: clampEnergy(form.energy),
    ...(description ? { mood_description: description } : {}),
  };
}

/** Spec 000 §5: reflection content is required and non-blank after trimming. */
export const canSubmitReflection = (form: ReflectionForm) => form.content.trim().length > 0;

export function reflectionBody(form: ReflectionForm) {
  return { content: form.content.trim(), mood: form.mood, category: DEFAULT_REFLECTION_CATEGORY };
}

/** The newest `count` items, newest first (lists arrive newest first; sorted again to be sure). */
export function latest<T extends { created_at: string }>(items: readonly T[], count: number): T[] {
  return [...items]
    .sort((a, b) => (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0))
    .slice(0, count);
}

export type MoodTrend = 'positive' | 'negative' | 'neutral';

/** Spec 000 §2: the mood trend badge is positive, negative, otherwise neutral. */
export function moodTrend(value: unknown): MoodTrend {
  return value === 'positive' || value === 'negative' ? value : 'neutral';
}

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Spec 000 §9: positivity as a whole percent. */
export const positivityText = (score: unknown) => `${Math.round(finite(score))}%`;

/** Spec 000 §9: engagement rate with one decimal. */
export const engagementText = (rate: unknown) => `${finite(rate).toFixed(1)}%`;

/** Weekly aura growth, signed ("+12", "-3", "0"). */
export function growthText(growth: unknown): string {
  const value = Math.round(finite(growth));
  return value > 0 ? `+${value}` : String(value);
}

export interface DashboardFigures {
  positivity: string;
  weeklyReflections: number;
  engagement: string;
  growth: string;
  trend: MoodTrend;
}

export function dashboardFigures(stats: Partial<ProfileStats> | undefined): DashboardFigures {
  return {
    positivity: positivityText(stats?.daily_positivity_score),
    weeklyReflections: Math.max(0, Math.round(finite(stats?.weekly_reflection_count))),
    engagement: engagementText(stats?.engagement_rate),
    growth: growthText(stats?.aura_growth_this_week),
    trend: moodTrend(stats?.mood_trend),
  };
}

const MOOD_EMOJI: Record<string, string> = {
  happy: '😊',
  positive: '🙂',
  neutral: '😐',
  sad: '😢',
  excited: '🤩',
  anxious: '😰',
  negative: '😔',
};

export const moodEmoji = (mood: string) => MOOD_EMOJI[mood] ?? '🙂';

/** "Happy" from "happy". */
export const moodLabel = (mood: string) => (mood ? mood.charAt(0).toUpperCase() + mood.slice(1) : '');

/** Spec 000 §2: energy shown out of 10. */
export const energyText = (energy: number) => `${energy}/10`;

/** Own-profile Posts filters: the button label and the content_type of GET /api/profile/posts. */
export const POST_FILTERS = [
  { id: 'all', label: 'All Posts' },
  { id: 'image', label: 'Photos' },
  { id: 'video', label: 'Videos' },
] as const;
export type PostFilter = (typeof POST_FILTERS)[number]['id'];

export const NO_POSTS_YET = 'No posts yet';

/** Reads reflections from a list answer (GET /api/users/{id}/content?content_type=reflections). */
export function toReflections(items: readonly unknown[]): Reflection[] {
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const r = item as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.content !== 'string') return [];
    return [
      {
        id: r.id,
        content: r.content,
        mood: typeof r.mood === 'string' ? r.mood : 'neutral',
        category: typeof r.category === 'string' ? r.category : 'general',
        created_at: typeof r.created_at === 'string' ? r.created_at : '',
      },
    ];
  });
}

/** What a saved check-in or reflection answers about its reward (the first of the UTC day earns). */
export interface WellnessReward {
  first_today?: boolean;
  aura_earned?: number;
  aura_coins_earned?: number;
}

/** The notice after a check-in or reflection: the reward when there was one. */
export function savedText(what: 'Check-in' | 'Reflection', reward: WellnessReward | undefined): string {
  const aura = finite(reward?.aura_earned);
  const coins = finite(reward?.aura_coins_earned);
  const parts = [aura > 0 ? `+${aura} Aura` : '', coins > 0 ? `+${coins.toFixed(3)} AC` : ''].filter(Boolean);
  return parts.length > 0 ? `${what} saved! ${parts.join(', ')}` : `${what} saved!`;
}
