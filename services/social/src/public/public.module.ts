import { Module } from '@nestjs/common';
import { ExploreModule } from '../explore/explore.module';
import { PublicService } from './public.service';

/**
 * The landing page's reads (live preview, community figures). Engagement figures come from Explore's
 * projections, hence the import. Optional PUBLIC_OPTIONS (cache times) may be provided globally.
 */
@Module({
  imports: [ExploreModule],
  providers: [PublicService],
  exports: [PublicService],
})
export class PublicModule {}
