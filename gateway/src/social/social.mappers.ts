import type { identity, social } from '@aura/proto';
import type { Role } from '@aura/platform';
import { toUserResponse } from '../auth/auth.dto';
import type {
  CommentResponse,
  CreatorEntry,
  FollowResponse,
  LikeResponse,
  MemberProfileResponse,
  MemberSummary,
  MutedMemberResponse,
  PostAuthor,
  PostResponse,
  PublicPostResponse,
  PublicStatsResponse,
  SearchResponse,
  TagCount,
} from './social.dto';

// gRPC messages (camelCase, '' for "none", int64 micro-AC) → the REST shapes of ADR 0004
// (snake_case, null for "none", AC with 3 decimals).

const MICRO_PER_MILLI = 1000;

/** Micro-AC (integer) → AC with at most 3 decimals, truncated toward zero (never rounded up). */
export function microToAc(micro: number): number {
  return Math.trunc(micro / MICRO_PER_MILLI) / 1000;
}

const orNull = (value: string | undefined): string | null => (value ? value : null);

const MEDIA_TYPES = new Set(['image', 'video', 'audio']);

export function toPostAuthor(author: social.Author | undefined): PostAuthor {
  return {
    id: author?.id ?? '',
    username: author?.username ?? '',
    display_name: author?.displayName ?? '',
    aura_score: author?.auraScore ?? 0,
    profile_picture: author?.profilePicture ?? '',
    is_super_aura: author?.isSuperAura ?? false,
  };
}

export function toPublicPost(post: social.Post): PublicPostResponse {
  return {
    id: post.id,
    content: post.content,
    content_type: post.contentType as PostResponse['content_type'],
    category: post.category as PostResponse['category'],
    media_url: orNull(post.mediaUrl),
    media_type: MEDIA_TYPES.has(post.mediaType) ? (post.mediaType as PostResponse['media_type']) : null,
    is_story: post.isStory,
    likes_count: Math.max(0, post.likesCount),
    comments_count: Math.max(0, post.commentsCount),
    engagement_score: post.engagementScore,
    tags: post.tags,
    mentions: post.mentions,
    mentioned_users: toMentionedUsers(post.mentionedUsers),
    created_at: post.createdAt,
    edited_at: orNull(post.editedAt),
    expires_at: post.isStory ? orNull(post.expiresAt) : null,
    user: toPostAuthor(post.user),
  };
}

const toMentionedUsers = (members: social.MentionedMember[] | undefined) =>
  (members ?? []).map(({ id, username }) => ({ id, username }));

export function toPost(post: social.Post): PostResponse {
  const { user, ...rest } = toPublicPost(post);
  return { ...rest, is_liked: post.isLiked, is_saved: post.isSaved, user };
}

export function toComment(comment: social.Comment): CommentResponse {
  return {
    id: comment.id,
    post_id: comment.postId,
    parent_comment_id: orNull(comment.parentCommentId),
    content: comment.content,
    content_type: 'text',
    likes_count: Math.max(0, comment.likesCount),
    has_liked: comment.hasLiked,
    created_at: comment.createdAt,
    edited_at: orNull(comment.editedAt),
    mentioned_users: toMentionedUsers(comment.mentionedUsers),
    user: toPostAuthor(comment.user),
  };
}

export function toLike(state: social.LikeState): LikeResponse {
  return { liked: state.liked, likes_count: Math.max(0, state.likesCount) };
}

export function toFollow(state: social.FollowState): FollowResponse {
  return {
    is_following: state.isFollowing,
    followers_count: Math.max(0, state.followersCount),
    following_count: Math.max(0, state.followingCount),
  };
}

export function toMutedMember(entry: social.MutedMember): MutedMemberResponse {
  return { user: toPostAuthor(entry.member), muted_at: entry.mutedAt };
}

export function toMemberSummary(member: social.MemberSummary | undefined): MemberSummary {
  return {
    id: member?.id ?? '',
    username: member?.username ?? '',
    display_name: member?.displayName ?? '',
    profile_picture: member?.profilePicture ?? '',
    aura_score: member?.auraScore ?? 0,
    bio: member?.bio ?? '',
    is_super_aura: member?.isSuperAura ?? false,
  };
}

export function toTagCount(tag: social.TagCount): TagCount {
  return { tag: tag.tag, count: tag.count };
}

export function toSearch(result: social.SearchResult): SearchResponse {
  return {
    users: result.users.map(toMemberSummary),
    posts: result.posts.map(toPost),
    stories: result.stories.map(toPost),
    tags: result.tags.map(toTagCount),
  };
}

export const EMPTY_SEARCH: Readonly<SearchResponse> = Object.freeze({
  users: [],
  posts: [],
  stories: [],
  tags: [],
});

export function toCreatorEntry(entry: social.CreatorEntry): CreatorEntry {
  return {
    user: toMemberSummary(entry.user),
    total_tips: microToAc(entry.totalTipsMicro),
    tip_count: entry.tipCount,
    activity_score: entry.activityScore,
    recent_posts: entry.recentPosts,
    aura_gained: entry.auraGained,
  };
}

export function toPublicStats(stats: social.PublicStatsResult): PublicStatsResponse {
  return {
    total_users: stats.totalUsers,
    active_users_24h: stats.activeUsers24h,
    total_posts: stats.totalPosts,
    total_engagement: stats.totalEngagement,
    posts_today: stats.postsToday,
    engagement_today: stats.engagementToday,
  };
}

const ADMIN_ROLES: ReadonlySet<Role> = new Set<Role>(['admin', 'super_admin']);

/**
 * A member's profile as another member (or the member themself) sees it: identity's member plus
 * social's counts. The e-mail is shown only to the member and to admins. Profile visits and the
 * featured genie belong to later issues and are left out rather than invented.
 */
export function toMemberProfile(
  user: identity.User,
  follow: social.FollowState | undefined,
  viewer: { userId: string; role: Role },
  visits = 0,
): Omit<MemberProfileResponse, 'featured_genie'> {
  const includeEmail = viewer.userId === user.id || ADMIN_ROLES.has(viewer.role);
  return {
    ...toUserResponse(user, { includeEmail }),
    followers_count: Math.max(0, follow?.followersCount ?? 0),
    following_count: Math.max(0, follow?.followingCount ?? 0),
    is_following: follow?.isFollowing ?? false,
    is_muted: follow?.isMuted ?? false,
    profile_visits_count: Math.max(0, visits),
  };
}
