// The comment box (spec 001 §5, §9): at most 300 characters with a counter, non-blank, the "+0.03 AC"
// reward hint; 'Failed to post comment' when it fails.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useAddComment } from '../hooks/useAddComment';
import { COMMENT_MAX_LENGTH, COMMENT_REWARD_HINT, commentLength, isValidComment } from '../validation';
import styles from './Comments.module.css';

export function CommentForm({ postId }: { postId: string }) {
  const [text, setText] = useState('');
  const { add, isPending, errorMessage, reset } = useAddComment(postId);
  const inputId = useId();
  const counterId = useId();
  const length = commentLength(text);
  const canSend = isValidComment(text) && !isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    add(text, { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        Add a comment
      </label>
      <textarea
        id={inputId}
        className={styles.input}
        rows={2}
        placeholder="Add a comment…"
        value={text}
        maxLength={COMMENT_MAX_LENGTH * 2}
        aria-describedby={counterId}
        aria-invalid={length > COMMENT_MAX_LENGTH || undefined}
        onChange={(event) => {
          if (errorMessage) reset();
          setText(event.target.value);
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
          Comment
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
