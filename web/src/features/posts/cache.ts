// The same post can sit in several caches at once (feeds, a member's posts, search results). A change
// (like, new comment) is applied to every copy, so whichever list shows it next shows it right.
// Pure module: unit-tested under node.
import type { Post } from './types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPost = (value: Record<string, unknown>): value is Record<string, unknown> & Post =>
  typeof value.id === 'string' && 'likes_count' in value && 'is_story' in value && isRecord(value.user);

/**
 * Returns `data` with `patch` applied to every post whose id is `postId`, wherever it is nested
 * (arrays, infinite-query pages, search results). Unchanged branches keep their identity, and when no
 * post matched the very same `data` comes back.
 */
export function patchPostIn<T>(data: T, postId: string, patch: (post: Post) => Post): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const next = value.map((item) => {
        const walked = walk(item);
        if (walked !== item) changed = true;
        return walked;
      });
      return changed ? next : value;
    }
    if (!isRecord(value)) return value;
    if (isPost(value) && value.id === postId) return patch(value);
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const walked = walk(item);
      if (walked !== item) changed = true;
      next[key] = walked;
    }
    return changed ? next : value;
  };
  return walk(data) as T;
}

/**
 * Returns `data` without the post `postId` wherever it is listed (arrays, infinite-query pages, search
 * results): a post the viewer hid leaves the lists at once. When it was in none, the very same `data`.
 */
export function removePostIn<T>(data: T, postId: string): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const next: unknown[] = [];
      for (const item of value) {
        if (isRecord(item) && isPost(item) && item.id === postId) {
          changed = true;
          continue;
        }
        const walked = walk(item);
        if (walked !== item) changed = true;
        next.push(walked);
      }
      return changed ? next : value;
    }
    if (!isRecord(value)) return value;
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const walked = walk(item);
      if (walked !== item) changed = true;
      next[key] = walked;
    }
    return changed ? next : value;
  };
  return walk(data) as T;
}

/** The post after the viewer toggled its like, before the server answered (count never below 0). */
export function toggledLike<P extends Pick<Post, 'is_liked' | 'likes_count'>>(post: P): P {
  const liked = !post.is_liked;
  return { ...post, is_liked: liked, likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)) };
}
