// The comment box (spec 001 §5, §9): at most 300 characters with a counter, non-blank, the "+0.03 AC"
// reward hint; 'Failed to post comment' when it fails. While replying (issue 23) it names the comment's
// author, with a way to cancel, and sends the reply under that comment.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../../../ui/icons';
import { Spinner } from '../../../../ui/Spinner';
import { MentionTextarea } from '../../../members';
import { useAddComment } from '../hooks/useAddComment';
import { COMMENT_MAX_LENGTH, COMMENT_REWARD_HINT, commentLength, isValidComment } from '../validation';
import styles from './Comments.module.css';

export interface ReplyTarget {
  /** The top-level comment the reply goes under. */
  commentId: string;
  /** Whom it answers, as shown: "Luna". */
  name: string;
}

export interface CommentFormProps {
  postId: string;
  replyTo?: ReplyTarget | null;
  onCancelReply?: () => void;
  /** After a reply is posted, with the comment it went under. */
  onReplied?: (commentId: string) => void;
}

export function CommentForm({ postId, replyTo = null, onCancelReply, onReplied }: CommentFormProps) {
  const [text, setText] = useState('');
  const { add, isPending, errorMessage, reset } = useAddComment(postId);
  const area = useRef<HTMLTextAreaElement>(null);

  // Choosing Reply moves the focus here.
  useEffect(() => {
    if (replyTo) area.current?.focus();
  }, [replyTo]);
  const inputId = useId();
  const counterId = useId();
  const length = commentLength(text);
  const canSend = isValidComment(text) && !isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const parentCommentId = replyTo?.commentId;
    add(text, {
      parentCommentId,
      onSuccess: () => {
        setText('');
        if (parentCommentId) onReplied?.(parentCommentId);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
    else if (event.key === 'Escape' && replyTo) {
      event.stopPropagation();
      onCancelReply?.();
    }
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      {replyTo ? (
        <div className={styles.replying}>
          <span>
            Replying to <strong>{replyTo.name}</strong>
          </span>
          <button
            type="button"
            className={styles.cancelReply}
            onClick={onCancelReply}
            aria-label="Cancel reply"
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ) : null}
      <label htmlFor={inputId} className="sr-only">
        {replyTo ? `Reply to ${replyTo.name}` : 'Add a comment'}
      </label>
      <MentionTextarea
        id={inputId}
        ref={area}
        className={styles.input}
        rows={2}
        placeholder={replyTo ? `Reply to ${replyTo.name}…` : 'Add a comment…'}
        value={text}
        maxLength={COMMENT_MAX_LENGTH * 2}
        aria-describedby={counterId}
        aria-invalid={length > COMMENT_MAX_LENGTH || undefined}
        onValueChange={(value) => {
          if (errorMessage) reset();
          setText(value);
        }}
        onKeyDown={onKeyDown}
      />
      <div className={styles.formFoot}>
        <span className={styles.reward}>
          <Icon name="sparkle" size={14} /> Earn {COMMENT_REWARD_HINT} for commenting
        </span>
        <span
          id={counterId}
          className={styles.counter}
          data-over={length > COMMENT_MAX_LENGTH || undefined}
          aria-live="polite"
        >
          {length}/{COMMENT_MAX_LENGTH}
        </span>
        <button type="submit" className={`btn btn-primary ${styles.send}`} disabled={!canSend}>
          {isPending ? <Spinner /> : <Icon name="send" size={16} />}
          {replyTo ? 'Reply' : 'Comment'}
        </button>
      </div>
      {errorMessage ? (
        <p className={styles.error} role="alert">
          {errorMessage}
        </p>
      ) : null}
    </form>
  );
}
