// A feed item (spec 000 §2, 001 §2): author with the aura ring, SuperAura badge, time, category, text with
// #tags, media, like toggle and expandable comments; a "⋯" menu to save, share, hide or report it, and
// to edit (in place) or delete (after a confirmation) one's own. An edited post says so beside its time.
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Icon } from '../../../ui/icons';
import { TextEditor } from '../../../ui/TextEditor';
import { plural, timeAgo } from '../../../ui/text';
import { CommentsSection } from '../comments/components/CommentsSection';
import { MediaDisplay } from '../../media';
import { useLikePost } from '../hooks/useLikePost';
import { MAX_POST_LENGTH, useOwnPostActions } from '../hooks/useOwnPostActions';
import { authorName } from '../author';
import type { Post } from '../types';
import { AuthorButton } from './AuthorButton';
import { PostMenu } from './PostMenu';
import { PostText } from './PostText';
import styles from './PostCard.module.css';

export function PostCard({ post }: { post: Post }) {
  const [showComments, setShowComments] = useState(false);
  // The open menu may reach past the card: the card then sits above the ones after it.
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { toggle, isPending } = useLikePost(post);
  const own = useOwnPostActions(post);
  const commentsId = useId();
  const liked = Boolean(post.is_liked);
  const name = authorName(post.user);

  return (
    <article
      className={`card ${styles.card}`}
      aria-label={`Post by ${name}`}
      data-menu-open={menuOpen || undefined}
    >
      <header className={styles.header}>
        <AuthorButton user={post.user} />
        <div className={styles.meta}>
          <time dateTime={post.created_at} title={new Date(post.created_at).toLocaleString()}>
            {timeAgo(post.created_at)}
          </time>
          {post.edited_at ? (
            <span className={styles.edited} title={`Edited ${new Date(post.edited_at).toLocaleString()}`}>
              edited
            </span>
          ) : null}
          {post.category ? <span className={styles.category}>{post.category}</span> : null}
          <PostMenu
            post={post}
            onOpenChange={setMenuOpen}
            onEdit={() => {
              own.resetEdit();
              setEditing(true);
            }}
            onDelete={() => {
              own.resetDelete();
              setConfirmingDelete(true);
            }}
          />
        </div>
      </header>

      {editing ? (
        <TextEditor
          label="Edit your post"
          initial={post.content}
          maxLength={MAX_POST_LENGTH}
          allowEmpty={Boolean(post.media_url)}
          pending={own.editPending}
          error={own.editError}
          onChange={own.resetEdit}
          onSave={(text) => own.saveEdit(text, () => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <PostText content={post.content} mentioned={post.mentioned_users} className={styles.text} />
      )}
      {post.media_url ? (
        <MediaDisplay
          url={post.media_url}
          type={post.media_type ?? post.content_type}
          alt={`Media shared by ${name}`}
        />
      ) : null}

      <footer className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          data-active={liked || undefined}
          aria-pressed={liked}
          aria-label={`Like, ${plural(post.likes_count, 'like')}`}
          onClick={toggle}
          disabled={isPending}
        >
          <Icon name="heart" size={19} fill={liked ? 'currentColor' : 'none'} />
          <span>{post.likes_count}</span>
        </button>
        <button
          type="button"
          className={styles.action}
          aria-expanded={showComments}
          aria-controls={showComments ? commentsId : undefined}
          aria-label={`Comments, ${plural(post.comments_count, 'comment')}`}
          onClick={() => setShowComments((open) => !open)}
        >
          <Icon name="comment" size={19} />
          <span>{post.comments_count}</span>
        </button>
      </footer>

      {showComments ? <CommentsSection postId={post.id} postAuthorId={post.user.id} id={commentsId} /> : null}
      {confirmingDelete ? (
        <ConfirmDialog
          title="Delete post?"
          confirmLabel="Delete"
          danger
          pending={own.deletePending}
          error={own.deleteError}
          onConfirm={own.confirmDelete}
          onCancel={() => setConfirmingDelete(false)}
        >
          <p>It will be gone from your profile and everyone's feeds. This can't be undone.</p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
