import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { RateLimit } from '../rate-limit/rate-limit';
import { ApiBroken, ApiMalformed, ApiMember, ApiNotFound, ApiNotYours } from './social.docs';
import { CommentResponse, EditCommentRequest, LikeResponse } from './social.dto';
import { toComment, toLike } from './social.mappers';
import { CommentIdPipe } from './social.pipes';

const ApiCommentId = () => ApiParam({ name: 'id', format: 'uuid', description: 'Comment id' });

@ApiTags('posts')
@ApiMember()
@SignedIn()
@Controller('comments')
export class CommentsController {
  constructor(private readonly social: SocialClient) {}

  @Patch(':id')
  @RefusedWhileSuspended()
  @RateLimit('comments')
  @ApiCommentId()
  @ApiOkResponse({ type: CommentResponse, description: 'The comment with its new text, marked edited' })
  @ApiBroken('"Comment cannot be empty", "Comment must be at most 300 characters"')
  @ApiNotYours('"You can only edit your own comments"')
  @ApiNotFound('"Comment not found"')
  @ApiMalformed()
  async edit(
    @Param('id', CommentIdPipe) id: string,
    @Body() body: EditCommentRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<CommentResponse> {
    return toComment(await this.social.editComment(caller, { commentId: id, content: body.content }));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiCommentId()
  @ApiResponse({
    status: 204,
    description: "Deleted, with the replies to it (by its commenter, or by the post's author)",
  })
  @ApiNotYours('"You can only delete your own comments or comments on your posts"')
  @ApiNotFound('"Comment not found" (also one already deleted)')
  async delete(
    @Param('id', CommentIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<void> {
    await this.social.deleteComment(caller, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  @ApiCommentId()
  @ApiOkResponse({ type: LikeResponse, description: "Toggles the caller's like of the comment" })
  @ApiNotFound('"Comment not found"')
  async like(
    @Param('id', CommentIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<LikeResponse> {
    return toLike(await this.social.toggleCommentLike(caller, id));
  }
}
