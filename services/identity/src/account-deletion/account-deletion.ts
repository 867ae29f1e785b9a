import { createHash } from 'node:crypto';

/** How long a member has to change their mind (sign in again) before the account is erased. */
export const DELETION_GRACE_DAYS = 30;
/**
 * How long an erased member's username stays unavailable: long enough that nobody can register it at
 * once and be taken for them (old @mentions, screenshots, people who knew the name).
 */
export const USERNAME_HELD_DAYS = 90;
const DAY_MS = 86_400_000;

/** A username as the tombstone keeps it: only a hash (the erased account keeps nothing of the person). */
export const usernameHash = (username: string): string =>
  createHash('sha256').update(username.trim().toLowerCase()).digest('hex');

export const formerUsernameOf = (username: string, erasedAt: Date) => ({
  sha256: usernameHash(username),
  until: new Date(erasedAt.getTime() + USERNAME_HELD_DAYS * DAY_MS),
});

export const deletionDueAt = (requestedAt: Date): Date =>
  new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);

/** The profile an erased account keeps: nothing of the person, a name that says what happened. */
export function erasedProfile(userId: string) {
  return {
    username: `deleted_${userId}`,
    username_lower: `deleted_${userId}`,
    display_name: 'Deleted member',
    display_name_lower: 'deleted member',
    email: `deleted+${userId}@invalid.aura`,
    email_lower: `deleted+${userId}@invalid.aura`,
    email_verified_at: null,
    profile_picture: '',
    banner_image: '',
    bio: '',
    profile_audio_youtube_link: '',
  };
}
