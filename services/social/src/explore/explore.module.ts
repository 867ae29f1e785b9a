import { Module } from '@nestjs/common';
import { AnswerCache } from './answer-cache';
import { ExploreConsumer } from './explore.consumer';
import { ExploreProjections } from './explore-projections.repository';
import { ExploreRankings } from './explore-rankings.repository';
import { ExploreService } from './explore.service';
import { SearchRepository } from './search.repository';
import { ExploreStore } from './explore.schema';

/**
 * Explore: search, trending tags, creator rankings, and the consumers that keep Explore's projections
 * (ExploreProjections) from social.content, tip.sent and user.aura_changed events. The consumers subscribe
 * when the application boots (ExploreConsumer.onApplicationBootstrap). Needs PlatformModule (MONGO,
 * RUNTIME, LOGGER) and SocialCoreModule (repositories, RedisCache, SocialKeys, CLOCK), both global.
 * Optional EXPLORE_OPTIONS (cache times) may be provided globally, e.g. by tests.
 */
@Module({
  providers: [
    ExploreStore,
    ExploreProjections,
    ExploreRankings,
    AnswerCache,
    ExploreConsumer,
    SearchRepository,
    ExploreService,
  ],
  exports: [ExploreService, ExploreStore, ExploreProjections, ExploreRankings, AnswerCache],
})
export class ExploreModule {}
