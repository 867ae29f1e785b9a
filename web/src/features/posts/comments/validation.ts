// Spec 001 §5 and §9: a comment is non-empty after trimming and at most 300 characters. Top-level
// comments are shown (§7), each with its replies behind "View N replies" (issue 23). Pure module.
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

export function toNewComment(postId: string, text: string, parentCommentId?: string): NewComment {
  return {
    post_id: postId,
    content: text.trim(),
    content_type: 'text',
    ...(parentCommentId ? { parent_comment_id: parentCommentId } : {}),
  };
}

export interface CommentThread {
  comment: Comment;
  /** Its replies, oldest first (one level: a reply to a reply names the same top-level comment). */
  replies: Comment[];
}

/**
 * Top-level comments with their replies (issue 23: one level of threading, "View N replies"), oldest
 * first as the server gives them. A reply whose comment is not in the list (deleted, or on a later page)
 * is left out.
 */
export function threadComments(comments: readonly Comment[]): CommentThread[] {
  const threads = new Map<string, CommentThread>();
  for (const comment of comments)
    if (!comment.parent_comment_id) threads.set(comment.id, { comment, replies: [] });
  for (const comment of comments)
    if (comment.parent_comment_id) threads.get(comment.parent_comment_id)?.replies.push(comment);
  return [...threads.values()];
}
