import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended } from '../auth/auth.decorators';
import { SocialClient } from '../clients/social.client';
import { ContentRateLimit } from './content-rate-limit.guard';
import { FEEDS } from './social.constants';
import { ApiBroken, ApiMalformed, ApiMember, ApiNotFound, ApiPostId } from './social.docs';
import {
  CommentResponse,
  CreateCommentRequest,
  CreatePostRequest,
  LikeResponse,
  PostResponse,
} from './social.dto';
import { toComment, toLike, toPost } from './social.mappers';
import { NEXT_CURSOR_DOC, sendNextCursor } from './social.paging';
import { FeedPipe, PostIdPipe } from './social.pipes';
import { CommentsQuery, FeedQuery } from './social.query';

export const POST_ID_MISMATCH = 'post_id does not match the post in the path';

@ApiTags('posts')
@ApiMember()
@Controller('posts')
export class PostsController {
  constructor(private readonly social: SocialClient) {}

  @Post()
  @RefusedWhileSuspended()
  @HttpCode(201)
  @ContentRateLimit('posts')
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
  @ContentRateLimit('comments')
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
}
