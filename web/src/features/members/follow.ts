// Spec 000 §4 "Follow": not following ⇄ following; the follower count changes by one immediately and
// never goes below 0; §8 the failure message. Pure module: unit-tested under node.
import type { FollowResult, MemberProfile } from './types';

export const FOLLOW_FAILED = 'Failed to update follow status. Please try again.';

/** The profile as shown the moment the member clicks Follow (true) or Following (false). */
export function optimisticFollow(profile: MemberProfile, follow: boolean): MemberProfile {
  if (profile.is_following === follow) return profile;
  return {
    ...profile,
    is_following: follow,
    followers_count: Math.max(0, profile.followers_count + (follow ? 1 : -1)),
  };
}

/** The profile with the server's answer. */
export function withFollowResult(profile: MemberProfile, result: FollowResult): MemberProfile {
  return {
    ...profile,
    is_following: result.is_following,
    followers_count: Math.max(0, result.followers_count),
    following_count: Math.max(0, result.following_count),
  };
}

/** Spec 000 §2: "the member's username followed by 'hasn't posted yet'". */
export const noPostsText = (username: string) => `${username} hasn't posted yet`;
export const NO_STORIES_TEXT = 'No active stories';
export const PROFILE_NOT_FOUND = 'Profile not found';
export const NO_REFLECTIONS_TEXT = 'No reflections shared yet';
export const NO_LIVES_TEXT = 'No live streams yet';
export const LIVES_COMING_TEXT = 'Live streaming coming soon!';
