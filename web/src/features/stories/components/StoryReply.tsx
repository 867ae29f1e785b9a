// Replying to another member's story (issue 23, item 5): a row of quick reactions and a reply box. Each
// sends a chat message to the story's author quoting the story (POST /api/stories/{id}/reply, the
// server applies the messaging rules: blocks, not oneself); the chat with the author then opens.
import { useState, type FormEvent } from 'react';
import { useAppDialogs } from '../../../app/dialogs';
import { ApiError } from '../../../api/errors';
import { messagingApi } from '../../messaging';
import { newClientMessageId } from '../../messaging';
import styles from './StoryViewer.module.css';

/** The quick reactions a story offers; each is sent as the reply's text. */
export const STORY_QUICK_REACTIONS = ['❤️', '😂', '😮', '😢', '👏', '🔥'] as const;

export function StoryReply({
  storyId,
  authorId,
  authorName,
  onTyping,
  onSent,
}: {
  storyId: string;
  authorId: string;
  authorName: string;
  /** The story waits while the member writes. */
  onTyping: (typing: boolean) => void;
  /** Closes the viewer (the chat opens after it). */
  onSent: () => void;
}) {
  const { openDialog } = useAppDialogs();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (content: string) => {
    if (!content.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      await messagingApi.replyToStory(storyId, content.trim(), newClientMessageId());
      onSent();
      openDialog('messages', { userId: authorId });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status && failure.status < 500 && failure.detail
          ? failure.detail
          : 'Failed to send message. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };

  return (
    <form className={styles.reply} onSubmit={submit} aria-label={`Reply to ${authorName}'s story`}>
      <div className={styles.quickReactions} role="group" aria-label="Quick reactions">
        {STORY_QUICK_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className={styles.quickReaction}
            onClick={() => void send(emoji)}
            disabled={sending}
            aria-label={`React with ${emoji}`}
          >
            {emoji}
          </button>
        ))}
      </div>
      <div className={styles.replyRow}>
        <input
          className={`input ${styles.replyInput}`}
          placeholder={`Reply to ${authorName}…`}
          aria-label="Reply to the story"
          value={text}
          maxLength={5000}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => onTyping(true)}
          onBlur={() => onTyping(false)}
        />
        <button type="submit" className="btn btn-primary" disabled={!text.trim() || sending}>
          Send
        </button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
