import { Module } from '@nestjs/common';
import { AnswerCache } from './answer-cache';
import { ExploreConsumer } from './explore.consumer';
import { ExploreProjections } from './explore-projections.repository';
import { ExploreRankings } from './explore-rankings.repository';
import { ExploreRepository } from './explore.repository';
import { ExploreService } from './explore.service';
import { SearchRepository } from './search.repository';

/**
 * Explore: search, trending tags, creator rankings, and the consumers that keep Explore's projections
 * (ExploreProjections) from social.content, tip.sent and user.aura_changed events. The consumers subscribe
 * when the application boots (ExploreConsumer.onApplicationBootstrap). Needs PlatformModule (MONGO,
 * RUNTIME, LOGGER) and SocialCoreModule (repositories, RedisCache, SocialKeys, CLOCK), both global.
 * Optional EXPLORE_OPTIONS (cache times) may be provided globally, e.g. by tests.
 */
@Module({
  providers: [
    ExploreRepository,
    ExploreProjections,
    ExploreRankings,
    AnswerCache,
    ExploreConsumer,
    SearchRepository,
    ExploreService,
  ],
  exports: [ExploreService, ExploreRepository, ExploreProjections, ExploreRankings, AnswerCache],
})
export class ExploreModule {}
