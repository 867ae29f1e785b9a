// The create dialog's rules (spec 000 §2, §5, §8; ADR 0004). Pure module: unit-tested under node.
import type { Post } from '../posts';

export type CreateMode = 'post' | 'story';

/** Spec 000 §5: post categories. */
export const POST_CATEGORIES = ['general', 'lifestyle', 'technology', 'inspiration', 'personal'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export const DEFAULT_CATEGORY: PostCategory = 'general';

export const CreateMessages = {
  emptyPost: 'Please add content or media to your post',
  emptyStory: 'Please add content or media to your story',
  failed: 'Failed to create post. Please try again.',
  createdPost: 'Post created successfully!',
  createdStory: 'Story created successfully!',
} as const;

/** What the media uploader hands over once a file is stored. */
export interface AttachedMedia {
  file_url: string;
  file_type: string;
  filename: string;
}

export interface CreateDraft {
  mode: CreateMode;
  content: string;
  category: PostCategory;
  media: AttachedMedia | null;
}

/** POST /api/posts (spec 000 §7). */
export interface CreatePostRequest {
  content: string;
  content_type: Post['content_type'];
  category: PostCategory;
  media_url: string | null;
  is_story: boolean;
}

/** The dialog's mode from its open props ({mode: 'story'} from the stories strip; post otherwise). */
export const createModeOf = (props?: Record<string, unknown>): CreateMode =>
  props?.mode === 'story' ? 'story' : 'post';

export const isPostCategory = (value: string): value is PostCategory =>
  (POST_CATEGORIES as readonly string[]).includes(value);

/** Spec 000 §5: non-blank content or uploaded media; null when the draft can be sent. */
export function validateDraft(draft: CreateDraft): string | null {
  if (draft.content.trim() !== '' || draft.media) return null;
  return draft.mode === 'story' ? CreateMessages.emptyStory : CreateMessages.emptyPost;
}

export function toCreatePostRequest(draft: CreateDraft): CreatePostRequest {
  return {
    content: draft.content.trim(),
    content_type: draft.media ? 'multimedia' : 'text',
    category: draft.category,
    media_url: draft.media?.file_url ?? null,
    is_story: draft.mode === 'story',
  };
}

/** Spec 000 §8 "Story/Post created successfully!". */
export const createdMessage = (mode: CreateMode) =>
  mode === 'story' ? CreateMessages.createdStory : CreateMessages.createdPost;
