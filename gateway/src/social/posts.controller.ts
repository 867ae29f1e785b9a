import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended, SignedIn } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { RateLimit } from '../rate-limit/rate-limit';
import { FEEDS } from './social.constants';
import { ApiBroken, ApiMalformed, ApiMember, ApiNotFound, ApiNotYours, ApiPostId } from './social.docs';
import { ErrorResponse } from '../auth/auth.dto';
import {
  CommentResponse,
  CreateCommentRequest,
  CreatePostRequest,
  EditPostRequest,
  HideResponse,
  LikeResponse,
  PostResponse,
  SaveResponse,
} from './social.dto';
import { toComment, toLike, toPost } from './social.mappers';
import { NEXT_CURSOR_DOC, sendNextCursor } from './social.paging';
import { FeedPipe, PostIdPipe } from './social.pipes';
import { CommentsQuery, FeedQuery } from './social.query';

export const POST_ID_MISMATCH = 'post_id does not match the post in the path';

@ApiTags('posts')
@ApiMember()
@SignedIn()
@Controller('posts')
export class PostsController {
  constructor(private readonly social: SocialClient) {}

  @Post()
  @RefusedWhileSuspended()
  @HttpCode(201)
  @RateLimit('posts')
  @ApiCreatedResponse({ type: PostResponse, description: 'The new post or story' })
  @ApiBroken('"Please add content or media to your post" (or "…your story")')
  @ApiMalformed('E.g. "category must be one of: general, lifestyle, technology, inspiration, personal"')
  async create(
    @Body() body: CreatePostRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<PostResponse> {
    const mediaUrl = body.media_url ?? '';
    const post = await this.social.createPost(caller, {
      content: body.content ?? '',
      contentType: body.content_type ?? (mediaUrl.trim() ? 'multimedia' : 'text'),
      category: body.category ?? 'general',
      mediaUrl,
      isStory: body.is_story ?? false,
    });
    return toPost(post);
  }

  // Static segment first: /posts/feed/… is never a post id (and a non-UUID id is 404 anyway).
  @Get('feed/:feed')
  @ApiParam({ name: 'feed', enum: FEEDS })
  @ApiOkResponse({
    type: PostResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description: 'One page of the feed (never stories, never blocked members)',
  })
  @ApiNotFound('"Feed not found" for a feed other than aura, high-aura, discovery, following')
  @ApiMalformed()
  async feed(
    // Typed string (not Feed) so that both compilers emit the same parameter metadata for OpenAPI.
    @Param('feed', FeedPipe) feed: string,
    @Query() query: FeedQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostResponse[]> {
    const page = await this.social.getFeed(caller, {
      feed,
      cursor: query.cursor ?? '',
      limit: query.limit ?? 20,
    });
    sendNextCursor(reply, page.nextCursor);
    return page.posts.map(toPost);
  }

  @Patch(':id')
  @RefusedWhileSuspended()
  @RateLimit('posts')
  @ApiPostId()
  @ApiOkResponse({ type: PostResponse, description: 'The post with its new text, marked edited (edited_at)' })
  @ApiBroken(
    '"Please add content or media to your post", "Content must be at most 2000 characters", "Stories cannot be edited"',
  )
  @ApiNotYours('"You can only edit your own posts"')
  @ApiNotFound('"Post not found" (also a deleted post)')
  @ApiMalformed()
  async edit(
    @Param('id', PostIdPipe) id: string,
    @Body() body: EditPostRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<PostResponse> {
    return toPost(await this.social.editPost(caller, { postId: id, content: body.content }));
  }

  // Deleting one's own content is allowed while suspended: it only takes something away.
  @Delete(':id')
  @HttpCode(204)
  @ApiPostId()
  @ApiResponse({ status: 204, description: 'Deleted everywhere (feeds, profile, saves, search)' })
  @ApiNotYours('"You can only delete your own posts"')
  @ApiNotFound('"Post not found" (also one already deleted)')
  async delete(
    @Param('id', PostIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<void> {
    await this.social.deletePost(caller, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  @ApiPostId()
  @ApiOkResponse({ type: LikeResponse, description: "Toggles the caller's like" })
  @ApiNotFound('"Post not found" (also for a deleted or expired one)')
  async like(
    @Param('id', PostIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<LikeResponse> {
    return toLike(await this.social.togglePostLike(caller, id));
  }

  @Get(':id/comments')
  @ApiPostId()
  @ApiOkResponse({
    type: CommentResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description: 'Comments and replies of the post (replies carry parent_comment_id)',
  })
  @ApiNotFound('"Post not found"')
  @ApiMalformed()
  async comments(
    @Param('id', PostIdPipe) id: string,
    @Query() query: CommentsQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CommentResponse[]> {
    const page = await this.social.listComments(caller, {
      postId: id,
      cursor: query.cursor ?? '',
      limit: query.limit ?? 50,
    });
    sendNextCursor(reply, page.nextCursor);
    return page.comments.map(toComment);
  }

  @Post(':id/comments')
  @RefusedWhileSuspended()
  @HttpCode(201)
  @RateLimit('comments')
  @ApiPostId()
  @ApiCreatedResponse({ type: CommentResponse, description: 'The new comment (or reply)' })
  @ApiBroken("A blank comment, one over 300 characters, or a post_id other than the path's")
  @ApiNotFound('"Post not found", or the parent comment is not found on this post')
  @ApiMalformed()
  async comment(
    @Param('id', PostIdPipe) id: string,
    @Body() body: CreateCommentRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<CommentResponse> {
    // The path governs; a body naming another post is a contradiction, not a second target.
    if (body.post_id !== undefined && body.post_id.toLowerCase() !== id)
      throw new BadRequestException({ detail: POST_ID_MISMATCH });
    const comment = await this.social.createComment(caller, {
      postId: id,
      content: body.content,
      parentCommentId: body.parent_comment_id?.toLowerCase() ?? '',
    });
    return toComment(comment);
  }

  // Saves and hides are the caller's own and read-side: a suspended member may still make them.

  @Put(':id/save')
  @HttpCode(200)
  @ApiPostId()
  @ApiOkResponse({
    type: SaveResponse,
    description:
      "Saved: the post is in the caller's Saved list (GET /saved-posts). Saving again changes nothing",
  })
  @ApiNotFound('"Post not found" (also a deleted post, a story, or one of a member blocked either way)')
  @ApiResponse({ status: 409, type: ErrorResponse, description: '"You can save at most 1000 posts"' })
  async save(
    @Param('id', PostIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<SaveResponse> {
    return { saved: (await this.social.savePost(caller, id)).saved };
  }

  @Delete(':id/save')
  @HttpCode(200)
  @ApiPostId()
  @ApiOkResponse({
    type: SaveResponse,
    description: 'Not saved (any more); a removed post can be unsaved too',
  })
  @ApiNotFound('"Post not found" (neither saved nor visible to the caller)')
  async unsave(
    @Param('id', PostIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<SaveResponse> {
    return { saved: (await this.social.unsavePost(caller, id)).saved };
  }

  @Put(':id/hide')
  @HttpCode(200)
  @ApiPostId()
  @ApiOkResponse({
    type: HideResponse,
    description:
      "Hidden: the post leaves the caller's feeds, stories and explore (its author's profile still shows it); nobody is told. Hiding again changes nothing",
  })
  @ApiNotFound('"Post not found" (also a deleted post, or one of a member blocked either way)')
  async hide(
    @Param('id', PostIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<HideResponse> {
    return { hidden: (await this.social.hidePost(caller, id)).hidden };
  }

  @Delete(':id/hide')
  @HttpCode(200)
  @ApiPostId()
  @ApiOkResponse({ type: HideResponse, description: "Not hidden (any more): back in the caller's feeds" })
  @ApiNotFound('"Post not found" (neither hidden nor visible to the caller)')
  async unhide(
    @Param('id', PostIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<HideResponse> {
    return { hidden: (await this.social.unhidePost(caller, id)).hidden };
  }
}
