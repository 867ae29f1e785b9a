import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MessagingClient } from '../clients/messaging.client';
import { MemberIdPipe } from '../common/member-id.pipe';
import { PresenceService } from '../realtime/presence.service';
import { ConversationIdPipe } from './messaging.ids';
import {
  ConversationResponse,
  ListMessagesQuery,
  MessageResponse,
  OpenConversationResponse,
  SearchMessagesQuery,
} from './messaging.dto';
import { toConversation, toMessage } from './messaging.mappers';

const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
const NEXT_CURSOR_DOC = {
  [NEXT_CURSOR_HEADER]: {
    description: 'Cursor of the next (older) page (pass it as ?cursor=); absent on the last page',
    schema: { type: 'string' as const },
  },
};

@ApiTags('messaging')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' })
@SignedIn()
@Controller('conversations')
export class ConversationsController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly presence: PresenceService,
  ) {}

  @Get()
  @ApiOkResponse({
    type: ConversationResponse,
    isArray: true,
    description:
      'Your conversations, most recent activity first (one you opened shows before its first message)',
  })
  async list(@CurrentCaller() caller: AuthenticatedCaller): Promise<ConversationResponse[]> {
    const { conversations } = await this.messaging.listConversations(caller);
    const others = conversations.map((c) => c.otherParticipant?.id ?? '').filter(Boolean);
    const online = await this.presence.onlineAmong(others).catch(() => new Set<string>());
    return conversations.map((c) => toConversation(c, online.has(c.otherParticipant?.id ?? '')));
  }

  @Get(':userId')
  @ApiParam({ name: 'userId', description: 'The other member (a member id, not a conversation id)' })
  @ApiOkResponse({
    type: OpenConversationResponse,
    description: 'Your conversation with them, created once when needed',
  })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"You cannot message yourself"' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: '"User not found"' })
  async open(
    @Param('userId', MemberIdPipe) userId: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<OpenConversationResponse> {
    const conversation = await this.messaging.openConversation(caller, userId);
    const online = await this.presence.onlineAmong([userId]).catch(() => new Set<string>());
    return {
      conversation_id: conversation.id,
      conversation: toConversation(conversation, online.has(userId)),
    };
  }

  @Get(':id/messages')
  @ApiParam({ name: 'id', description: 'Conversation id (`<member a>:<member b>`)' })
  @ApiOkResponse({
    type: MessageResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description: 'The newest page first; inside a page, oldest to newest. Members only.',
  })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: '"Conversation not found" (also for non-members)',
  })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'A bad limit or cursor' })
  async messages(
    @Param('id', ConversationIdPipe) id: string,
    @Query() query: ListMessagesQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageResponse[]> {
    const page = await this.messaging.listMessages(caller, {
      conversationId: id,
      cursor: query.cursor ?? '',
      limit: query.limit ?? 50,
    });
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.messages.map(toMessage);
  }

  @Get(':id/messages/search')
  @ApiParam({ name: 'id', description: 'Conversation id (`<member a>:<member b>`)' })
  @ApiOkResponse({
    type: MessageResponse,
    isArray: true,
    headers: NEXT_CURSOR_DOC,
    description:
      'Messages whose text contains q (any case, every character literally), newest first. Members only.',
  })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: '"Conversation not found" (also for non-members)',
  })
  @ApiResponse({
    status: 422,
    type: ErrorResponse,
    description:
      '"Search for at least 2 characters", "Search for at most 100 characters", a bad limit or cursor',
  })
  async search(
    @Param('id', ConversationIdPipe) id: string,
    @Query() query: SearchMessagesQuery,
    @CurrentCaller() caller: AuthenticatedCaller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageResponse[]> {
    const page = await this.messaging.searchMessages(caller, {
      conversationId: id,
      q: query.q,
      cursor: query.cursor ?? '',
      limit: query.limit ?? 20,
    });
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.messages.map(toMessage);
  }
}
