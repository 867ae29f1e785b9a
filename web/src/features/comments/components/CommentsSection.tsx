// The expandable comments of a post (spec 001 §2): top-level comments, then the comment box.
import { Skeleton } from '../../../ui/Skeleton';
import { useComments } from '../hooks/useComments';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import styles from './Comments.module.css';

export function CommentsSection({
  postId,
  postAuthorId,
  id,
}: {
  postId: string;
  postAuthorId: string;
  id: string;
}) {
  const { comments, isLoading } = useComments(postId);
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
      ) : comments.length === 0 ? (
        <p className={styles.empty}>No comments yet. Be the first to share some energy.</p>
      ) : (
        <ul className={styles.list}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} postId={postId} postAuthorId={postAuthorId} comment={comment} />
          ))}
        </ul>
      )}
      <CommentForm postId={postId} />
    </section>
  );
}
