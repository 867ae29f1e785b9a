// Spec 001 §5 and §9: a comment is non-empty after trimming and at most 300 characters; only top-level
// comments are shown (§7). Pure module.
import type { Comment, NewComment } from './types';

export const COMMENT_MAX_LENGTH = 300;

/** Spec 001 §9: the comment reward hint. */
export const COMMENT_REWARD_HINT = '+0.03 AC';

/** Spec 001 §8: "Comment: 'Failed to post comment'". */
export const COMMENT_FAILED = 'Failed to post comment';

/** Characters counted as the member sees them (an emoji is one). */
export const commentLength = (text: string) => Array.from(text).length;

export function isValidComment(text: string): boolean {
  return text.trim().length > 0 && commentLength(text) <= COMMENT_MAX_LENGTH;
}

export function toNewComment(postId: string, text: string): NewComment {
  return { post_id: postId, content: text.trim(), content_type: 'text' };
}

/** Only top-level comments (no parent), oldest first as the server gives them. */
export const topLevelComments = (comments: readonly Comment[]) =>
  comments.filter((comment) => !comment.parent_comment_id);
