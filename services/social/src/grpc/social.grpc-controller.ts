import { AsyncService, CallContext, CallerPolicy, exportRequest, toExportPage } from '@aura/platform';
import { common, social } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { CommentsService } from '../comments/comments.service';
import { ExploreService } from '../explore/explore.service';
import { FeedsService } from '../feeds/feeds.service';
import { FollowsService } from '../follows/follows.service';
import { HiddenPostsService } from '../hidden-posts/hidden-posts.service';
import { MutedWordsService } from '../mutes/muted-words.service';
import { MutesService } from '../mutes/mutes.service';
import { LikesService } from '../likes/likes.service';
import { SOCIAL_EXPORT_PARTS, SocialExport } from '../member-export/member-export';
import { PostsService } from '../posts/posts.service';
import { PublicService } from '../public/public.service';
import { SavedPostsService } from '../saved-posts/saved-posts.service';

/** Who may call what: the gateway everything but a member's data export, which only media gathers. */
export const SOCIAL_CALLERS: CallerPolicy<social.SocialServiceServer> = {
  methods: { exportMemberData: ['media'] },
};

/** The gRPC face of social: delegates to the services, which hold the rules. */
@Injectable()
export class SocialGrpcController implements AsyncService<social.SocialServiceServer> {
  constructor(
    @Inject(PostsService) private readonly posts: PostsService,
    @Inject(LikesService) private readonly likes: LikesService,
    @Inject(CommentsService) private readonly comments: CommentsService,
    @Inject(FollowsService) private readonly follows: FollowsService,
    @Inject(MutesService) private readonly mutes: MutesService,
    @Inject(MutedWordsService) private readonly mutedWords: MutedWordsService,
    @Inject(SavedPostsService) private readonly savedPosts: SavedPostsService,
    @Inject(HiddenPostsService) private readonly hiddenPosts: HiddenPostsService,
    @Inject(FeedsService) private readonly feeds: FeedsService,
    @Inject(ExploreService) private readonly explore: ExploreService,
    @Inject(PublicService) private readonly publicViews: PublicService,
    @Inject(SocialExport) private readonly memberExport: SocialExport,
  ) {}

  createPost(request: social.CreatePostRequest, context: CallContext) {
    return this.posts.create(request, context);
  }

  getPost(request: social.PostRef, context: CallContext) {
    return this.posts.get(request, context);
  }

  editPost(request: social.EditPostRequest, context: CallContext) {
    return this.posts.edit(request, context);
  }

  async deletePost(request: social.PostRef, context: CallContext) {
    await this.posts.delete(request, context);
    return {};
  }

  togglePostLike(request: social.PostRef, context: CallContext) {
    return this.likes.togglePostLike(request, context);
  }

  listComments(request: social.ListCommentsRequest, context: CallContext) {
    return this.comments.list(request, context);
  }

  createComment(request: social.CreateCommentRequest, context: CallContext) {
    return this.comments.create(request, context);
  }

  getComment(request: social.CommentRef, context: CallContext) {
    return this.comments.get(request, context);
  }

  editComment(request: social.EditCommentRequest, context: CallContext) {
    return this.comments.edit(request, context);
  }

  async deleteComment(request: social.CommentRef, context: CallContext) {
    await this.comments.delete(request, context);
    return {};
  }

  toggleCommentLike(request: social.CommentRef, context: CallContext) {
    return this.likes.toggleCommentLike(request, context);
  }

  follow(request: social.MemberRef, context: CallContext) {
    return this.follows.follow(request, context);
  }

  unfollow(request: social.MemberRef, context: CallContext) {
    return this.follows.unfollow(request, context);
  }

  getFollowState(request: social.MemberRef, context: CallContext) {
    return this.follows.getState(request, context);
  }

  muteMember(request: social.MemberRef, context: CallContext) {
    return this.mutes.mute(request, context);
  }

  unmuteMember(request: social.MemberRef, context: CallContext) {
    return this.mutes.unmute(request, context);
  }

  listMutes(request: social.ListMutesRequest, context: CallContext) {
    return this.mutes.list(request, context);
  }

  muteWord(request: social.MuteWordRequest, context: CallContext) {
    return this.mutedWords.mute(request, context);
  }

  unmuteWord(request: social.MutedWordRef, context: CallContext) {
    return this.mutedWords.unmute(request, context);
  }

  listMutedWords(request: common.Empty, context: CallContext) {
    return this.mutedWords.list(request, context);
  }

  savePost(request: social.PostRef, context: CallContext) {
    return this.savedPosts.save(request, context);
  }

  unsavePost(request: social.PostRef, context: CallContext) {
    return this.savedPosts.unsave(request, context);
  }

  listSavedPosts(request: social.ListSavedPostsRequest, context: CallContext) {
    return this.savedPosts.list(request, context);
  }

  hidePost(request: social.PostRef, context: CallContext) {
    return this.hiddenPosts.hide(request, context);
  }

  unhidePost(request: social.PostRef, context: CallContext) {
    return this.hiddenPosts.unhide(request, context);
  }

  getFeed(request: social.GetFeedRequest, context: CallContext) {
    return this.feeds.feed(request, context);
  }

  listStories(request: social.ListStoriesRequest, context: CallContext) {
    return this.feeds.stories(request, context);
  }

  listMemberContent(request: social.ListMemberContentRequest, context: CallContext) {
    return this.feeds.memberContent(request, context);
  }

  search(request: social.SearchRequest, context: CallContext) {
    return this.explore.search(request, context.caller?.userId);
  }

  trendingTags(request: social.TrendingTagsRequest) {
    return this.explore.trendingTags(request);
  }

  topCreators(request: social.TopCreatorsRequest) {
    return this.explore.topCreators(request);
  }

  publicFeedPreview(request: social.PublicFeedPreviewRequest) {
    return this.publicViews.feedPreview(request);
  }

  publicStats(_request: common.Empty) {
    return this.publicViews.stats();
  }

  /** Media only (SOCIAL_CALLERS), no member caller: the request names the member whose data is exported. */
  async exportMemberData(request: common.ExportPageRequest): Promise<common.ExportPage> {
    const { userId, part, cursor } = exportRequest(request, SOCIAL_EXPORT_PARTS);
    return toExportPage(await this.memberExport.page(userId, part, cursor));
  }
}
