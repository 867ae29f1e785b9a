// One comment: author (ring, SuperAura badge), time, text, like toggle; highlighted when the author's aura
// is 700 or more (spec 001 §6). Its "⋯" menu: Edit and Delete on one's own comment, Delete on any comment
// of one's own post, Report on another member's. An edited comment says so beside its time. Its
// @mentions open the member's profile and its #tags search Explore, as in a post.
import { useState, type ReactNode } from 'react';
import { useAppDialogs } from '../../../../app/dialogs';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { Icon } from '../../../../ui/icons';
import { MoreMenu, type MoreMenuItem } from '../../../../ui/MoreMenu';
import { TextEditor } from '../../../../ui/TextEditor';
import { plural, timeAgo } from '../../../../ui/text';
import { isHighlightedAura } from '../../../aura';
import { useSignedInUser } from '../../../auth';
import { authorName } from '../../author';
import { AuthorButton } from '../../components/AuthorButton';
import { PostText } from '../../components/PostText';
import { useLikeComment } from '../hooks/useLikeComment';
import { useOwnCommentActions } from '../hooks/useOwnCommentActions';
import type { Comment } from '../types';
import { COMMENT_MAX_LENGTH } from '../validation';
import styles from './Comments.module.css';

export interface CommentItemProps {
  postId: string;
  /** The post's author, who may delete any comment on it. */
  postAuthorId: string;
  comment: Comment;
  /** Answer this comment (its reply goes under the top-level comment). */
  onReply: () => void;
  /** A reply: indented under its comment. */
  isReply?: boolean;
  /** What follows the comment inside its list item: its replies. */
  children?: ReactNode;
}

export function CommentItem({
  postId,
  postAuthorId,
  comment,
  onReply,
  isReply = false,
  children,
}: CommentItemProps) {
  const { toggle, isPending } = useLikeComment(postId, comment);
  const own = useOwnCommentActions(postId, comment);
  const { openDialog } = useAppDialogs();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const highlighted = isHighlightedAura(comment.user.aura_score);
  const me = useSignedInUser();
  const mine = comment.user.id === me.id;
  const about = mine ? 'your comment' : `${authorName(comment.user)}'s comment`;

  const items: MoreMenuItem[] = [];
  if (mine)
    items.push({
      label: 'Edit',
      icon: 'edit',
      onSelect: () => {
        own.resetEdit();
        setEditing(true);
      },
    });
  if (mine || postAuthorId === me.id)
    items.push({ label: 'Delete', icon: 'trash', onSelect: () => setConfirmingDelete(true) });
  if (!mine)
    items.push({
      label: 'Report',
      icon: 'flag',
      onSelect: () => openDialog('report', { targetType: 'comment', targetId: comment.id, about }),
    });

  return (
    <li
      className={styles.comment}
      data-highlighted={highlighted || undefined}
      data-reply={isReply || undefined}
    >
      <div className={styles.commentHead}>
        <AuthorButton user={comment.user} size="sm" />
        {highlighted ? <span className={styles.highAura}>High Aura</span> : null}
        <time className={styles.time} dateTime={comment.created_at}>
          {timeAgo(comment.created_at)}
        </time>
        {comment.edited_at ? (
          <span className={styles.edited} title={`Edited ${new Date(comment.edited_at).toLocaleString()}`}>
            edited
          </span>
        ) : null}
        <MoreMenu className={styles.menu} label={`More options for ${about}`} items={items} />
      </div>
      {editing ? (
        <div className={styles.editing}>
          <TextEditor
            label="Edit your comment"
            initial={comment.content}
            maxLength={COMMENT_MAX_LENGTH}
            rows={2}
            pending={own.editPending}
            error={own.editError}
            onChange={own.resetEdit}
            onSave={(text) => own.saveEdit(text, () => setEditing(false))}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : (
        <PostText content={comment.content} mentioned={comment.mentioned_users} className={styles.content} />
      )}
      <div className={styles.commentActions}>
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
        <button
          type="button"
          className={styles.reply}
          onClick={onReply}
          aria-label={`Reply to ${mine ? 'your comment' : authorName(comment.user)}`}
        >
          Reply
        </button>
      </div>
      {children}
      {confirmingDelete ? (
        <ConfirmDialog
          title="Delete comment?"
          confirmLabel="Delete"
          danger
          pending={own.deletePending}
          onConfirm={() => {
            own.remove();
            setConfirmingDelete(false);
          }}
          onCancel={() => setConfirmingDelete(false)}
        >
          <p>
            {mine ? 'Your comment' : `${authorName(comment.user)}'s comment`} and its replies will be removed.
            This can't be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
