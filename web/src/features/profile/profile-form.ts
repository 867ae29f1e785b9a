// Spec 000 §2 "Own-profile dialog" (rich settings), "Profile customiser", §5 (bio, enums, YouTube link),
// §8 (profile save and customisation messages). Pure module: unit-tested under node.

export const BIO_MAX = 160;

export const RING_COLORS = ['default', 'purple', 'blue', 'green', 'gold', 'red', 'pink', 'cosmic'] as const;
export const BACKGROUNDS = ['default', 'cosmic', 'ocean', 'forest', 'sunset', 'aurora', 'galaxy'] as const;
export const ANIMATION_STYLES = ['pulse', 'glow', 'sparkles', 'waves'] as const;
export const GRADIENTS = ['emerald', 'ocean', 'cosmic', 'solar', 'fire'] as const;

export type RingColor = (typeof RING_COLORS)[number];
export type Background = (typeof BACKGROUNDS)[number];
export type AnimationStyle = (typeof ANIMATION_STYLES)[number];
export type Gradient = (typeof GRADIENTS)[number];

export const ProfileMessages = {
  saveFailed: 'Failed to update profile',
  saved: 'Profile updated successfully!',
  customizationSaved: 'Profile customization saved successfully!',
  customizationFailed: 'Failed to save customization. Please try again.',
  musicNeedsSuperAura: 'Upgrade to SuperAura to enable profile music',
  badYoutubeLink: 'Please enter a YouTube link with a valid video id',
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
} as const;

/** Label of an enum value: "Default (aura-based)" for the default ring, else "Purple". */
export function optionLabel(value: string): string {
  if (value === 'default') return 'Default';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export const ringColorLabel = (value: string) =>
  value === 'default' ? 'Default (aura-based)' : optionLabel(value);

/** Picks a known value, else the first (default) one. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : values[0]!;
}

/** Bio counter, e.g. "42/160". */
export const bioCounter = (bio: string) => `${[...bio].length}/${BIO_MAX}`;
export const bioTooLong = (bio: string) => [...bio].length > BIO_MAX;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character video id of a YouTube link (spec 000 §4 "video id taken from the link"): watch?v=,
 * youtu.be/, /embed/, /shorts/, /live/, /v/; null when there is none.
 */
export function youtubeVideoId(link: string): string | null {
  const text = link.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') candidate = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) candidate = parts[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

export interface ProfileFields {
  display_name: string;
  bio: string;
  aura_animation_style: AnimationStyle;
  aura_color_gradient: Gradient;
  profile_ring_color: RingColor;
  profile_background: Background;
  profile_audio_youtube_link: string;
}

/** The member as the API answers it: the enum fields as plain strings. */
export type StoredProfileFields = { [K in keyof ProfileFields]: string };

export type ProfileForm = ProfileFields;

/** The form as it opens: the member's values, unknown enum values shown as the default. */
export function formFromUser(user: Partial<StoredProfileFields>): ProfileForm {
  return {
    display_name: user.display_name ?? '',
    bio: user.bio ?? '',
    aura_animation_style: oneOf(ANIMATION_STYLES, user.aura_animation_style),
    aura_color_gradient: oneOf(GRADIENTS, user.aura_color_gradient),
    profile_ring_color: oneOf(RING_COLORS, user.profile_ring_color),
    profile_background: oneOf(BACKGROUNDS, user.profile_background),
    profile_audio_youtube_link: user.profile_audio_youtube_link ?? '',
  };
}

/** The first problem of the form, or null (the server checks the same rules). */
export function formProblem(form: ProfileForm, isSuperAura: boolean, before: ProfileForm): string | null {
  if (bioTooLong(form.bio)) return ProfileMessages.bioTooLong;
  const link = form.profile_audio_youtube_link.trim();
  if (link !== before.profile_audio_youtube_link.trim()) {
    if (!isSuperAura) return ProfileMessages.musicNeedsSuperAura;
    if (link && !youtubeVideoId(link)) return ProfileMessages.badYoutubeLink;
  }
  return null;
}

/** The body of PUT /api/profile: only the changed fields (a partial update); trimmed display name. */
export function changedFields(form: ProfileForm, before: ProfileForm): Partial<ProfileFields> {
  const next: ProfileForm = {
    ...form,
    display_name: form.display_name.trim(),
    profile_audio_youtube_link: form.profile_audio_youtube_link.trim(),
  };
  const changes: Partial<Record<keyof ProfileFields, string>> = {};
  for (const key of Object.keys(next) as (keyof ProfileFields)[]) {
    if (key === 'display_name' && next.display_name === '') continue; // a blank name keeps the old one
    if (next[key] !== before[key]) changes[key] = next[key];
  }
  return changes as Partial<ProfileFields>;
}

/** The ring's colour class: the chosen colour, or the aura tier for the default (aura-based) ring. */
export function ringStyle(ringColor: unknown, tier: string): string {
  const color = oneOf(RING_COLORS, ringColor);
  return color === 'default' ? tier : color;
}

/** What a failed call shows: the catalogue message of the API client (spec 000 §8), else `fallback`. */
export const failureText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
