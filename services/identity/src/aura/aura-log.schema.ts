import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';
import type { AuraReason } from './aura-rules';

/**
 * One document per aura change asked for (collection aura_log), keyed by what caused it (e.g.
 * `check_in:<user>:<day>`, `like_received:<post>:<liker>`): a change is applied at most once. It is
 * written in the same transaction as the member's score, and carries the change's user.aura_changed
 * event in `_outbox`. Weekly growth sums `delta` (the change applied after clamping) over a member's
 * recent entries.
 */
export interface AuraLogDoc {
  _id: string;
  user_id: string;
  reason: AuraReason | 'admin';
  /** The change asked for. */
  requested: number;
  /** The change applied (0 at the bounds or over the daily limit). */
  delta: number;
  score_after: number;
  /** applied (perhaps 0 at a bound); limited: over the daily limit; unknown_member: nothing applied. */
  state: 'applied' | 'limited' | 'unknown_member';
  /** "YYYY-MM-DD", UTC, of `at`. */
  day: string;
  at: Date;
}

export const auraLogSchema = new Schema<AuraLogDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    reason: { type: String, required: true },
    requested: { type: Number, required: true },
    delta: { type: Number, required: true },
    score_after: { type: Number, required: true },
    state: { type: String, required: true },
    day: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'aura_log', versionKey: false },
);
// A member's entries since a moment (weekly growth), and of one reason and day (the daily limit).
auraLogSchema.index({ user_id: 1, at: -1 });
auraLogSchema.index({ user_id: 1, reason: 1, day: 1 });
auraLogSchema.plugin(outboxPlugin);
