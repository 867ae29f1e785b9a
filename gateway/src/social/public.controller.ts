import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiMalformed } from './social.docs';
import { PublicPostResponse, PublicStatsResponse } from './social.dto';
import { toPublicPost, toPublicStats } from './social.mappers';
import { PreviewQuery } from './social.query';

/** The signed-out landing page. Public: a bearer header, even an invalid one, is ignored. */
@ApiTags('public')
@Public()
@Controller('public')
export class PublicController {
  constructor(private readonly social: SocialClient) {}

  @Get('feed/preview')
  @ApiOkResponse({
    type: PublicPostResponse,
    isArray: true,
    description: 'Recent posts for the live preview',
  })
  @ApiMalformed()
  async preview(@Query() query: PreviewQuery): Promise<PublicPostResponse[]> {
    const page = await this.social.publicFeedPreview({ limit: query.limit ?? 10 });
    return page.posts.map(toPublicPost);
  }

  @Get('stats')
  @ApiOkResponse({ type: PublicStatsResponse, description: 'Live community figures' })
  async stats(): Promise<PublicStatsResponse> {
    return toPublicStats(await this.social.publicStats());
  }
}
