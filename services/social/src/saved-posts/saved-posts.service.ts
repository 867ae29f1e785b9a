import { CallContext, Conflict, NotFound } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { Messages, postIdOf, requireCaller } from '../common/ids';
import type { ScorePosition } from '../common/redis-cache';
import { PageSizes, pageLimit } from '../common/settings';
import { decodeTimeCursor, encodeTimeCursor } from '../feeds/cursor';
import type { PostDoc } from '../posts/post.schema';
import { PostViews } from '../posts/post-views';
import { canSaveAnother, cutSavedPage, SavedPostMessages } from './saved-post-rules';
import type { SavedPostDoc } from './saved-post.schema';
import { SavedPostsRepository } from './saved-posts.repository';

/** Reads of saves per page: a few rounds when many saved posts were removed since. */
const MAX_ROUNDS = 5;

/**
 * Saving posts (bookmarks): a member saves a post they can see and finds it in their Saved list, the
 * most recently saved first. Only the member reads their saves; nobody is told. A post removed since, or
 * whose author is blocked either way, is left out of the list (its save stays until unsaved, or until
 * moderation removes the post).
 */
@Injectable()
export class SavedPostsService {
  constructor(
    @Inject(SavedPostsRepository) private readonly saved: SavedPostsRepository,
    @Inject(PostViews) private readonly views: PostViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async save(request: social.PostRef, context: CallContext): Promise<social.SaveState> {
    const memberId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const post = await this.views.visibleOne(postId, memberId);
    // Stories last 5 hours: posts only.
    if (!post || post.isStory) throw new NotFound(Messages.postNotFound);
    if (await this.saved.isSaved(memberId, postId)) return { postId, saved: true };
    // Checked before the insert: concurrent saves at the limit may pass it by a few.
    if (!canSaveAnother(await this.saved.countOf(memberId))) throw new Conflict(SavedPostMessages.tooMany);
    await this.saved.add(memberId, postId, this.clock.now());
    return { postId, saved: true };
  }

  /** Idempotent; a post removed since can still be unsaved. 404 only for a post neither saved nor visible. */
  async unsave(request: social.PostRef, context: CallContext): Promise<social.SaveState> {
    const memberId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const removed = await this.saved.remove(memberId, postId);
    if (!removed && !(await this.views.visibleOne(postId, memberId)))
      throw new NotFound(Messages.postNotFound);
    return { postId, saved: false };
  }

  async list(request: social.ListSavedPostsRequest, context: CallContext): Promise<social.PostPage> {
    const memberId = requireCaller(context);
    const limit = pageLimit(request.limit, PageSizes.savedPosts.fallback, PageSizes.savedPosts.max);
    let position: ScorePosition | undefined = decodeTimeCursor(request.cursor);
    const hidden = await this.views.hiddenFor(memberId);
    const read: { save: SavedPostDoc; post: PostDoc | undefined }[] = [];
    let exhausted = false;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const saves = await this.saved.page(memberId, position, limit + 1);
      const visible = new Map(
        (
          await this.views.visible(
            saves.map((save) => save.postId),
            hidden,
          )
        ).map((doc) => [doc._id, doc]),
      );
      for (const save of saves) {
        const post = visible.get(save.postId);
        read.push({ save, post: post && !post.isStory ? post : undefined });
      }
      if (saves.length < limit + 1) {
        exhausted = true;
        break;
      }
      position = {
        score: new Date(saves[saves.length - 1].savedAt).getTime(),
        id: saves[saves.length - 1]._id,
      };
      if (read.filter((entry) => entry.post).length > limit) break;
    }
    const { page, next } = cutSavedPage(read, limit, exhausted);
    return {
      posts: await this.views.render(
        page.map((entry) => entry.post),
        memberId,
      ),
      nextCursor: next ? encodeTimeCursor(next) : '',
    };
  }
}
