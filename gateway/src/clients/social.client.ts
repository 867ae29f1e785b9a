import { Caller, callerMetadata, createClientOnChannelOf, createGrpcClient, unaryCall } from '@aura/platform';
import { common, social } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/**
 * Typed, promise-based calls to the social service. Errors are gRPC ServiceErrors (mapped to HTTP
 * by ApiErrorFilter). Every call that acts for or reads as a member passes the caller as metadata:
 * the service never takes a member id for "who is asking" from a message.
 */
@Injectable()
export class SocialClient implements OnModuleDestroy {
  private readonly client: social.SocialServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(social.SocialServiceClient, config.SOCIAL_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  createPost(caller: Caller, request: social.CreatePostRequest) {
    return unaryCall(this.client, this.client.createPost, request, callerMetadata(caller));
  }

  getPost(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.getPost, { postId }, callerMetadata(caller));
  }

  getComment(caller: Caller, commentId: string) {
    return unaryCall(this.client, this.client.getComment, { commentId }, callerMetadata(caller));
  }

  togglePostLike(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.togglePostLike, { postId }, callerMetadata(caller));
  }

  listComments(caller: Caller, request: social.ListCommentsRequest) {
    return unaryCall(this.client, this.client.listComments, request, callerMetadata(caller));
  }

  editPost(caller: Caller, request: social.EditPostRequest) {
    return unaryCall(this.client, this.client.editPost, request, callerMetadata(caller));
  }

  deletePost(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.deletePost, { postId }, callerMetadata(caller));
  }

  editComment(caller: Caller, request: social.EditCommentRequest) {
    return unaryCall(this.client, this.client.editComment, request, callerMetadata(caller));
  }

  deleteComment(caller: Caller, commentId: string) {
    return unaryCall(this.client, this.client.deleteComment, { commentId }, callerMetadata(caller));
  }

  createComment(caller: Caller, request: social.CreateCommentRequest) {
    return unaryCall(this.client, this.client.createComment, request, callerMetadata(caller));
  }

  toggleCommentLike(caller: Caller, commentId: string) {
    return unaryCall(this.client, this.client.toggleCommentLike, { commentId }, callerMetadata(caller));
  }

  follow(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.follow, { userId }, callerMetadata(caller));
  }

  unfollow(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.unfollow, { userId }, callerMetadata(caller));
  }

  muteMember(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.muteMember, { userId }, callerMetadata(caller));
  }

  unmuteMember(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.unmuteMember, { userId }, callerMetadata(caller));
  }

  listMutes(caller: Caller, request: social.ListMutesRequest) {
    return unaryCall(this.client, this.client.listMutes, request, callerMetadata(caller));
  }

  muteWord(caller: Caller, request: social.MuteWordRequest) {
    return unaryCall(this.client, this.client.muteWord, request, callerMetadata(caller));
  }

  unmuteWord(caller: Caller, id: string) {
    return unaryCall(this.client, this.client.unmuteWord, { id }, callerMetadata(caller));
  }

  listMutedWords(caller: Caller) {
    return unaryCall(this.client, this.client.listMutedWords, {}, callerMetadata(caller));
  }

  savePost(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.savePost, { postId }, callerMetadata(caller));
  }

  unsavePost(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.unsavePost, { postId }, callerMetadata(caller));
  }

  listSavedPosts(caller: Caller, request: social.ListSavedPostsRequest) {
    return unaryCall(this.client, this.client.listSavedPosts, request, callerMetadata(caller));
  }

  hidePost(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.hidePost, { postId }, callerMetadata(caller));
  }

  unhidePost(caller: Caller, postId: string) {
    return unaryCall(this.client, this.client.unhidePost, { postId }, callerMetadata(caller));
  }

  getFollowState(caller: Caller, userId: string) {
    return unaryCall(this.client, this.client.getFollowState, { userId }, callerMetadata(caller));
  }

  getFeed(caller: Caller, request: social.GetFeedRequest) {
    return unaryCall(this.client, this.client.getFeed, request, callerMetadata(caller));
  }

  listStories(caller: Caller, request: social.ListStoriesRequest) {
    return unaryCall(this.client, this.client.listStories, request, callerMetadata(caller));
  }

  listMemberContent(caller: Caller, request: social.ListMemberContentRequest) {
    return unaryCall(this.client, this.client.listMemberContent, request, callerMetadata(caller));
  }

  search(caller: Caller, request: social.SearchRequest) {
    return unaryCall(this.client, this.client.search, request, callerMetadata(caller));
  }

  /** Public: no caller. */
  trendingTags(request: social.TrendingTagsRequest) {
    return unaryCall(this.client, this.client.trendingTags, request, callerMetadata());
  }

  topCreators(caller: Caller, request: social.TopCreatorsRequest) {
    return unaryCall(this.client, this.client.topCreators, request, callerMetadata(caller));
  }

  /** Public: no caller. */
  publicFeedPreview(request: social.PublicFeedPreviewRequest) {
    return unaryCall(this.client, this.client.publicFeedPreview, request, callerMetadata());
  }

  /** Public: no caller. */
  publicStats() {
    return unaryCall(this.client, this.client.publicStats, {}, callerMetadata());
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
