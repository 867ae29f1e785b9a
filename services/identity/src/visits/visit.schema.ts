import { Schema } from 'mongoose';

/** One document per viewer, profile and UTC day (collection profile_visits): `<profile>:<viewer>:<day>`. */
export interface ProfileVisitDoc {
  _id: string;
  profile_id: string;
  viewer_id: string;
  day: string;
  at: Date;
}

export const profileVisitSchema = new Schema<ProfileVisitDoc>(
  {
    _id: { type: String, required: true },
    profile_id: { type: String, required: true },
    viewer_id: { type: String, required: true },
    day: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'profile_visits', versionKey: false },
);
profileVisitSchema.index({ profile_id: 1 });
