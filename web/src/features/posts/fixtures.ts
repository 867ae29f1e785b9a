// Complete sample shapes for unit tests of the social features (not used by the app).
import type { Comment } from './comments/types';
import type { Post, PostAuthor } from './types';

export const makeAuthor = (patch: Partial<PostAuthor> = {}): PostAuthor => ({
  id: 'u1',
  username: 'luna',
  display_name: 'Luna',
  aura_score: 100,
  profile_picture: '',
  is_super_aura: false,
  ...patch,
});

export const makePost = (patch: Partial<Post> = {}): Post => ({
  id: 'p1',
  content: 'post',
  content_type: 'text',
  category: 'general',
  media_url: null,
  media_type: null,
  is_story: false,
  likes_count: 0,
  comments_count: 0,
  engagement_score: 0,
  is_liked: false,
  is_saved: false,
  tags: [],
  mentions: [],
  mentioned_users: [],
  created_at: '2026-03-12T12:00:00.000Z',
  edited_at: null,
  expires_at: null,
  user: makeAuthor(),
  ...patch,
});

export const makeComment = (patch: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  post_id: 'p1',
  parent_comment_id: null,
  content: 'comment',
  content_type: 'text',
  likes_count: 0,
  has_liked: false,
  created_at: '2026-03-12T12:00:00.000Z',
  edited_at: null,
  mentioned_users: [],
  user: makeAuthor(),
  ...patch,
});
