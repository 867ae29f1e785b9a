import { annotate, CallContext, createEvent, Forbidden, NotFound, RUNTIME } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { Messages, newId, postIdOf, requireCaller } from '../common/ids';
import { contentPrefixesOf } from '../common/search-words';
import { postsCreated } from '../metrics';
import type { OutboxHost } from '../common/outbox-host';
import { Timelines } from '../feeds/timelines';
import { MembersRepository } from '../members/members.repository';
import { PostMessages, STORY_LIFETIME_MS, validateEditedPost, validateNewPost } from './post-rules';
import { toPost } from './post.mapper';
import { PostDoc } from './post.schema';
import { PostViews } from './post-views';
import { PostsRepository } from './posts.repository';
import { ContentRemoval } from './content-removal';
import { extractMentions, extractTags } from './text';

@Injectable()
export class PostsService {
  constructor(
    @Inject(PostsRepository) private readonly posts: PostsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(PostViews) private readonly views: PostViews,
    @Inject(Timelines) private readonly timelines: Timelines,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
    @Inject(ContentRemoval) private readonly removal: ContentRemoval,
  ) {
    postsCreated.touch();
  }

  /** A new post or story: validated, stored with its event, then fanned out. */
  async create(request: social.CreatePostRequest, context: CallContext): Promise<social.Post> {
    const authorId = requireCaller(context);
    const input = validateNewPost(request);
    const tags = extractTags(input.content);
    const mentions = extractMentions(input.content);
    const [author, mentioned] = await Promise.all([
      this.members.findById(authorId),
      this.members.findByUsernames(mentions),
    ]);
    const now = this.clock.now();
    const doc: PostDoc = {
      _id: newId(),
      authorId,
      content: input.content,
      contentLower: input.content.toLowerCase(),
      contentPrefixes: contentPrefixesOf(input.content),
      contentType: input.contentType,
      category: input.category,
      mediaUrl: input.mediaUrl,
      mediaType: input.mediaType,
      isStory: input.isStory,
      tags,
      mentions,
      mentionIds: mentioned.map((member) => member._id),
      likesCount: 0,
      commentsCount: 0,
      tipsCount: 0,
      engagementScore: 0,
      createdAt: now,
      expiresAt: input.isStory ? new Date(now.getTime() + STORY_LIFETIME_MS) : null,
      deleted: false,
    };
    const event = createEvent(this.runtime.service, doc.isStory ? 'story.created' : 'post.created', doc._id, {
      postId: doc._id,
      authorId,
      isStory: doc.isStory,
      category: doc.category,
      contentType: doc.contentType,
      mediaUrl: doc.mediaUrl,
      tags,
      mentionedUserIds: doc.mentionIds,
      createdAt: now.toISOString(),
    });
    await this.posts.insert(doc, [event]);
    postsCreated.add(1);
    annotate({ 'aura.post_id': doc._id, 'aura.member_id': authorId });
    await Promise.all([
      this.timelines.distribute(doc, author?.followersCount ?? 0),
      this.members.touchActive(authorId, now),
    ]);
    return toPost(doc, author ?? undefined, false, false, new Map(mentioned.map((m) => [m._id, m])));
  }

  async get(request: social.PostRef, context: CallContext): Promise<social.Post> {
    const postId = postIdOf(request.postId);
    const viewerId = context.caller?.userId;
    const doc = await this.views.visibleOne(postId, viewerId);
    if (!doc) throw new NotFound(Messages.postNotFound);
    const [post] = await this.views.render([doc], viewerId);
    return post;
  }

  /**
   * The author edits their post's text: search words, tags and mentions follow the new text, and the
   * post carries editedAt. A new mention is not notified (docs: what an edit changes).
   */
  async edit(request: social.EditPostRequest, context: CallContext): Promise<social.Post> {
    const memberId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const post = await this.views.visibleOne(postId, memberId);
    if (!post) throw new NotFound(Messages.postNotFound);
    if (post.authorId !== memberId) throw new Forbidden(PostMessages.notYoursToEdit);
    const content = validateEditedPost(request.content, post);
    const mentions = extractMentions(content);
    const mentioned = await this.members.findByUsernames(mentions);
    const edited = await this.posts.editText(postId, memberId, {
      content,
      contentLower: content.toLowerCase(),
      contentPrefixes: contentPrefixesOf(content),
      tags: extractTags(content),
      mentions,
      mentionIds: mentioned.map((member) => member._id),
      editedAt: this.clock.now(),
    });
    // Deleted between the read and the write.
    if (!edited) throw new NotFound(Messages.postNotFound);
    const [rendered] = await this.views.render([edited], memberId);
    return rendered;
  }

  /**
   * The author deletes their post or story: hidden everywhere as a moderator's removal (every list and
   * lookup leaves deleted posts out) and its saves dropped. Deleting again is NOT_FOUND.
   */
  async delete(request: social.PostRef, context: CallContext): Promise<void> {
    const memberId = requireCaller(context);
    const postId = postIdOf(request.postId);
    const post = await this.views.visibleOne(postId, memberId);
    if (!post) throw new NotFound(Messages.postNotFound);
    if (post.authorId !== memberId) throw new Forbidden(PostMessages.notYoursToDelete);
    if (!(await this.removal.removePost(postId))) throw new NotFound(Messages.postNotFound);
    annotate({ 'aura.post_id': postId, 'aura.member_id': memberId });
  }
}
