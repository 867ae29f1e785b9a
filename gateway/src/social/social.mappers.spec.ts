import { identity, social } from '@aura/proto';
import {
  EMPTY_SEARCH,
  microToAc,
  toComment,
  toCreatorEntry,
  toFollow,
  toLike,
  toMemberProfile,
  toPost,
  toPublicPost,
  toPublicStats,
  toSearch,
} from './social.mappers';

const author: social.Author = {
  id: '65f0c9a7e2b1d4c3a9e8f7a6',
  username: 'luna_92',
  displayName: 'Luna',
  auraScore: 720,
  profilePicture: '/api/media/profiles/a.jpg',
  isSuperAura: true,
};

function post(overrides: Partial<social.Post> = {}): social.Post {
  return {
    id: '0b9d6f2e-8a51-4c7e-9f3a-2d1c0b9a8e7f',
    content: 'Morning light #Gratitude @sol',
    contentType: 'text',
    category: 'inspiration',
    mediaUrl: '',
    isStory: false,
    likesCount: 3,
    commentsCount: 2,
    engagementScore: 7,
    isLiked: true,
    isSaved: true,
    tags: ['gratitude'],
    mentions: ['sol'],
    mentionedUsers: [{ id: '65f0c9a7e2b1d4c3a9e8f7b1', username: 'sol' }],
    createdAt: '2025-01-02T03:04:05.000Z',
    editedAt: '2025-01-02T04:00:00.000Z',
    expiresAt: '',
    user: author,
    mediaType: '',
    ...overrides,
  };
}

describe('toPost', () => {
  it('maps every field to the snake_case shape of ADR 0004', () => {
    expect(toPost(post())).toEqual({
      id: '0b9d6f2e-8a51-4c7e-9f3a-2d1c0b9a8e7f',
      content: 'Morning light #Gratitude @sol',
      content_type: 'text',
      category: 'inspiration',
      media_url: null,
      media_type: null,
      is_story: false,
      likes_count: 3,
      comments_count: 2,
      engagement_score: 7,
      is_liked: true,
      is_saved: true,
      tags: ['gratitude'],
      mentions: ['sol'],
      mentioned_users: [{ id: '65f0c9a7e2b1d4c3a9e8f7b1', username: 'sol' }],
      created_at: '2025-01-02T03:04:05.000Z',
      edited_at: '2025-01-02T04:00:00.000Z',
      expires_at: null,
      user: {
        id: '65f0c9a7e2b1d4c3a9e8f7a6',
        username: 'luna_92',
        display_name: 'Luna',
        aura_score: 720,
        profile_picture: '/api/media/profiles/a.jpg',
        is_super_aura: true,
      },
    });
  });

  it('keeps media and the expiry of a story', () => {
    const story = toPost(
      post({
        isStory: true,
        contentType: 'multimedia',
        mediaUrl: '/api/media/posts/x.mp4',
        mediaType: 'video',
        expiresAt: '2025-01-02T08:04:05.000Z',
      }),
    );
    expect(story).toMatchObject({
      is_story: true,
      content_type: 'multimedia',
      media_url: '/api/media/posts/x.mp4',
      media_type: 'video',
      expires_at: '2025-01-02T08:04:05.000Z',
    });
  });

  it('never sends expires_at for a post, nor an unknown media type, nor a negative count', () => {
    const mapped = toPost(post({ expiresAt: '2025-01-02T08:04:05.000Z', mediaType: 'pdf', likesCount: -1 }));
    expect(mapped.expires_at).toBeNull();
    expect(mapped.media_type).toBeNull();
    expect(mapped.likes_count).toBe(0);
  });

  it('answers an author of empty fields rather than failing when the author is missing', () => {
    expect(toPost(post({ user: undefined })).user).toEqual({
      id: '',
      username: '',
      display_name: '',
      aura_score: 0,
      profile_picture: '',
      is_super_aura: false,
    });
  });
});

describe('toPublicPost', () => {
  it('leaves out the viewer-specific is_liked and is_saved', () => {
    const mapped = toPublicPost(post());
    expect(mapped).not.toHaveProperty('is_liked');
    expect(mapped).not.toHaveProperty('is_saved');
    expect(mapped).toMatchObject({ likes_count: 3, comments_count: 2, user: { username: 'luna_92' } });
  });
});

