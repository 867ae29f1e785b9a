import { Module } from '@nestjs/common';
import { AnswerCache } from './answer-cache';
import { ExploreConsumer } from './explore.consumer';
import { ExploreService } from './explore.service';
import { ExploreStore } from './explore.store';

/**
 * Explore: search, trending tags, creator rankings, and the consumers that keep Explore's projections
 * (ExploreStore) from social.content, tip.sent and user.aura_changed events. The consumers subscribe
 * when the application boots (ExploreConsumer.onApplicationBootstrap). Needs PlatformModule (MONGO,
 * RUNTIME, LOGGER) and SocialCoreModule (repositories, RedisCache, SocialKeys, CLOCK), both global.
 * Optional EXPLORE_OPTIONS (cache times) may be provided globally, e.g. by tests.
 */
@Module({
  providers: [ExploreStore, AnswerCache, ExploreConsumer, ExploreService],
  exports: [ExploreService, ExploreStore, AnswerCache],
})
export class ExploreModule {}
