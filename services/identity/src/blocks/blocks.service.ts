import { Caller, InvalidInput, NotFound, RuleViolation, Unauthenticated } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository';
import type { User } from '../users/user';
import { Block, BlocksRepository } from './blocks.repository';

export const BlockMessages = {
  userNotFound: 'User not found',
  notYourself: 'You cannot block yourself',
  reasonTooLong: 'reason must be at most 500 characters',
  signInRequired: 'Authentication required',
} as const;

export const MAX_BLOCK_REASON = 500;

export interface BlockedEntry {
  user: Pick<User, 'id' | 'username' | 'displayName' | 'profilePicture' | 'auraScore'>;
  reason: string;
  blockedAt: Date;
}

/** Blocks: the caller blocks another member; everyone else learns it from user.blocked / user.unblocked. */
@Injectable()
export class BlocksService {
  constructor(
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async block(caller: Caller | undefined, targetId: string, reason = ''): Promise<Block> {
    const blockerId = this.callerId(caller);
    if (targetId === blockerId) throw new RuleViolation(BlockMessages.notYourself);
    if (reason.length > MAX_BLOCK_REASON) throw new InvalidInput(BlockMessages.reasonTooLong);
    await this.existingMember(targetId);
    return this.blocks.block(blockerId, targetId, reason.trim());
  }

  /** Idempotent: unblocking a member who is not blocked changes nothing. */
  async unblock(caller: Caller | undefined, targetId: string): Promise<void> {
    const blockerId = this.callerId(caller);
    if (targetId === blockerId) throw new RuleViolation(BlockMessages.notYourself);
    if (await this.blocks.unblock(blockerId, targetId)) return;
    await this.existingMember(targetId);
  }

  async list(caller: Caller | undefined): Promise<BlockedEntry[]> {
    const blocks = await this.blocks.listByBlocker(this.callerId(caller));
    const entries = await Promise.all(
      blocks.map(async (block): Promise<BlockedEntry | undefined> => {
        const user = await this.users.findById(block.blockedId);
        return user ? { user, reason: block.reason, blockedAt: block.createdAt } : undefined;
      }),
    );
    return entries.filter((entry) => entry !== undefined);
  }

  async between(a: string, b: string): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
    if (!a || !b || a === b) return { aBlocksB: false, bBlocksA: false };
    const blocks = await this.blocks.between(a, b);
    return {
      aBlocksB: blocks.some((block) => block.blockerId === a),
      bBlocksA: blocks.some((block) => block.blockerId === b),
    };
  }

  private callerId(caller: Caller | undefined): string {
    if (!caller) throw new Unauthenticated(BlockMessages.signInRequired);
    return caller.userId;
  }

  private async existingMember(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFound(BlockMessages.userNotFound);
    return user;
  }
}
