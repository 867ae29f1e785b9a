import type { Role } from '@aura/platform';
import type { Restriction } from '../restrictions/restriction';

export const STARTING_AURA_SCORE = 100;

/** A member as identity knows them. */
export interface User {
  id: string;
  username: string;
  displayName: string;
  email: string;
  /** Whether the member opened the verification link mailed to `email`. */
  emailVerified: boolean;
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
  /** A suspension or ban in force now (null: none). */
  restriction: Restriction | null;
  /** The account is to be erased then (the member asked to leave); null otherwise. */
  deletionScheduledFor: Date | null;
  /** The account was erased: the document is the tombstone "Deleted member". */
  erased: boolean;
  createdAt: Date;
}

export interface UserWithCredentials extends User {
  passwordHash: string;
}
