import { annotate, CallContext, createEvent, NotFound, RUNTIME } from '@aura/platform';
import { social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../common/clock';
import { Messages, newId, postIdOf, requireCaller } from '../common/ids';
import { contentPrefixesOf } from '../common/search-words';
import { postsCreated } from '../metrics';
import type { OutboxHost } from '../common/outbox-host';
import { Timelines } from '../feeds/timelines';
import { MembersRepository } from '../members/members.repository';
import { STORY_LIFETIME_MS, validateNewPost } from './post-rules';
import { toPost } from './post.mapper';
import { PostDoc } from './post.schema';
import { PostViews } from './post-views';
import { PostsRepository } from './posts.repository';
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
    return toPost(doc, author ?? undefined, false);
  }

  async get(request: social.PostRef, context: CallContext): Promise<social.Post> {
    const postId = postIdOf(request.postId);
    const viewerId = context.caller?.userId;
    const doc = await this.views.visibleOne(postId, viewerId);
    if (!doc) throw new NotFound(Messages.postNotFound);
    const [post] = await this.views.render([doc], viewerId);
    return post;
  }
}