describe('toComment', () => {
  const comment: social.Comment = {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    postId: '0b9d6f2e-8a51-4c7e-9f3a-2d1c0b9a8e7f',
    parentCommentId: '',
    content: 'So true',
    likesCount: 1,
    hasLiked: false,
    createdAt: '2025-01-02T03:05:00.000Z',
    editedAt: '',
    user: author,
    mentionedUsers: [{ id: '65f0c9a7e2b1d4c3a9e8f7b1', username: 'sol' }],
  };

  it('maps a top-level comment with parent_comment_id null and content_type text', () => {
    expect(toComment(comment)).toEqual({
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      post_id: '0b9d6f2e-8a51-4c7e-9f3a-2d1c0b9a8e7f',
      parent_comment_id: null,
      content: 'So true',
      content_type: 'text',
      likes_count: 1,
      has_liked: false,
      created_at: '2025-01-02T03:05:00.000Z',
      edited_at: null,
      mentioned_users: [{ id: '65f0c9a7e2b1d4c3a9e8f7b1', username: 'sol' }],
      user: expect.objectContaining({ id: author.id, is_super_aura: true }),
    });
  });

  it('keeps the parent of a reply', () => {
    const reply = toComment({ ...comment, parentCommentId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' });
    expect(reply.parent_comment_id).toBe('9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a');
  });
});

describe('likes and follows', () => {
  it('maps a like toggle', () => {
    expect(toLike({ liked: true, likesCount: 10 })).toEqual({ liked: true, likes_count: 10 });
  });

  it("maps the target's follow state, counts never below zero", () => {
    expect(
      toFollow({ userId: 'x', isFollowing: false, followersCount: -1, followingCount: 4, isMuted: false }),
    ).toEqual({
      is_following: false,
      followers_count: 0,
      following_count: 4,
    });
  });
});

describe('microToAc', () => {
  it.each([
    [0, 0],
    [1_000_000, 1],
    [1_234_567, 1.234],
    [1_234_999, 1.234],
    [999, 0],
    [1_000, 0.001],
    [15_000, 0.015],
    [123_456_789_012, 123456.789],
  ])('%d micro-AC is %d AC (3 decimals, truncated)', (micro, ac) => {
    expect(microToAc(micro)).toBe(ac);
  });
});

describe('toCreatorEntry', () => {
  it('shows the tips in AC and the member summary in snake_case', () => {
    const entry = toCreatorEntry({
      user: {
        id: author.id,
        username: 'luna_92',
        displayName: 'Luna',
        profilePicture: '',
        auraScore: 640,
        bio: 'Breathe in',
        isSuperAura: false,
      },
      totalTipsMicro: 2_500_900,
      tipCount: 3,
      activityScore: 12,
      recentPosts: 4,
      auraGained: 25,
    });
    expect(entry).toEqual({
      user: {
        id: author.id,
        username: 'luna_92',
        display_name: 'Luna',
        profile_picture: '',
        aura_score: 640,
        bio: 'Breathe in',
        is_super_aura: false,
      },
      total_tips: 2.5,
      tip_count: 3,
      activity_score: 12,
      recent_posts: 4,
      aura_gained: 25,
    });
  });
});

describe('toSearch', () => {
  it('maps the four lists', () => {
    const result = toSearch({
      users: [
        {
          id: author.id,
          username: 'luna_92',
          displayName: 'Luna',
          profilePicture: '',
          auraScore: 100,
          bio: '',
          isSuperAura: false,
        },
      ],
      posts: [post()],
      stories: [post({ isStory: true, expiresAt: '2025-01-02T08:04:05.000Z' })],
      tags: [{ tag: 'gratitude', count: 2 }],
    });
    expect(result.users[0]).toMatchObject({ username: 'luna_92', display_name: 'Luna' });
    expect(result.posts[0]).toMatchObject({ is_liked: true, is_story: false });
    expect(result.stories[0]).toMatchObject({ is_story: true, expires_at: '2025-01-02T08:04:05.000Z' });
    expect(result.tags).toEqual([{ tag: 'gratitude', count: 2 }]);
  });

  it('has an empty answer for a blank query', () => {
    expect(EMPTY_SEARCH).toEqual({ users: [], posts: [], stories: [], tags: [] });
  });
});

describe('toPublicStats', () => {
  it('maps the landing figures', () => {
    expect(
      toPublicStats({
        totalUsers: 12,
        activeUsers24h: 5,
        totalPosts: 40,
        totalEngagement: 99,
        postsToday: 3,
        engagementToday: 7,
      }),
    ).toEqual({
      total_users: 12,
      active_users_24h: 5,
      total_posts: 40,
      total_engagement: 99,
      posts_today: 3,
      engagement_today: 7,
    });
  });
});

describe('toMemberProfile', () => {
  const user: identity.User = {
    id: '65f0c9a7e2b1d4c3a9e8f7a6',
    username: 'luna_92',
    displayName: 'Luna',
    email: 'luna@example.com',
    role: 'user',
    auraScore: 100,
    profilePicture: '',
    bannerImage: '',
    bio: '',
    auraAnimationStyle: 'pulse',
    auraColorGradient: 'cosmic',
    profileRingColor: 'default',
    profileBackground: 'default',
    profileAudioYoutubeLink: '',
    isSuperAura: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    emailVerified: true,
    restriction: undefined,
    deletionScheduledFor: '',
    erased: false,
  };
  const follow: social.FollowState = {
    userId: user.id,
    isFollowing: true,
    followersCount: 2,
    followingCount: 1,
    isMuted: false,
  };

  it('adds the follow counts and whether the viewer follows', () => {
    const profile = toMemberProfile(user, follow, { userId: 'another', role: 'user' });
    expect(profile).toMatchObject({
      id: user.id,
      username: 'luna_92',
      followers_count: 2,
      following_count: 1,
      is_following: true,
    });
  });

  it('shows the e-mail to the member and to admins only', () => {
    expect(toMemberProfile(user, follow, { userId: 'another', role: 'user' })).not.toHaveProperty('email');
    expect(toMemberProfile(user, follow, { userId: user.id, role: 'user' }).email).toBe('luna@example.com');
    expect(toMemberProfile(user, follow, { userId: 'x', role: 'admin' }).email).toBe('luna@example.com');
    expect(toMemberProfile(user, follow, { userId: 'x', role: 'super_admin' }).email).toBe(
      'luna@example.com',
    );
  });

  it('has zero counts for a member social does not know yet, and leaves out the genie', () => {
    const profile = toMemberProfile(user, undefined, { userId: 'another', role: 'user' });
    expect(profile).toMatchObject({ followers_count: 0, following_count: 0, is_following: false });
    expect(profile).not.toHaveProperty('featured_genie');
  });

  it("carries identity's visit count (never below 0)", () => {
    const viewer = { userId: 'another', role: 'user' as const };
    expect(toMemberProfile(user, follow, viewer, 7).profile_visits_count).toBe(7);
    expect(toMemberProfile(user, follow, viewer).profile_visits_count).toBe(0);
    expect(toMemberProfile(user, follow, viewer, -1).profile_visits_count).toBe(0);
  });
});
