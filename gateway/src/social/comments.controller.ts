import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ApiMember, ApiNotFound } from './social.docs';
import { LikeResponse } from './social.dto';
import { toLike } from './social.mappers';
import { CommentIdPipe } from './social.pipes';

@ApiTags('posts')
@ApiMember()
@Controller('comments')
export class CommentsController {
  constructor(private readonly social: SocialClient) {}

  @Post(':id/like')
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid', description: 'Comment id' })
  @ApiOkResponse({ type: LikeResponse, description: "Toggles the caller's like of the comment" })
  @ApiNotFound('"Comment not found"')
  async like(
    @Param('id', CommentIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<LikeResponse> {
    return toLike(await this.social.toggleCommentLike(caller, id));
  }
}
