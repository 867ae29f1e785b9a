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
import { ProfilePostsQuery } from './social.query';

/** The caller's own posts (the own-profile dialog's Posts section: All Posts, Photos, Videos). */
@ApiTags('profile')
@ApiMember()
@SignedIn()
@Controller('profile')
export class ProfilePostsController {
  constructor(private readonly social: SocialClient) {}

  @Get('posts')
  @ApiOkResponse({
    type: PostResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description: "The caller's posts, newest first; image or video keeps those with such media",
  })
  @ApiMalformed('content_type other than all, image, video, or a bad limit')
  async posts(
    @Query() query: ProfilePostsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostResponse[]> {
    const page = await this.social.listMemberContent(caller, {
      userId: caller.userId,
      kind: 'posts',
      media: query.content_type ?? 'all',
      cursor: query.cursor ?? '',
      limit: query.limit ?? 20,
    });
    sendNextCursor(reply, page.nextCursor);
    return page.posts.map(toPost);
  }
}
