import { Schema } from 'mongoose';

/** Messaging's projection of a member (from identity's events), keyed by the member id. */
export interface MemberDoc {
  _id: string;
  username: string;
  display_name: string;
  profile_picture: string;
  aura_score: number;
  is_super_aura: boolean;
  updated_at: Date;
}

export const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, default: '' },
    display_name: { type: String, default: '' },
    profile_picture: { type: String, default: '' },
    aura_score: { type: Number, default: 0 },
    is_super_aura: { type: Boolean, default: false },
    updated_at: { type: Date, required: true },
  },
  { collection: 'members', versionKey: false },
);
