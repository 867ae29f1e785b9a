import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';

export interface UserDoc {
  username: string;
  /** Lower-cased copies carry the unique indexes: names are unique without regard to case. */
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  display_name: string;
  role: 'user' | 'admin' | 'super_admin';
  aura_score: number;
  profile_picture: string;
  banner_image: string;
  bio: string;
  aura_animation_style: string;
  aura_color_gradient: string;
  profile_ring_color: string;
  profile_background: string;
  profile_audio_youtube_link: string;
  is_super_aura: boolean;
  /** SuperAura billing (economy's superaura.changed): the paid period's end, and the change applied last. */
  super_aura_until?: Date | null;
  super_aura_version?: number;
  /** The aura change applied last (its aura_log key and applied delta): a retried change applies once. */
  aura_last_key?: string | null;
  aura_last_delta?: number;
  created_at: Date;
  updated_at: Date;
}

export const userSchema = new Schema<UserDoc>(
  {
    username: { type: String, required: true },
    username_lower: { type: String, required: true, unique: true },
    email: { type: String, required: true },
    email_lower: { type: String, required: true, unique: true },
    password_hash: { type: String, required: true },
    display_name: { type: String, required: true },
    role: { type: String, required: true, enum: ['user', 'admin', 'super_admin'], default: 'user' },
    aura_score: { type: Number, required: true, min: 0, max: 1000 },
    profile_picture: { type: String, default: '' },
    banner_image: { type: String, default: '' },
    bio: { type: String, default: '' },
    aura_animation_style: { type: String, default: 'pulse' },
    aura_color_gradient: { type: String, default: 'cosmic' },
    profile_ring_color: { type: String, default: 'default' },
    profile_background: { type: String, default: 'default' },
    profile_audio_youtube_link: { type: String, default: '' },
    is_super_aura: { type: Boolean, default: false },
    super_aura_until: { type: Date, default: null },
    super_aura_version: { type: Number, default: 0 },
    aura_last_key: { type: String, default: null },
    aura_last_delta: { type: Number, default: 0 },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'users', versionKey: false },
);
userSchema.index({ role: 1 });
userSchema.plugin(outboxPlugin);
