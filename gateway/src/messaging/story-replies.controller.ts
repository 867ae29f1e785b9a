import { status } from '@grpc/grpc-js';
import { Body, Controller, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MessagingClient } from '../clients/messaging.client';
import { SocialClient } from '../clients/social.client';
import { PostIdPipe } from '../social/social.pipes';
import { RateLimit } from '../rate-limit/rate-limit';
import { MessageResponse, StoryReplyRequest } from './messaging.dto';
import { toMessage } from './messaging.mappers';

export const STORY_NOT_FOUND = 'Story not found';

/**
 * A reply to a story (issue 23, item 5): a chat message to the story's author quoting the story. The
 * story is read from social as the caller (missing, expired, deleted or not a story: 404); messaging
 * then applies its own rules (blocks, not oneself) and keeps the quote with the message.
 */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' })
@Controller('stories')
@RateLimit('messages')
export class StoryRepliesController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly social: SocialClient,
  ) {}

  @Post(':id/reply')
  @RefusedWhileSuspended()
  @HttpCode(201)
  @ApiParam({ name: 'id', format: 'uuid', description: 'The story' })
  @ApiCreatedResponse({
    type: MessageResponse,
    description: 'The message (with `story`) in the conversation with its author; both get new_message',
  })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      '"You cannot message this user" (blocked either way), "You cannot message yourself", "Message cannot be empty"',
  })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: '"Story not found" (also expired or deleted)',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'Malformed body' })
  async reply(
    @Param('id', PostIdPipe) id: string,
    @Body() body: StoryReplyRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MessageResponse> {
    const story = await this.social.getPost(caller, id).catch((error: { code?: number }) => {
      if (error?.code === status.NOT_FOUND) throw new NotFoundException({ detail: STORY_NOT_FOUND });
      throw error;
    });
    if (!story.isStory || !story.user?.id) throw new NotFoundException({ detail: STORY_NOT_FOUND });
    const message = await this.messaging.sendMessage(caller, {
      recipientId: story.user.id,
      content: body.content,
      messageType: 'text',
      mediaUrl: '',
      mediaFilename: '',
      clientMessageId: body.client_message_id ?? '',
      replyToMessageId: '',
      story: {
        storyId: story.id,
        authorId: story.user.id,
        excerpt: story.content,
        mediaUrl: story.mediaType === 'image' || story.mediaType === 'video' ? story.mediaUrl : '',
        mediaType: story.mediaType === 'image' || story.mediaType === 'video' ? story.mediaType : '',
      },
    });
    return toMessage(message);
  }
}
