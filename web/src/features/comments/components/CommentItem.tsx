// One comment: author (ring, SuperAura badge), time, text, like toggle; highlighted when the author's aura
// is 700 or more (spec 001 §6). Another member's comment has a "⋯" menu to report it.
import { Icon } from '../../../ui/icons';
import { plural, timeAgo } from '../../../ui/text';
import { isHighlightedAura } from '../../aura/aura-level';
import { useSignedInUser } from '../../auth/hooks';
import { ReportMenu } from '../../moderation/components/ReportMenu';
import { authorName } from '../../posts/author';
import { AuthorButton } from '../../posts/components/AuthorButton';
import { useLikeComment } from '../hooks/useLikeComment';
import type { Comment } from '../types';
import styles from './Comments.module.css';

export function CommentItem({ postId, comment }: { postId: string; comment: Comment }) {
  const { toggle, isPending } = useLikeComment(postId, comment);
  const highlighted = isHighlightedAura(comment.user.aura_score);
  const me = useSignedInUser();
  return (
    <li className={styles.comment} data-highlighted={highlighted || undefined}>
      <div className={styles.commentHead}>
        <AuthorButton user={comment.user} size="sm" />
        {highlighted ? <span className={styles.highAura}>High Aura</span> : null}
        <time className={styles.time} dateTime={comment.created_at}>
          {timeAgo(comment.created_at)}
        </time>
        {comment.user.id === me.id ? null : (
          <ReportMenu
            className={styles.menu}
            target={{
              targetType: 'comment',
              targetId: comment.id,
              about: `${authorName(comment.user)}'s comment`,
            }}
          />
        )}
      </div>
      <p className={styles.content}>{comment.content}</p>
      <button
        type="button"
        className={styles.like}
        aria-pressed={comment.has_liked}
        aria-label={`Like comment, ${plural(comment.likes_count, 'like')}`}
        onClick={toggle}
        disabled={isPending}
      >
        <Icon name="heart" size={16} fill={comment.has_liked ? 'currentColor' : 'none'} />
        <span>{comment.likes_count}</span>
      </button>
    </li>
  );
}
