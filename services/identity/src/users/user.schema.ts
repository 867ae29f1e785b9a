import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';
import type { StoredRestriction } from '../restrictions/restriction';

export interface UserDoc {
  username: string;
  /**
   * Lower-cased copies: their unique indexes make names unique without regard to case and serve the
   * case-insensitive lookups, and their plain indexes serve the admin search's prefix match (a regex
   * prefix can use an index on an exact copy; regexes ignore a case-insensitive collation).
   */
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  /** When the member opened the link mailed to `email` (null: not yet). */
  email_verified_at?: Date | null;
  display_name: string;
  display_name_lower: string;
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
  /** A moderator's suspension or ban (moderation.action_taken), the latest action's. */
  restriction?: StoredRestriction | null;
  /** The member asked to leave: erased at delete_at unless they sign in before. */
  deletion?: { requested_at: Date; delete_at: Date } | null;
  /** When the account was erased (the document is then a tombstone the ledger's entries point at). */
  deleted_at?: Date | null;
  /** An erased account's username, as a hash, held from new members until `until`. */
  former_username?: { sha256: string; until: Date } | null;
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
    email_verified_at: { type: Date, default: null },
    display_name: { type: String, required: true },
    display_name_lower: { type: String, required: true },
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
    restriction: {
      type: {
        _id: false,
        kind: String,
        reason: String,
        until: Date,
        action_id: String,
        taken_at: Date,
      },
      default: null,
    },
    deletion: { type: { _id: false, requested_at: Date, delete_at: Date }, default: null },
    deleted_at: { type: Date, default: null },
    former_username: { type: { _id: false, sha256: String, until: Date }, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'users', versionKey: false },
);
// The admin views: newest first, of one role or of all; a search by name or e-mail prefix.
userSchema.index({ role: 1, created_at: -1 });
userSchema.index({ created_at: -1 });
userSchema.index({ display_name_lower: 1 });
// The deletion sweep: members whose grace period ended.
userSchema.index({ 'deletion.delete_at': 1 }, { sparse: true });
// Registration: an erased member's username is held for a while (account-deletion.ts).
userSchema.index({ 'former_username.sha256': 1 }, { sparse: true });
userSchema.plugin(outboxPlugin);
