import { CallContext, NotFound, RuleViolation } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { memberIdOf, Messages, requireCaller } from '../common/ids';
import { PageSizes, pageLimit } from '../common/settings';
import { decodeTimeCursor, encodeTimeCursor } from '../feeds/cursor';
import { MembersRepository } from '../members/members.repository';
import { toAuthor } from '../posts/post.mapper';
import { MutesRepository } from './mutes.repository';

/** How many members one member may mute: the set every feed read of theirs leaves out. */
export const MAX_MUTES = 1000;

export const MuteMessages = {
  self: 'You cannot mute yourself',
  tooMany: `You can mute at most ${MAX_MUTES} members`,
} as const;

/**
 * Muting a member: their posts and stories leave the muter's feeds, stories and explore (PostViews
 * leaves them out at every read); their profile still shows them to the muter, and they are not told
 * (no event, nothing in their notifications).
 */
@Injectable()
export class MutesService {
  constructor(
    @Inject(MutesRepository) private readonly mutes: MutesRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async mute(request: social.MemberRef, context: CallContext): Promise<social.MuteState> {
    const muterId = requireCaller(context);
    const mutedId = memberIdOf(request.userId);
    if (mutedId === muterId) throw new RuleViolation(MuteMessages.self);
    if (!(await this.members.findById(mutedId))) throw new NotFound(Messages.userNotFound);
    if (await this.mutes.isMuted(muterId, mutedId)) return { userId: mutedId, muted: true };
    // Checked before the insert: concurrent mutes of a member at the limit may pass it by a few.
    if ((await this.mutes.countOf(muterId)) >= MAX_MUTES) throw new RuleViolation(MuteMessages.tooMany);
    await this.mutes.add(muterId, mutedId, this.clock.now());
    return { userId: mutedId, muted: true };
  }

  async unmute(request: social.MemberRef, context: CallContext): Promise<social.MuteState> {
    const muterId = requireCaller(context);
    const mutedId = memberIdOf(request.userId);
    await this.mutes.remove(muterId, mutedId);
    return { userId: mutedId, muted: false };
  }

  async list(request: social.ListMutesRequest, context: CallContext): Promise<social.MutedMemberPage> {
    const muterId = requireCaller(context);
    const limit = pageLimit(request.limit, PageSizes.mutes.fallback, PageSizes.mutes.max);
    const after = decodeTimeCursor(request.cursor);
    const docs = await this.mutes.page(
      muterId,
      after && { createdAtMs: after.score, id: after.id },
      limit + 1,
    );
    const page = docs.slice(0, limit);
    const members = await this.members.mapByIds(page.map((doc) => doc.mutedId));
    const last = page.at(-1);
    return {
      mutes: page.map((doc) => ({
        member: toAuthor(doc.mutedId, members.get(doc.mutedId)),
        mutedAt: new Date(doc.createdAt).toISOString(),
      })),
      nextCursor:
        docs.length > limit && last
          ? encodeTimeCursor({ score: new Date(last.createdAt).getTime(), id: last._id })
          : '',
    };
  }
}
