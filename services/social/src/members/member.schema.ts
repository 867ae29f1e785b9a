import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/**
 * Social's projection of a member (collection `members`, `_id` = identity's user id), fed by identity's
 * user.registered, user.profile_changed and user.aura_changed events. The newest change wins
 * (`profileChangedAt` / `auraChangedAt`), so a replayed or late event never rolls a member back.
 *
 * followersCount / followingCount mirror the `follows` documents: `$inc`-ed right after each follow or
 * unfollow (CounterRepair recounts them after a crash); lastActiveAt is touched (at most every few
 * minutes) when the member posts, likes, comments or follows.
 */
export interface MemberDoc {
  _id: string;
  username: string;
  usernameLower: string;
  displayName: string;
  displayNameLower: string;
  /** Search: the whole username and display name and their words, lower-cased (`nameWordsOf`). */
  nameWords: string[];
  profilePicture: string;
  auraScore: number;
  role: string;
  isSuperAura: boolean;
  bio: string;
  followersCount: number;
  followingCount: number;
  createdAt: Date;
  lastActiveAt: Date;
  /** When the profile fields were last changed at identity (the newest event wins). */
  profileChangedAt: Date;
  /** When the aura score was last changed at identity. */
  auraChangedAt: Date;
}

export const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    usernameLower: { type: String, required: true },
    displayName: { type: String, default: '' },
    displayNameLower: { type: String, default: '' },
    nameWords: { type: [String], default: undefined },
    profilePicture: { type: String, default: '' },
    auraScore: { type: Number, default: 100 },
    role: { type: String, default: 'user' },
    isSuperAura: { type: Boolean, default: false },
    bio: { type: String, default: '' },
    followersCount: { type: Number, default: 0 },
    followingCount: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    lastActiveAt: { type: Date, required: true },
    profileChangedAt: { type: Date, required: true },
    auraChangedAt: { type: Date, required: true },
  },
  { collection: 'members', versionKey: false },
);
memberSchema.index({ usernameLower: 1 });
/** Member search: the names with a word in a prefix range (multikey). */
memberSchema.index({ nameWords: 1 });
memberSchema.index({ lastActiveAt: -1 });
/** Big authors (more followers than the fan-out limit). */
memberSchema.index({ followersCount: -1 });

export function memberModel(connection: Connection): Model<MemberDoc> {
  return (
    (connection.models.Member as Model<MemberDoc>) ?? connection.model<MemberDoc>('Member', memberSchema)
  );
}
