import { CallContext, NotFound } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { Messages, postIdOf, requireCaller } from '../common/ids';
import { PostViews } from '../posts/post-views';
import { HiddenPostsRepository } from './hidden-posts.repository';

/**
 * Hiding a post: it leaves the member's four feeds, stories strip and explore at the next read
 * (PostViews.leftOutOfFeedsFor), as a muted member's posts do; the author's profile, the post itself
 * and the member's Saved list still show it. One's own posts may be hidden too (from one's own feeds
 * only). Nobody is told.
 */
@Injectable()
export class HiddenPostsService {
  constructor(
    @Inject(HiddenPostsRepository) private readonly hidden: HiddenPostsRepository,
    @Inject(PostViews) private readonly views: PostViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async hide(request: social.PostRef, context: CallContext): Promise<social.HideState> {
    const memberId = requireCaller(context);
    const postId = postIdOf(request.postId);
    if (!(await this.views.visibleOne(postId, memberId))) throw new NotFound(Messages.postNotFound);
    await this.hidden.add(memberId, postId, this.clock.now());
    return { postId, hidden: true };
  }

  /** Idempotent; 404 only for a post neither hidden nor visible. */
  async unhide(request: social.PostRef, context: CallContext): Promise<social.HideState> {
    const memberId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const removed = await this.hidden.remove(memberId, postId);
    if (!removed && !(await this.views.visibleOne(postId, memberId)))
      throw new NotFound(Messages.postNotFound);
    return { postId, hidden: false };
  }
}
