// The story viewer (spec 000 §2, §4): one story at a time, a progress bar, pause and play, and it closes
// by itself after 5 seconds. Previous / next move between the strip's stories (each gets its 5 seconds).
// The bar has one segment per story of the same author (issue 23): those seen are full, the open one
// fills. Another member's story has a "⋯" menu to report it: the story waits while it is open, and the
// viewer closes for the Report dialog (it sits above every dialog). One's own story can be deleted from
// its menu, after a confirmation inside the viewer. Another member's story can be replied to, or
// reacted to with one tap (StoryReply): the story waits while the reply is written.
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Avatar } from '../../../ui/Avatar';
import { Icon } from '../../../ui/icons';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { timeAgo } from '../../../ui/text';
import { useSignedInUser } from '../../auth';
import { MediaDisplay } from '../../media';
import { MoreMenu } from '../../../ui/MoreMenu';
import { ReportMenu } from '../../moderation';
import { authorName } from '../../posts';
import type { Post } from '../../posts';
import { useDeleteStory } from '../hooks/useDeleteStory';
import { useStoryTimer } from '../hooks/useStoryTimer';
import { segmentsOf } from '../story-segments';
import { StoryReply } from './StoryReply';
import styles from './StoryViewer.module.css';

const FOCUSABLE = 'button, [href], input, select, textarea, video, audio, [tabindex]:not([tabindex="-1"])';

export function StoryViewer({
  stories,
  index,
  onIndexChange,
  onClose,
}: {
  stories: readonly Post[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const story = stories[index];
  const [paused, setPaused] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [replying, setReplying] = useState(false);
  const me = useSignedInUser();
  const deleteStory = useDeleteStory();
  const progress = useStoryTimer(
    story?.id ?? '',
    paused || menuOpen || confirmingDelete || replying || deleteStory.isPending || !story,
    onClose,
  );
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Escape belongs to what is open inside first: the ⋯ menu closes itself, the delete confirmation is
  // cancelled; otherwise it closes the viewer.
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (menuOpen) return;
    event.stopPropagation();
    if (confirmingDelete) setConfirmingDelete(false);
    else onClose();
  });

  // Focus moves in on open and back on close; Escape (above), Space on the viewer itself pauses, Tab
  // stays inside.
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape(event);
      else if (event.key === ' ' && event.target === panel.current) {
        event.preventDefault();
        setPaused((value) => !value);
      } else if (event.key === 'Tab' && panel.current) {
        const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (focusable.length === 0) return;
        const first = focusable[0]!;
        const last = focusable[focusable.length - 1]!;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === panel.current)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      previouslyFocused?.focus?.();
    };
  }, []);

  if (!story) return null;
  const percent = Math.round(progress * 100);
  const segments = segmentsOf(stories, index);
  const go = (next: number) => {
    setPaused(false);
    onIndexChange(next);
  };

  return createPortal(
    // A press on the backdrop is the mouse's way to close; the keyboard has Escape and the Close button.
    <div
      role="presentation"
      className={styles.backdrop}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        className={styles.viewer}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div
          className={styles.track}
          role="progressbar"
          aria-label="Story progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          {segments.map((segment) => (
            <span key={segment.id} className={styles.segment}>
              <span
                className={styles.fill}
                style={{
                  transform: `scaleX(${segment.state === 'open' ? progress : segment.state === 'seen' ? 1 : 0})`,
                }}
              />
            </span>
          ))}
        </div>

        <header className={styles.header}>
          <Avatar
            username={story.user.username}
            src={story.user.profile_picture}
            size="md"
            auraScore={story.user.aura_score}
          />
          <div className={styles.who}>
            <h2 id={titleId} className={styles.title}>
              {authorName(story.user)}'s story {story.user.is_super_aura ? <SuperAuraBadge compact /> : null}
            </h2>
            <p className={styles.sub}>
              {story.user.username ? `@${story.user.username} · ` : null}
              <time dateTime={story.created_at}>{timeAgo(story.created_at)}</time>
              {stories.length > 1 ? ` · ${index + 1} of ${stories.length}` : null}
            </p>
          </div>
          {story.user.id === me.id ? (
            <MoreMenu
              buttonClassName={styles.control}
              label="More options for your story"
              onOpenChange={setMenuOpen}
              items={[{ label: 'Delete story', icon: 'trash', onSelect: () => setConfirmingDelete(true) }]}
            />
          ) : (
            <ReportMenu
              buttonClassName={styles.control}
              target={{ targetType: 'story', targetId: story.id, about: `${authorName(story.user)}'s story` }}
              onOpenChange={setMenuOpen}
              beforeOpen={onClose}
            />
          )}
          <button
            type="button"
            className={`icon-btn ${styles.control}`}
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? 'Play story' : 'Pause story'}
          >
            <Icon name={paused ? 'play' : 'pause'} />
          </button>
          <button
            type="button"
            className={`icon-btn ${styles.control}`}
            onClick={onClose}
            aria-label="Close story"
          >
            <Icon name="close" />
          </button>
        </header>

        <div className={styles.body}>
          {story.media_url ? (
            <div className={styles.media}>
              <MediaDisplay
                url={story.media_url}
                type={story.media_type ?? story.content_type}
                alt={`Story by ${authorName(story.user)}`}
              />
            </div>
          ) : null}
          {story.content ? (
            <p className={story.media_url ? styles.caption : styles.text}>{story.content}</p>
          ) : null}
        </div>

        {story.user.id !== me.id ? (
          <StoryReply
            key={story.id}
            storyId={story.id}
            authorId={story.user.id}
            authorName={authorName(story.user)}
            onTyping={setReplying}
            onSent={onClose}
          />
        ) : null}

        {stories.length > 1 ? (
          <div className={styles.nav}>
            <button
              type="button"
              className={`icon-btn ${styles.control}`}
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label="Previous story"
            >
              <Icon name="chevron-left" />
            </button>
            <button
              type="button"
              className={`icon-btn ${styles.control}`}
              onClick={() => go(index + 1)}
              disabled={index === stories.length - 1}
              aria-label="Next story"
            >
              <Icon name="chevron-right" />
            </button>
          </div>
        ) : null}
        {confirmingDelete ? (
          <div className={styles.confirm} role="alertdialog" aria-label="Delete story?">
            <p>Delete this story? It can't be undone.</p>
            {deleteStory.errorMessage ? (
              <p className={styles.error} role="alert">
                {deleteStory.errorMessage}
              </p>
            ) : null}
            <div className={styles.confirmActions}>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setConfirmingDelete(false)}
                disabled={deleteStory.isPending}
              >
                Cancel
              </button>
              <button
                type="button"
                className={`btn btn-primary ${styles.danger}`}
                onClick={() => deleteStory.remove(story.id)}
                disabled={deleteStory.isPending}
              >
                Delete
              </button>
            </div>
          </div>
        ) : null}
        {paused ? (
          <p className={styles.pausedNote} role="status">
            Paused
          </p>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
