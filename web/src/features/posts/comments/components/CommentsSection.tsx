// The expandable comments of a post (spec 001 §2): top-level comments, each with its replies behind
// "View N replies" (issue 23, one level), oldest first with "Load more comments" past the first 50, then
// the comment box, which also answers a comment.
import { useState } from 'react';
import { plural } from '../../../../ui/text';
import { Skeleton } from '../../../../ui/Skeleton';
import { authorName } from '../../author';
import { useComments } from '../hooks/useComments';
import type { Comment } from '../types';
import { CommentForm, type ReplyTarget } from './CommentForm';
import { CommentItem } from './CommentItem';
import styles from './Comments.module.css';

export interface CommentsSectionProps {
  postId: string;
  postAuthorId: string;
  id: string;
}

export function CommentsSection({ postId, postAuthorId, id }: CommentsSectionProps) {
  const { threads, isLoading, hasMore, loadingMore, loadMore } = useComments(postId);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const toggle = (commentId: string, show = !open.has(commentId)) =>
    setOpen((current) => {
      const next = new Set(current);
      if (show) next.add(commentId);
      else next.delete(commentId);
      return next;
    });
  const replyTarget = (commentId: string, to: Comment): ReplyTarget => ({
    commentId,
    name: authorName(to.user),
  });

  return (
    <section id={id} className={styles.section} aria-label="Comments">
      {isLoading ? (
        <div className={styles.loading} role="status" aria-label="Loading comments">
          {[0, 1].map((i) => (
            <div key={i} className={styles.skeletonRow}>
              <Skeleton width={32} height={32} round />
              <div className={styles.skeletonLines}>
                <Skeleton width="30%" height={12} />
                <Skeleton width="80%" height={12} />
              </div>
            </div>
          ))}
        </div>
      ) : threads.length === 0 ? (
        <p className={styles.empty}>No comments yet. Be the first to share some energy.</p>
      ) : (
        <ul className={styles.list}>
          {threads.map(({ comment, replies }) => {
            const shown = open.has(comment.id);
            const repliesId = `${id}-replies-${comment.id}`;
            return (
              <CommentItem
                key={comment.id}
                postId={postId}
                postAuthorId={postAuthorId}
                comment={comment}
                onReply={() => setReplyTo(replyTarget(comment.id, comment))}
              >
                {replies.length > 0 ? (
                  <button
                    type="button"
                    className={styles.viewReplies}
                    aria-expanded={shown}
                    aria-controls={shown ? repliesId : undefined}
                    onClick={() => toggle(comment.id)}
                  >
                    {shown ? 'Hide replies' : `View ${plural(replies.length, 'reply', 'replies')}`}
                  </button>
                ) : null}
                {shown && replies.length > 0 ? (
                  <ul id={repliesId} className={`${styles.list} ${styles.replies}`} aria-label="Replies">
                    {replies.map((reply) => (
                      <CommentItem
                        key={reply.id}
                        postId={postId}
                        postAuthorId={postAuthorId}
                        comment={reply}
                        isReply
                        onReply={() => setReplyTo(replyTarget(comment.id, reply))}
                      />
                    ))}
                  </ul>
                ) : null}
              </CommentItem>
            );
          })}
        </ul>
      )}
      {hasMore ? (
        <button
          type="button"
          className={styles.viewReplies}
          onClick={loadMore}
          disabled={loadingMore}
          aria-busy={loadingMore}
        >
          {loadingMore ? 'Loading…' : 'Load more comments'}
        </button>
      ) : null}
      <CommentForm
        postId={postId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onReplied={(commentId) => {
          setReplyTo(null);
          toggle(commentId, true);
        }}
      />
    </section>
  );
}
