import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { CLOCK, Clock } from '../common/clock';
import { HiddenPostsRepository } from '../hidden-posts/hidden-posts.repository';
import { LikesRepository } from '../likes/likes.repository';
import { MembersRepository } from '../members/members.repository';
import { mutedPhraseMatcher } from '../mutes/muted-word-rules';
import { MutedWordsRepository } from '../mutes/muted-words.repository';
import { MutesRepository } from '../mutes/mutes.repository';
import { SavedPostsRepository } from '../saved-posts/saved-posts.repository';
import { peopleIn, toPost } from './post.mapper';
import type { PostDoc } from './post.schema';
import { PostsRepository } from './posts.repository';

/** A post or story anyone may still see: not deleted, and for a story not expired. */
export function isLive(doc: PostDoc, now: Date): boolean {
  if (doc.deleted) return false;
  if (doc.isStory) return doc.expiresAt !== null && new Date(doc.expiresAt).getTime() > now.getTime();
  return true;
}

/** Loading posts by id for a viewer, and answering them with their authors and the viewer's likes and saves. */
@Injectable()
export class PostViews {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(MutesRepository) private readonly mutes: MutesRepository,
    @Inject(MutedWordsRepository) private readonly mutedWords: MutedWordsRepository,
    @Inject(HiddenPostsRepository) private readonly hiddenPosts: HiddenPostsRepository,
    @Inject(SavedPostsRepository) private readonly savedPosts: SavedPostsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Members hidden from the viewer (blocked either way); none without a viewer. */
  hiddenFor(viewerId: string | undefined): Promise<Set<string>> {
    return viewerId ? this.blocks.blockedEitherWay(viewerId) : Promise.resolve(new Set());
  }

  /**
   * Members whose posts and stories the viewer's feeds, stories and explore leave out: those hidden
   * from them, and those they muted (a muted member's profile still shows their posts).
   */
  async hiddenInFeedsFor(viewerId: string | undefined): Promise<Set<string>> {
    if (!viewerId) return new Set();
    const [blocked, muted] = await Promise.all([
      this.blocks.blockedEitherWay(viewerId),
      this.mutes.mutedBy(viewerId),
    ]);
    if (muted.size === 0) return blocked;
    return new Set([...blocked, ...muted]);
  }

  /**
   * Whether a post holds a word or tag the viewer muted (their feeds, stories and explore leave it out);
   * never for the viewer's own posts, nor without a viewer.
   */
  async mutedWordsFor(viewerId: string | undefined): Promise<(doc: PostDoc) => boolean> {
    if (!viewerId) return () => false;
    const holdsMuted = mutedPhraseMatcher(await this.mutedWords.phrasesOf(viewerId, this.clock.now()));
    return (doc) => doc.authorId !== viewerId && holdsMuted(doc.content ?? '', doc.tags ?? []);
  }

  /**
   * Whether the viewer's feeds, stories strip and explore leave a post or story out by itself (beside
   * its author, `hiddenInFeedsFor`): it holds a word or tag they muted (never their own), or they hid it
   * (their own too). Nothing without a viewer.
   */
  async leftOutOfFeedsFor(viewerId: string | undefined): Promise<(doc: PostDoc) => boolean> {
    if (!viewerId) return () => false;
    const [muted, hidden] = await Promise.all([
      this.mutedWordsFor(viewerId),
      this.hiddenPosts.hiddenBy(viewerId),
    ]);
    return (doc) => hidden.has(doc._id) || muted(doc);
  }

  /** The live posts among `ids` whose author is not hidden, in the order of `ids`. */
  async visible(ids: string[], hidden: Set<string>): Promise<PostDoc[]> {
    const byId = await this.posts.mapByIds(ids);
    const now = this.clock.now();
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc && isLive(doc, now) && !hidden.has(doc.authorId) ? [doc] : [];
    });
  }

  /** One post as the viewer may see it, or null (missing, deleted, expired or blocked either way). */
  async visibleOne(id: string, viewerId: string | undefined): Promise<PostDoc | null> {
    const doc = await this.posts.findById(id);
    if (!doc || !isLive(doc, this.clock.now())) return null;
    if (viewerId && (await this.blocks.isBlockedEitherWay(viewerId, doc.authorId))) return null;
    return doc;
  }

  async render(docs: PostDoc[], viewerId: string | undefined): Promise<social.Post[]> {
    if (docs.length === 0) return [];
    const ids = docs.map((doc) => doc._id);
    const none = Promise.resolve(new Set<string>());
    const [authors, liked, saved] = await Promise.all([
      this.members.mapByIds(peopleIn(docs)),
      viewerId ? this.likes.likedPostIds(viewerId, ids) : none,
      viewerId ? this.savedPosts.savedPostIds(viewerId, ids) : none,
    ]);
    return docs.map((doc) =>
      toPost(doc, authors.get(doc.authorId), liked.has(doc._id), saved.has(doc._id), authors),
    );
  }
}
