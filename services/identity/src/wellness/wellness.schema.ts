import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';

/** A daily mood check-in (collection mood_checkins); its mood.checked_in event rides in `_outbox`. */
export interface MoodCheckinDoc {
  _id: string;
  user_id: string;
  mood: string;
  mood_description: string;
  energy_level: number;
  first_of_day: boolean;
  created_at: Date;
}

export const moodCheckinSchema = new Schema<MoodCheckinDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    mood: { type: String, required: true },
    mood_description: { type: String, default: '' },
    energy_level: { type: Number, required: true, min: 1, max: 10 },
    first_of_day: { type: Boolean, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'mood_checkins', versionKey: false },
);
// A member's check-ins newest first (with _id as the tie-break the list sorts by), and those since a moment.
moodCheckinSchema.index({ user_id: 1, created_at: -1, _id: -1 });
moodCheckinSchema.plugin(outboxPlugin);

/** A reflection (collection reflections); its reflection.created event rides in `_outbox`. */
export interface ReflectionDoc {
  _id: string;
  user_id: string;
  content: string;
  mood: string;
  category: string;
  first_of_day: boolean;
  created_at: Date;
}

export const reflectionSchema = new Schema<ReflectionDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    content: { type: String, required: true },
    mood: { type: String, required: true },
    category: { type: String, required: true },
    first_of_day: { type: Boolean, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'reflections', versionKey: false },
);
reflectionSchema.index({ user_id: 1, created_at: -1, _id: -1 });
reflectionSchema.plugin(outboxPlugin);

/**
 * Claims (collection wellness_days): `<kind>:<user>:<day>` marks the first check-in or reflection of a
 * member's UTC day (the rewarded one); `active:<user>:<day>` a day with any activity (engagement rate).
 */
export interface WellnessDayDoc {
  _id: string;
  user_id: string;
  kind: string;
  day: string;
  at: Date;
}

export const wellnessDaySchema = new Schema<WellnessDayDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    kind: { type: String, required: true },
    day: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'wellness_days', versionKey: false },
);
wellnessDaySchema.index({ user_id: 1, kind: 1, day: 1 });
