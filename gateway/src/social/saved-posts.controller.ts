import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiMalformed, ApiMember } from './social.docs';
import { PostResponse } from './social.dto';
import { toPost } from './social.mappers';
import { NEXT_CURSOR_DOC, sendNextCursor } from './social.paging';
import { SavedPostsQuery } from './social.query';

/** The caller's saved posts (Your Profile → Saved); saving is PUT/DELETE /posts/{id}/save. */
@ApiTags('posts')
@ApiMember()
@SignedIn()
@Controller('saved-posts')
export class SavedPostsController {
  constructor(private readonly social: SocialClient) {}

  @Get()
  @ApiOkResponse({
    type: PostResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description:
      'The posts the caller saved, the most recently saved first (posts removed since, and those of members blocked either way, are left out)',
  })
  @ApiMalformed('A bad cursor or limit')
  async list(
    @Query() query: SavedPostsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostResponse[]> {
    const page = await this.social.listSavedPosts(caller, {
      cursor: query.cursor ?? '',
      limit: query.limit ?? 20,
    });
    sendNextCursor(reply, page.nextCursor);
    return page.posts.map(toPost);
  }
}
