import { Inject, Injectable } from '@nestjs/common';
import { CreatedWindow } from '../common/created-window';
import { EDGE_KINDS, EdgeRemovals } from '../common/edges.repository';
import { CommentsRepository } from '../comments/comments.repository';
import { FollowsRepository } from '../follows/follows.repository';
import { LikesRepository } from '../likes/likes.repository';
import { MembersRepository } from '../members/members.repository';
import { PostsRepository } from '../posts/posts.repository';

/** A change is checked once it is this old: the request that made it has finished its `$inc` by then. */
export const SETTLE_MS = 10_000;
/** An upper bound for "changed since": no change is dated this late. */
const FAR_FUTURE = new Date('9999-12-31T00:00:00.000Z');
/** The first pass after a start looks this far back, so a crash and restart are covered. */
export const FIRST_LOOKBACK_MS = 5 * 60_000;

export interface RepairedTargets {
  posts: number;
  comments: number;
  members: number;
}

/**
 * The counters that mirror documents (a post's likes and comments, a comment's likes, a member's
 * followers and following) are `$inc`-ed by the request right after its insert or delete succeeded.
 * Two things can leave one off by one: a crash between the two writes, and a guarded decrement that
 * arrived before the increment it undoes (one member's racing like and unlike at a count of 0). So
 * every sweep recounts the targets of the documents inserted or removed since the previous sweep
 * (each change once, SETTLE_MS after it), and stores the recount. A recount racing a new change may
 * itself be off by one; that change is in the next window, so its target is recounted again: a
 * counter is exact once its target has been quiet for a sweep.
 */
@Injectable()
export class CounterRepair {
  /** Changes before this time have been checked (by this instance; another instance checks too). */
  private checkedUntil?: Date;

  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(EdgeRemovals) private readonly removals: EdgeRemovals,
  ) {}

  /** Recounts the targets of the changes made since the last pass, up to SETTLE_MS before `now`. */
  async repairRecent(now: Date): Promise<RepairedTargets> {
    const until = new Date(now.getTime() - SETTLE_MS);
    const since =
      this.checkedUntil && this.checkedUntil.getTime() <= until.getTime()
        ? this.checkedUntil
        : new Date(until.getTime() - FIRST_LOOKBACK_MS);
    const repaired = await this.repairBetween(since, until);
    this.checkedUntil = until;
    return repaired;
  }

  /**
   * Recounts the targets of the likes, comments and follows inserted or removed in [since, until),
   * except those changed since `until`: a request may still be between its insert or delete and its
   * `$inc` there, and a recount then would count that change twice. Their newer change is in the next
   * window, so they are recounted once they are quiet.
   */
  async repairBetween(since: Date, until: Date): Promise<RepairedTargets> {
    const [changed, busy] = await Promise.all([
      this.targetsChanged({ since, until }, until),
      this.targetsChanged({ since: until }),
    ]);
    const posts = [...changed.posts].filter((id) => !busy.posts.has(id));
    const comments = [...changed.comments].filter((id) => !busy.comments.has(id));
    const members = [...changed.members].filter((id) => !busy.members.has(id));
    // One at a time: a burst of changes is repaired at the pace of one query, never as a flood.
    for (const id of posts) await this.recountPost(id);
    for (const id of comments) await this.recountComment(id);
    for (const id of members) await this.recountMember(id);
    return { posts: posts.length, comments: comments.length, members: members.length };
  }

  /**
   * The posts, comments and members whose likes, comments or follows were inserted in `window`, or
   * removed from its start until `removedUntil` (open-ended when absent).
   */
  private async targetsChanged(
    window: CreatedWindow,
    removedUntil?: Date,
  ): Promise<{ posts: Set<string>; comments: Set<string>; members: Set<string> }> {
    const [liked, commentedPosts, followed, removed] = await Promise.all([
      this.likes.likedIn(window),
      this.comments.postIdsCommentedIn(window),
      this.follows.membersFollowingIn(window),
      this.removals.removedBetween(window.since, removedUntil ?? FAR_FUTURE),
    ]);
    const posts = new Set([...liked.postIds, ...commentedPosts]);
    const comments = new Set(liked.commentIds);
    const members = new Set(followed);
    for (const { kind, edgeId } of removed) {
      const [first, second] = edgeId.split(':');
      if (kind === EDGE_KINDS.postLike) posts.add(first);
      else if (kind === EDGE_KINDS.commentLike) comments.add(first);
      else if (kind === EDGE_KINDS.follow) members.add(first).add(second);
    }
    return { posts, comments, members };
  }

  async recountPost(postId: string): Promise<void> {
    const [likesCount, commentsCount] = await Promise.all([
      this.likes.countForPost(postId),
      this.comments.countForPost(postId),
    ]);
    await this.posts.setCounters(postId, { likesCount, commentsCount });
  }

  async recountComment(commentId: string): Promise<void> {
    await this.comments.setLikes(commentId, await this.likes.countForComment(commentId));
  }

  async recountMember(memberId: string): Promise<void> {
    const [followersCount, followingCount] = await Promise.all([
      this.follows.countFollowers(memberId),
      this.follows.countFollowing(memberId),
    ]);
    await this.members.setFollowCounts(memberId, { followersCount, followingCount });
  }
}
