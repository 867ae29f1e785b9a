import { CallContext, createEvent, Forbidden, NotFound, RUNTIME, RuleViolation } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { BlocksRepository } from '../blocks/blocks.repository';
import { CLOCK, Clock } from '../common/clock';
import { commentIdOf, Messages, newId, postIdOf, requireCaller } from '../common/ids';
import type { OutboxHost } from '../common/outbox-host';
import { pageLimit, PageSizes } from '../common/settings';
import { decodeTimeCursor, encodeTimeCursor } from '../feeds/cursor';
import { LikesRepository } from '../likes/likes.repository';
import { MemberDoc } from '../members/member.schema';
import { MembersRepository } from '../members/members.repository';
import { ContentRemoval } from '../posts/content-removal';
import { mentionedMembers, toAuthor } from '../posts/post.mapper';
import { PostViews } from '../posts/post-views';
import { PostsRepository } from '../posts/posts.repository';
import { extractMentions } from '../posts/text';
import { CommentDoc } from './comment.schema';
import { CommentsRepository } from './comments.repository';

export const CommentMessages = {
  empty: 'Comment cannot be empty',
  tooLong: 'Comment must be at most 300 characters',
  otherPost: 'You can only reply to a comment on the same post',
  notYoursToEdit: 'You can only edit your own comments',
  notYoursToDelete: 'You can only delete your own comments or comments on your posts',
} as const;

export const MAX_COMMENT_LENGTH = 300;

/** `people` holds the comment's author and the members it mentions (by id). */
export function toComment(
  doc: CommentDoc,
  people: ReadonlyMap<string, MemberDoc>,
  hasLiked: boolean,
): social.Comment {
  return {
    id: doc._id,
    postId: doc.postId,
    parentCommentId: doc.parentCommentId ?? '',
    content: doc.content,
    likesCount: doc.likesCount ?? 0,
    hasLiked,
    createdAt: new Date(doc.createdAt).toISOString(),
    editedAt: doc.editedAt ? new Date(doc.editedAt).toISOString() : '',
    user: toAuthor(doc.authorId, people.get(doc.authorId)),
    mentionedUsers: mentionedMembers(doc.mentionIds, people),
  };
}

const byId = (members: readonly (MemberDoc | null | undefined)[]) =>
  new Map(members.filter((member): member is MemberDoc => Boolean(member)).map((m) => [m._id, m]));

/** Checks a comment's text (trimmed, non-blank, ≤ 300 characters); returns it trimmed. */
export function validateCommentText(content: string): string {
  const text = (content ?? '').trim();
  if (!text) throw new RuleViolation(CommentMessages.empty);
  if ([...text].length > MAX_COMMENT_LENGTH) throw new RuleViolation(CommentMessages.tooLong);
  return text;
}

@Injectable()
export class CommentsService {
  constructor(
    @Inject(CommentsRepository) private readonly comments: CommentsRepository,
    @Inject(LikesRepository) private readonly likes: LikesRepository,
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(PostViews) private readonly views: PostViews,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
    @Inject(ContentRemoval) private readonly removal: ContentRemoval,
  ) {}

  async create(request: social.CreateCommentRequest, context: CallContext): Promise<social.Comment> {
    const commenterId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const content = validateCommentText(request.content);
    const post = await this.views.visibleOne(postId, commenterId);
    if (!post) throw new NotFound(Messages.postNotFound);
    let parent: CommentDoc | null = null;
    if (request.parentCommentId) {
      parent = await this.comments.findById(commentIdOf(request.parentCommentId));
      if (!parent || parent.deleted) throw new NotFound(Messages.commentNotFound);
      if (parent.postId !== postId) throw new RuleViolation(CommentMessages.otherPost);
    }
    const mentions = extractMentions(content);
    const [author, mentioned] = await Promise.all([
      this.members.findById(commenterId),
      this.members.findByUsernames(mentions),
    ]);
    const now = this.clock.now();
    const doc: CommentDoc = {
      _id: newId(),
      postId,
      authorId: commenterId,
      parentCommentId: parent?._id ?? null,
      parentAuthorId: parent?.authorId ?? '',
      content,
      mentions,
      mentionIds: mentioned.map((member) => member._id),
      likesCount: 0,
      createdAt: now,
      deleted: false,
    };
    const event = createEvent(this.runtime.service, 'comment.created', postId, {
      commentId: doc._id,
      postId,
      postAuthorId: post.authorId,
      commenterId,
      parentCommentId: doc.parentCommentId ?? '',
      parentAuthorId: doc.parentAuthorId,
      mentionedUserIds: doc.mentionIds,
      createdAt: now.toISOString(),
    });
    await this.comments.insert(doc, [event]);
    await this.posts.addComment(postId);
    await this.members.touchActive(commenterId, now);
    return toComment(doc, byId([author, ...mentioned]), false);
  }

