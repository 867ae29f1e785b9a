import type { Role } from '@aura/platform';

export const STARTING_AURA_SCORE = 100;

/** A member as identity knows them. */
export interface User {
  id: string;
  username: string;
  displayName: string;
  email: string;
  role: Role;
  auraScore: number;
  profilePicture: string;
  bannerImage: string;
  bio: string;
  auraAnimationStyle: string;
  auraColorGradient: string;
  profileRingColor: string;
  profileBackground: string;
  profileAudioYoutubeLink: string;
  isSuperAura: boolean;
  createdAt: Date;
}

export interface UserWithCredentials extends User {
  passwordHash: string;
}
