import { CallContext, createEvent, NotFound, RUNTIME, RuleViolation } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { CLOCK, Clock } from '../common/clock';
import { memberIdOf, Messages, requireCaller } from '../common/ids';
import type { OutboxHost } from '../common/outbox-host';
import { Timelines } from '../feeds/timelines';
import { MemberDoc } from '../members/member.schema';
import { MembersRepository } from '../members/members.repository';
import { MutesRepository } from '../mutes/mutes.repository';
import { FollowsRepository } from './follows.repository';

export const FollowMessages = {
  self: 'You cannot follow yourself',
  blocked: 'You cannot follow this user',
} as const;

@Injectable()
export class FollowsService {
  constructor(
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(MutesRepository) private readonly mutes: MutesRepository,
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {}

  async follow(request: social.MemberRef, context: CallContext): Promise<social.FollowState> {
    const followerId = requireCaller(context);
    const followeeId = memberIdOf(request.userId);
    if (followeeId === followerId) throw new RuleViolation(FollowMessages.self);
    const followee = await this.members.findById(followeeId);
    if (!followee) throw new NotFound(Messages.userNotFound);
    if (await this.blocks.isBlockedEitherWay(followerId, followeeId))
      throw new RuleViolation(FollowMessages.blocked);
    const now = this.clock.now();
    const event = createEvent(this.runtime.service, 'user.followed', followerId, {
      followerId,
      followeeId,
      followersCount: followee.followersCount + 1,
      changedAt: now.toISOString(),
    });
    const created = await this.follows.insert({ followerId, followeeId, createdAt: now }, [event]);
    if (!created) return this.state(followee, true);
    const counted = await this.afterChange(followerId, followeeId, true);
    await this.members.touchActive(followerId, now);
    return this.state(counted ?? followee, true);
  }

  async unfollow(request: social.MemberRef, context: CallContext): Promise<social.FollowState> {
    const followerId = requireCaller(context);
    const followeeId = memberIdOf(request.userId);
    const followee = await this.members.findById(followeeId);
    if (!followee) throw new NotFound(Messages.userNotFound);
    if (followeeId === followerId) return this.state(followee, false);
    const removed = await this.remove(followerId, followeeId, followee);
    if (!removed) return this.state(followee, false);
    await this.members.touchActive(followerId, this.clock.now());
    return this.state(removed, false);
  }

  async getState(request: social.MemberRef, context: CallContext): Promise<social.FollowState> {
    const memberId = memberIdOf(request.userId);
    const viewerId = context.caller?.userId;
    const other = viewerId && viewerId !== memberId ? viewerId : undefined;
    const [member, following, muted] = await Promise.all([
      this.members.followCounts(memberId),
      other ? this.follows.isFollowing(other, memberId) : false,
      other ? this.mutes.isMutedCached(other, memberId) : false,
    ]);
    return {
      userId: memberId,
      isFollowing: following,
      followersCount: member?.followersCount ?? 0,
      followingCount: member?.followingCount ?? 0,
      isMuted: muted,
    };
  }

  /**
   * Removes a follow (unfollow, or a block) with its user.unfollowed event; returns the followee as
   * counted afterwards, or null if this call removed no follow.
   */
  async remove(
    followerId: string,
    followeeId: string,
    followee?: MemberDoc | null,
  ): Promise<MemberDoc | null> {
    const now = this.clock.now();
    const target = followee ?? (await this.members.findById(followeeId));
    const edge = await this.follows.remove(
      followerId,
      followeeId,
      async () => [
        createEvent(this.runtime.service, 'user.unfollowed', followerId, {
          followerId,
          followeeId,
          followersCount: Math.max(0, (target?.followersCount ?? 1) - 1),
          changedAt: now.toISOString(),
        }),
      ],
      now,
    );
    if (!edge) return null;
    return (await this.afterChange(followerId, followeeId, false)) ?? target ?? null;
  }

  /**
   * After this call inserted or deleted a follow: both members' counts move by one (`$inc`, right
   * after the edge write), then the caches follow. Returns the followee as counted.
   */
  private async afterChange(
    followerId: string,
    followeeId: string,
    following: boolean,
  ): Promise<MemberDoc | null> {
    const by = following ? 1 : -1;
    const [followee] = await Promise.all([
      this.members.addFollowers(followeeId, by),
      this.members.addFollowing(followerId, by),
    ]);
    await this.updateCaches(followerId, followeeId, following, followee);
    return followee;
  }

  /** The Redis follow sets, the follower's timeline and big-authors after a follow changed. */
  async updateCaches(
    followerId: string,
    followeeId: string,
    following: boolean,
    followee: MemberDoc | null,
  ): Promise<void> {
    await this.follows.changed(followerId, followeeId, following);
    await this.timelines.followChanged(followerId, followeeId, following);
    if (followee) await this.timelines.followersChanged(followeeId, followee.followersCount);
  }

  private state(member: MemberDoc, isFollowing: boolean): social.FollowState {
    return {
      userId: member._id,
      isFollowing,
      followersCount: member.followersCount,
      followingCount: member.followingCount,
      isMuted: false, // answered by getState only (proto)
    };
  }
}
