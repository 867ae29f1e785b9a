import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiMalformed, ApiMember } from './social.docs';
import { PostResponse } from './social.dto';
import { toPost } from './social.mappers';
import { StoriesQuery } from './social.query';

@ApiTags('posts')
@ApiMember()
@SignedIn()
@Controller('stories')
export class StoriesController {
  constructor(private readonly social: SocialClient) {}

  @Get()
  @ApiOkResponse({
    type: PostResponse,
    isArray: true,
    description: 'Active stories (younger than 5 hours) of the caller and the members they follow',
  })
  @ApiMalformed()
  async list(
    @Query() query: StoriesQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<PostResponse[]> {
    const page = await this.social.listStories(caller, { limit: query.limit ?? 50 });
    return page.posts.map(toPost);
  }
}
