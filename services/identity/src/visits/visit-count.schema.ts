import { Schema } from 'mongoose';

/**
 * How many visits a profile has had (collection profile_visit_counts), one document per profile that
 * was ever viewed: `_id` is the profile's member id. Raised in the transaction that stores a visit.
 */
export interface ProfileVisitCountDoc {
  _id: string;
  count: number;
}

export const profileVisitCountSchema = new Schema<ProfileVisitCountDoc>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true, min: 0 },
  },
  { collection: 'profile_visit_counts', versionKey: false },
);
