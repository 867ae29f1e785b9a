import { Forbidden, RuleViolation } from '@aura/platform';
import type { UserDoc } from '../users/user.schema';

// Spec 000 §5 (bio, YouTube audio link, ring colours, backgrounds, animations, gradients).

export const ANIMATION_STYLES = ['pulse', 'glow', 'sparkles', 'waves'] as const;
export const COLOR_GRADIENTS = ['emerald', 'ocean', 'cosmic', 'solar', 'fire'] as const;
export const RING_COLORS = ['default', 'purple', 'blue', 'green', 'gold', 'red', 'pink', 'cosmic'] as const;
export const BACKGROUNDS = ['default', 'cosmic', 'ocean', 'forest', 'sunset', 'aurora', 'galaxy'] as const;

export const BIO_MAX = 160;
export const DISPLAY_NAME_MAX = 50;
const LINK_MAX = 500;

export const ProfileMessages = {
  bio: `Bio must be at most ${BIO_MAX} characters`,
  displayName: `Display name must be 1 to ${DISPLAY_NAME_MAX} characters`,
  animation: `aura_animation_style must be one of ${ANIMATION_STYLES.join(', ')}`,
  gradient: `aura_color_gradient must be one of ${COLOR_GRADIENTS.join(', ')}`,
  ring: `profile_ring_color must be one of ${RING_COLORS.join(', ')}`,
  background: `profile_background must be one of ${BACKGROUNDS.join(', ')}`,
  // The spec's text for the field (000 §5): only SuperAura members have profile music.
  superAuraOnly: 'Upgrade to SuperAura to enable profile music',
  youtube: 'Please enter a YouTube link with a valid 11-character video id',
} as const;

export interface ProfileUpdate {
  displayName?: string;
  bio?: string;
  auraAnimationStyle?: string;
  auraColorGradient?: string;
  profileRingColor?: string;
  profileBackground?: string;
  profileAudioYoutubeLink?: string;
}

type ProfileColumns = Partial<
  Pick<
    UserDoc,
    | 'display_name'
    | 'bio'
    | 'aura_animation_style'
    | 'aura_color_gradient'
    | 'profile_ring_color'
    | 'profile_background'
    | 'profile_audio_youtube_link'
  >
>;

const VIDEO_ID =
  /(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/|\/live\/|\/v\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/;
const YOUTUBE_HOST =
  /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:youtube\.com|youtube-nocookie\.com|youtu\.be)(?:[/?#]|$)/i;

/** The 11-character video id of a YouTube link, or undefined when it has none. */
export function youtubeVideoId(link: string): string | undefined {
  const text = link.trim();
  if (text.length > LINK_MAX || !YOUTUBE_HOST.test(text)) return undefined;
  return VIDEO_ID.exec(text)?.[1];
}

function oneOf(value: string, allowed: readonly string[], message: string): string {
  if (!allowed.includes(value)) throw new RuleViolation(message);
  return value;
}

/**
 * The columns a partial update sets (only the fields given), or a RuleViolation / Forbidden with the
 * member's message. A YouTube link needs SuperAura, unless it is removed ("") or left as it is.
 */
export function validateProfileUpdate(
  update: ProfileUpdate,
  member: { isSuperAura: boolean; profileAudioYoutubeLink: string },
): ProfileColumns {
  const set: ProfileColumns = {};
  if (update.displayName !== undefined) {
    const name = update.displayName.trim();
    if (!name || name.length > DISPLAY_NAME_MAX) throw new RuleViolation(ProfileMessages.displayName);
    set.display_name = name;
  }
  if (update.bio !== undefined) {
    const bio = update.bio.trim();
    if ([...bio].length > BIO_MAX) throw new RuleViolation(ProfileMessages.bio);
    set.bio = bio;
  }
  if (update.auraAnimationStyle !== undefined)
    set.aura_animation_style = oneOf(update.auraAnimationStyle, ANIMATION_STYLES, ProfileMessages.animation);
  if (update.auraColorGradient !== undefined)
    set.aura_color_gradient = oneOf(update.auraColorGradient, COLOR_GRADIENTS, ProfileMessages.gradient);
  if (update.profileRingColor !== undefined)
    set.profile_ring_color = oneOf(update.profileRingColor, RING_COLORS, ProfileMessages.ring);
  if (update.profileBackground !== undefined)
    set.profile_background = oneOf(update.profileBackground, BACKGROUNDS, ProfileMessages.background);
  if (update.profileAudioYoutubeLink !== undefined) {
    const link = update.profileAudioYoutubeLink.trim();
    if (link && link !== member.profileAudioYoutubeLink) {
      if (!member.isSuperAura) throw new Forbidden(ProfileMessages.superAuraOnly);
      if (!youtubeVideoId(link)) throw new RuleViolation(ProfileMessages.youtube);
    }
    set.profile_audio_youtube_link = link;
  }
  return set;
}
