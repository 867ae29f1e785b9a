import { DynamicModule, Global, Module } from '@nestjs/common';
import { BlocksRepository } from './blocks/blocks.repository';
import { CLOCK, Clock, systemClock } from './common/clock';
import { EdgeRemovals } from './common/edges.repository';
import { RedisCache } from './common/redis-cache';
import { defaultSettings, SOCIAL_SETTINGS, SocialSettings } from './common/settings';
import { SOCIAL_KEY_PREFIX, SocialKeys, socialKeyPrefix } from './common/social-keys';
import { CommentsRepository } from './comments/comments.repository';
import type { SocialConfig } from './config';
import { FollowsRepository } from './follows/follows.repository';
import { HiddenPostsRepository } from './hidden-posts/hidden-posts.repository';
import { LikesRepository } from './likes/likes.repository';
import { MembersRepository } from './members/members.repository';
import { MutedWordsRepository } from './mutes/muted-words.repository';
import { MutesRepository } from './mutes/mutes.repository';
import { PostsRepository } from './posts/posts.repository';
import { SavedPostsRepository } from './saved-posts/saved-posts.repository';

export interface SocialModuleOptions {
  /** Tests move time (story expiry, feed windows). */
  clock?: Clock;
  settings?: Partial<SocialSettings>;
  /** Prefix of every Redis key (default: from AURA_DB_SUFFIX). */
  keyPrefix?: string;
}

const REPOSITORIES = [
  MembersRepository,
  BlocksRepository,
  PostsRepository,
  LikesRepository,
  CommentsRepository,
  FollowsRepository,
  MutesRepository,
  MutedWordsRepository,
  SavedPostsRepository,
  HiddenPostsRepository,
];

/**
 * The stores of social (MongoDB repositories and their Redis copies), the clock and the settings,
 * global so every feature module (core, explore, public) injects the same instances.
 */
@Global()
@Module({})
export class SocialCoreModule {
  static register(config: SocialConfig, options: SocialModuleOptions = {}): DynamicModule {
    const providers = [
      { provide: CLOCK, useValue: options.clock ?? systemClock },
      {
        provide: SOCIAL_SETTINGS,
        useValue: { ...defaultSettings, fanoutLimit: config.SOCIAL_FANOUT_LIMIT, ...options.settings },
      },
      { provide: SOCIAL_KEY_PREFIX, useValue: options.keyPrefix ?? socialKeyPrefix(config.AURA_DB_SUFFIX) },
      SocialKeys,
      RedisCache,
      EdgeRemovals,
      ...REPOSITORIES,
    ];
    return {
      module: SocialCoreModule,
      providers,
      exports: providers.map((provider) => ('provide' in provider ? provider.provide : provider)),
    };
  }
}

/**
 * Fills the search words of members and posts stored before they existed (idempotent; run at start,
 * after app.init() has created the indexes; it creates none). Returns how many of each.
 */
export async function backfillSearchWords(
  get: <T>(type: new (...args: never[]) => T) => T,
): Promise<{ members: number; posts: number }> {
  const members = await get(MembersRepository).backfillNameWords();
  const posts = await get(PostsRepository).backfillContentPrefixes();
  return { members, posts };
}
