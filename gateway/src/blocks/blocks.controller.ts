import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCaller } from '../auth/access-token-verifier';
import { CurrentCaller, SignedIn } from '../auth/auth.decorators';
import { ErrorResponse } from '../auth/auth.dto';
import { IdentityClient } from '../clients/identity.client';
import { MemberIdPipe } from '../common/member-id.pipe';
import { BlockedEntryResponse, BlockRequest, BlockStateResponse } from './blocks.dto';

export const USER_ID_MISMATCH = 'user_id does not match the member in the path';

/**
 * Blocks (identity owns them; messaging, social and economy enforce them from user.blocked /
 * user.unblocked). /users/blocked is a static route: Fastify's router prefers it to /users/{id}, and
 * a member id must be an ObjectId (or UUID), so "blocked" can never be read as one.
 */
@ApiTags('blocks')
@ApiBearerAuth()
@ApiResponse({ status: 401, type: ErrorResponse, description: 'No token, or not a valid one' })
@SignedIn()
@Controller('users')
export class BlocksController {
  constructor(private readonly identity: IdentityClient) {}

  @Get('blocked')
  @ApiOkResponse({
    type: BlockedEntryResponse,
    isArray: true,
    description: 'Members you block, newest first',
  })
  async blocked(@CurrentCaller() caller: AuthenticatedCaller): Promise<BlockedEntryResponse[]> {
    const { entries } = await this.identity.listBlocked(caller);
    return entries.map((entry) => ({
      user: {
        id: entry.user?.id ?? '',
        username: entry.user?.username ?? '',
        display_name: entry.user?.displayName || entry.user?.username || '',
        profile_picture: entry.user?.profilePicture ?? '',
        aura_score: entry.user?.auraScore ?? 0,
      },
      reason: entry.reason,
      blocked_at: entry.blockedAt,
    }));
  }

  @Post(':id/block')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'The member to block' })
  @ApiOkResponse({ type: BlockStateResponse, description: 'Blocked (blocking twice is the same as once)' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: '"You cannot block yourself", or a body user_id other than the path\'s',
  })
  @ApiResponse({ status: 404, type: ErrorResponse, description: '"User not found"' })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'reason over 500 characters' })
  async block(
    @Param('id', MemberIdPipe) id: string,
    @Body() body: BlockRequest,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<BlockStateResponse> {
    // null is "not given", like an absent user_id (issue 18: a null here was a 500).
    const bodyId = typeof body?.user_id === 'string' ? body.user_id : '';
    if (bodyId !== '' && bodyId.toLowerCase() !== id)
      throw new BadRequestException({ detail: USER_ID_MISMATCH });
    await this.identity.blockUser(caller, id, body?.reason ?? '');
    return { user_id: id, is_blocked: true, message: 'User has been blocked' };
  }

  @Delete(':id/block')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'The member to unblock' })
  @ApiOkResponse({ type: BlockStateResponse, description: 'Not blocked (any more)' })
  @ApiResponse({ status: 400, type: ErrorResponse, description: '"You cannot block yourself" (the own id)' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: '"User not found"' })
  async unblock(
    @Param('id', MemberIdPipe) id: string,
    @CurrentCaller() caller: AuthenticatedCaller,
  ): Promise<BlockStateResponse> {
    await this.identity.unblockUser(caller, id);
    return { user_id: id, is_blocked: false, message: 'User has been unblocked' };
  }
}
