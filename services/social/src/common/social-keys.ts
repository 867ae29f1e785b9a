import { Inject, Injectable } from '@nestjs/common';

/** The prefix of every Redis key (SocialCoreModule: the `keyPrefix` option, or from AURA_DB_SUFFIX). */
export const SOCIAL_KEY_PREFIX = Symbol('SocialKeyPrefix');

/**
 * Every Redis key of social. Redis holds only rebuildable copies (MongoDB is the truth); the prefix
 * carries the run's database suffix so test runs never meet each other or development data.
 */
@Injectable()
export class SocialKeys {
  constructor(@Inject(SOCIAL_KEY_PREFIX) readonly prefix: string) {}

  /** Following timeline of a member: post ids scored by creation time (fan-out on write). */
  timeline = (memberId: string) => `${this.prefix}tl:${memberId}`;
  /** A member's own posts (not stories): post ids scored by creation time. */
  authorPosts = (memberId: string) => `${this.prefix}posts:${memberId}`;
  followers = (memberId: string) => `${this.prefix}followers:${memberId}`;
  following = (memberId: string) => `${this.prefix}following:${memberId}`;
  /** Members blocked by or blocking this member. */
  blocks = (memberId: string) => `${this.prefix}blocks:${memberId}`;
  /** The members a member muted. */
  mutes = (memberId: string) => `${this.prefix}mutes:${memberId}`;
  /** The posts a member hid from their feeds. */
  hiddenPosts = (memberId: string) => `${this.prefix}hidden-posts:${memberId}`;
  /** A member's muted words and tags, "<expiry ms or 0>:<phrase>". */
  mutedWords = (memberId: string) => `${this.prefix}muted-words:${memberId}`;
  /** Members with more followers than the fan-out limit (merged into timelines at read time). */
  bigAuthors = () => `${this.prefix}big-authors`;
  /** Recent posts of everyone (ranked feeds' candidates): post ids scored by creation time. */
  recentPosts = () => `${this.prefix}recent`;
  /** Active stories: "<authorId>:<storyId>" scored by expiry time. */
  activeStories = () => `${this.prefix}stories`;
  /** The ranked feed snapshot of one viewer: JSON {id, ids}. */
  rankedSnapshot = (feed: string, viewer: string) => `${this.prefix}rank:${feed}:${viewer}`;
  /** Throttle of the member's lastActiveAt writes. */
  activity = (memberId: string) => `${this.prefix}active:${memberId}`;
}

export function socialKeyPrefix(dbSuffix: string): string {
  return `aura:social:${dbSuffix || 'main'}:`;
}
