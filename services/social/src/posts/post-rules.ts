import { InvalidInput, RuleViolation } from '@aura/platform';
import type { social } from '@aura/proto';
import { HOUR_MS } from '../common/clock';
import type { ContentType, MediaType } from './post.schema';

/** Server rules of a new post or story (spec 000 §5, PRODUCT-DECISIONS.md "Social"). */
export const PostMessages = {
  emptyPost: 'Please add content or media to your post',
  emptyStory: 'Please add content or media to your story',
  category: 'category must be one of: general, lifestyle, technology, inspiration, personal',
  contentType: 'content_type must be text or multimedia',
  mediaUrl: 'media_url must be a file uploaded to /api/media/posts/',
  contentTooLong: 'Content must be at most 2000 characters',
  storyEdit: 'Stories cannot be edited',
  notYoursToEdit: 'You can only edit your own posts',
  notYoursToDelete: 'You can only delete your own posts',
} as const;

export const POST_CATEGORIES = ['general', 'lifestyle', 'technology', 'inspiration', 'personal'] as const;
export const CONTENT_TYPES: ContentType[] = ['text', 'multimedia'];
export const MAX_POST_CONTENT = 2000;
export const STORY_LIFETIME_MS = 5 * HOUR_MS;

// What media answers for a post upload: /api/media/posts/<uuid>.<ext> (no query string, no traversal).
const MEDIA_PATH = /^\/api\/media\/posts\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]{1,8})?$/;

const IMAGE = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'tif'];
const VIDEO = ['mp4', 'webm', 'mov', 'avi', 'wmv', 'mkv', '3gp'];
const AUDIO = ['mp3', 'wav', 'ogg', 'aac', 'aiff', 'flac', 'm4a'];

/** The media type of a media URL, guessed from its extension (spec 000 §5). */
export function mediaTypeOf(url: string): MediaType {
  if (!url) return '';
  const extension = /\.([A-Za-z0-9]+)$/.exec(url.split('?')[0])?.[1]?.toLowerCase() ?? '';
  if (IMAGE.includes(extension)) return 'image';
  if (VIDEO.includes(extension)) return 'video';
  if (AUDIO.includes(extension)) return 'audio';
  return '';
}

export interface NewPostInput {
  content: string;
  contentType: ContentType;
  category: string;
  mediaUrl: string;
  mediaType: MediaType;
  isStory: boolean;
}

/** Checks and normalises a CreatePost request; throws the spec's messages. Nothing is stored here. */
export function validateNewPost(request: social.CreatePostRequest): NewPostInput {
  const content = (request.content ?? '').trim();
  const mediaUrl = (request.mediaUrl ?? '').trim();
  const isStory = Boolean(request.isStory);
  if (!content && !mediaUrl)
    throw new RuleViolation(isStory ? PostMessages.emptyStory : PostMessages.emptyPost);
  const category = (request.category ?? '').trim().toLowerCase() || 'general';
  if (!(POST_CATEGORIES as readonly string[]).includes(category))
    throw new InvalidInput(PostMessages.category);
  const requestedType = (request.contentType ?? '').trim().toLowerCase();
  const contentType = (requestedType || (mediaUrl ? 'multimedia' : 'text')) as ContentType;
  if (!CONTENT_TYPES.includes(contentType)) throw new InvalidInput(PostMessages.contentType);
  if (mediaUrl && !MEDIA_PATH.test(mediaUrl)) throw new InvalidInput(PostMessages.mediaUrl);
  if ([...content].length > MAX_POST_CONTENT) throw new RuleViolation(PostMessages.contentTooLong);
  return { content, contentType, category, mediaUrl, mediaType: mediaTypeOf(mediaUrl), isStory };
}

/**
 * Checks the new text of an edited post (trimmed, at most 2000 characters, not blank unless the post has
 * media); returns it trimmed. Only the text changes: media, category and type stay as posted.
 */
export function validateEditedPost(content: string, post: { isStory: boolean; mediaUrl: string }): string {
  if (post.isStory) throw new RuleViolation(PostMessages.storyEdit);
  const text = (content ?? '').trim();
  if (!text && !post.mediaUrl) throw new RuleViolation(PostMessages.emptyPost);
  if ([...text].length > MAX_POST_CONTENT) throw new RuleViolation(PostMessages.contentTooLong);
  return text;
}
