/** How long a member has to change their mind (sign in again) before the account is erased. */
export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 86_400_000;

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
