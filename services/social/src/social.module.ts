import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { BlocksConsumer } from './blocks/blocks.consumer';
import { CommentsService } from './comments/comments.service';
import type { SocialConfig } from './config';
import { ExploreModule } from './explore/explore.module';
import { FeedsService } from './feeds/feeds.service';
import { Timelines } from './feeds/timelines';
import { MutedWordsService } from './mutes/muted-words.service';
import { MutesService } from './mutes/mutes.service';
import { FollowsService } from './follows/follows.service';
import { HiddenPostsService } from './hidden-posts/hidden-posts.service';
import { SocialGrpcController } from './grpc/social.grpc-controller';
import { LikesService } from './likes/likes.service';
import { SocialExport } from './member-export/member-export';
import { MembersConsumer } from './members/members.consumer';
import { PostViews } from './posts/post-views';
import { ContentRemoval } from './posts/content-removal';
import { PostsService } from './posts/posts.service';
import { PublicModule } from './public/public.module';
import { SavedPostsService } from './saved-posts/saved-posts.service';
import { SocialCoreModule, SocialModuleOptions } from './social-core.module';
import { CounterRepair } from './sweep/counter-repair';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import { ModerationConsumer } from './moderation/moderation.consumer';
import { SocialSweeper } from './sweep/social-sweeper';

/** The core's own providers (explore and public come from their modules). */
export const SOCIAL_CORE_PROVIDERS = [
  PostViews,
  Timelines,
  ContentRemoval,
  PostsService,
  LikesService,
  CommentsService,
  FollowsService,
  MutesService,
  MutedWordsService,
  SavedPostsService,
  HiddenPostsService,
  FeedsService,
  MembersConsumer,
  BlocksConsumer,
  ModerationConsumer,
  AccountErasureConsumer,
  CounterRepair,
  SocialSweeper,
  SocialExport,
  SocialGrpcController,
];

@Module({})
export class SocialModule {
  static register(
    runtime: ServiceRuntime,
    config: SocialConfig,
    options: SocialModuleOptions = {},
  ): DynamicModule {
    return {
      module: SocialModule,
      imports: [
        PlatformModule.forRuntime(runtime, config),
        SocialCoreModule.register(config, options),
        ExploreModule,
        PublicModule,
      ],
      providers: SOCIAL_CORE_PROVIDERS,
    };
  }
}