  /** One comment, if the caller may see it: not removed, on a post they see, not of a blocked member. */
  async get(request: social.CommentRef, context: CallContext): Promise<social.Comment> {
    const viewerId = context.caller?.userId;
    const doc = await this.comments.findById(commentIdOf(request.commentId));
    const post = doc && !doc.deleted ? await this.views.visibleOne(doc.postId, viewerId) : null;
    const hidden = post && viewerId ? await this.blocks.blockedEitherWay(viewerId) : new Set<string>();
    if (!doc || !post || hidden.has(doc.authorId)) throw new NotFound(Messages.commentNotFound);
    const people = await this.members.mapByIds([doc.authorId, ...(doc.mentionIds ?? [])]);
    return toComment(doc, people, false);
  }

  /** The commenter edits their comment's text (the same rules as a new one); it carries editedAt. */
  async edit(request: social.EditCommentRequest, context: CallContext): Promise<social.Comment> {
    const memberId = requireCaller(context);
    const doc = await this.visibleComment(commentIdOf(request.commentId), memberId);
    if (doc.authorId !== memberId) throw new Forbidden(CommentMessages.notYoursToEdit);
    const content = validateCommentText(request.content);
    const mentions = extractMentions(content);
    const [author, mentioned] = await Promise.all([
      this.members.findById(memberId),
      this.members.findByUsernames(mentions),
    ]);
    const edited = await this.comments.editText(doc._id, memberId, {
      content,
      mentions,
      mentionIds: mentioned.map((member) => member._id),
      editedAt: this.clock.now(),
    });
    if (!edited) throw new NotFound(Messages.commentNotFound);
    const liked = await this.likes.likedCommentIds(memberId, [doc._id]);
    return toComment(edited, byId([author, ...mentioned]), liked.has(doc._id));
  }

  /**
   * Deletes a comment, by its commenter or by the author of its post, with the replies to it (a reply
   * without its comment would read out of context); the post's count drops by as many.
   */
  async delete(request: social.CommentRef, context: CallContext): Promise<void> {
    const memberId = requireCaller(context);
    const doc = await this.visibleComment(commentIdOf(request.commentId), memberId);
    if (doc.authorId !== memberId) {
      const post = await this.posts.findById(doc.postId);
      if (post?.authorId !== memberId) throw new Forbidden(CommentMessages.notYoursToDelete);
    }
    if (!(await this.removal.removeComment(doc._id))) throw new NotFound(Messages.commentNotFound);
  }

  /** A live comment on a post the member sees, of a member not blocked either way; else NOT_FOUND. */
  private async visibleComment(commentId: string, memberId: string): Promise<CommentDoc> {
    const doc = await this.comments.findById(commentId);
    const post = doc && !doc.deleted ? await this.views.visibleOne(doc.postId, memberId) : null;
    if (!doc || !post) throw new NotFound(Messages.commentNotFound);
    if (doc.authorId !== memberId && (await this.blocks.isBlockedEitherWay(memberId, doc.authorId)))
      throw new NotFound(Messages.commentNotFound);
    return doc;
  }

  /** A post's comments and replies, oldest first; members blocked either way are left out. */
  async list(request: social.ListCommentsRequest, context: CallContext): Promise<social.CommentPage> {
    const postId = postIdOf(request.postId);
    const viewerId = context.caller?.userId;
    const post = await this.views.visibleOne(postId, viewerId);
    if (!post) throw new NotFound(Messages.postNotFound);
    const limit = pageLimit(request.limit, PageSizes.comments.fallback, PageSizes.comments.max);
    let position = decodeTimeCursor(request.cursor);
    const hidden = viewerId ? await this.blocks.blockedEitherWay(viewerId) : new Set<string>();
    const found: CommentDoc[] = [];
    let more = false;
    // Comments of hidden members are skipped: read on until the page is full (or the post's end).
    for (let round = 0; round < 5 && found.length <= limit; round++) {
      const batch = await this.comments.page(postId, position, limit + 1);
      if (batch.length === 0) break;
      found.push(...batch.filter((doc) => !hidden.has(doc.authorId)));
      const last = batch[batch.length - 1];
      position = { score: new Date(last.createdAt).getTime(), id: last._id };
      more = batch.length === limit + 1;
      if (!more) break;
    }
    const page = found.slice(0, limit);
    const hasNext = found.length > limit || (more && page.length === limit);
    const [people, liked] = await Promise.all([
      this.members.mapByIds(page.flatMap((doc) => [doc.authorId, ...(doc.mentionIds ?? [])])),
      viewerId
        ? this.likes.likedCommentIds(
            viewerId,
            page.map((doc) => doc._id),
          )
        : Promise.resolve(new Set<string>()),
    ]);
    const last = page[page.length - 1];
    return {
      comments: page.map((doc) => toComment(doc, people, liked.has(doc._id))),
      nextCursor:
        hasNext && last ? encodeTimeCursor({ score: new Date(last.createdAt).getTime(), id: last._id }) : '',
    };
  }
}
