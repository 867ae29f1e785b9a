import { Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, RefusedWhileSuspended } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { MessagingClient } from '../clients/messaging.client';
import { MessageIdPipe } from './messaging.ids';
import { MessageResponse, REACTION_EMOJI } from './messaging.dto';
import { toMessage } from './messaging.mappers';

const EMOJI_PARAM = {
  name: 'emoji',
  enum: REACTION_EMOJI,
  description: 'One of the fixed set, URL-encoded',
};

/**
 * Reactions to a message (issue 23): a member of its conversation adds or takes back one emoji of the
 * fixed set; both are idempotent. Both members get message_reaction_update on the socket.
 */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' })
@ApiResponse({
  status: 404,
  type: ErrorResponse,
  description: '"Message not found" (also for non-members and removed messages)',
})
@ApiResponse({ status: 422, type: ErrorResponse, description: '"emoji must be one of ❤️ 😂 😮 😢 🙏 👍"' })
@Controller('messages')
export class MessageReactionsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Put(':id/reactions/:emoji')
  @RefusedWhileSuspended()
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiParam(EMOJI_PARAM)
  @ApiOkResponse({ type: MessageResponse, description: 'The message with its reactions now' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      '"You can react to a message with at most 3 different emoji", "You cannot message this user" (blocked)',
  })
  async add(
    @Param('id', MessageIdPipe) id: string,
    @Param('emoji') emoji: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MessageResponse> {
    return toMessage(await this.messaging.setReaction(caller, { messageId: id, emoji, on: true }));
  }

  @Delete(':id/reactions/:emoji')
  @RefusedWhileSuspended()
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiParam(EMOJI_PARAM)
  @ApiOkResponse({ type: MessageResponse, description: 'The message with its reactions now' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"You cannot message this user" (blocked)' })
  async remove(
    @Param('id', MessageIdPipe) id: string,
    @Param('emoji') emoji: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<MessageResponse> {
    return toMessage(await this.messaging.setReaction(caller, { messageId: id, emoji, on: false }));
  }
}
