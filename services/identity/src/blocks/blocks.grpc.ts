import { CallContext } from '@aura/platform';
import { identity } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksService } from './blocks.service';

/** The block calls of IdentityService (the controller delegates to these). */
@Injectable()
export class BlocksGrpcHandlers {
  constructor(@Inject(BlocksService) private readonly blocks: BlocksService) {}

  async blockUser(request: identity.BlockUserRequest, context: CallContext): Promise<identity.BlockState> {
    await this.blocks.block(context.caller, request.userId, request.reason ?? '');
    return { userId: request.userId, isBlocked: true };
  }

  async unblockUser(request: identity.BlockTarget, context: CallContext): Promise<identity.BlockState> {
    await this.blocks.unblock(context.caller, request.userId);
    return { userId: request.userId, isBlocked: false };
  }

  async listBlocked(_request: unknown, context: CallContext): Promise<identity.BlockedList> {
    const entries = await this.blocks.list(context.caller);
    return {
      entries: entries.map((entry) => ({
        user: {
          id: entry.user.id,
          username: entry.user.username,
          displayName: entry.user.displayName,
          profilePicture: entry.user.profilePicture,
          auraScore: entry.user.auraScore,
        },
        reason: entry.reason,
        blockedAt: entry.blockedAt.toISOString(),
      })),
    };
  }

  async isBlocked(request: identity.IsBlockedRequest): Promise<identity.IsBlockedResult> {
    const { aBlocksB, bBlocksA } = await this.blocks.between(request.userA, request.userB);
    return { blocked: aBlocksB || bBlocksA, aBlocksB, bBlocksA };
  }
}
