// Editing a text in place (a post's, a comment's): the text area with a counter, Save and Cancel. Save
// waits for a changed, valid text; Escape cancels; Ctrl/Cmd+Enter saves. A failure shows under it.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Spinner } from './Spinner';
import styles from './TextEditor.module.css';

export interface TextEditorProps {
  /** The accessible name of the text area, e.g. "Edit your post". */
  label: string;
  initial: string;
  maxLength: number;
  /** Whether an empty text may be saved (a post with media). */
  allowEmpty?: boolean;
  pending?: boolean;
  error?: string | null;
  onSave: (text: string) => void;
  onCancel: () => void;
  onChange?: () => void;
  rows?: number;
}

const lengthOf = (text: string) => Array.from(text).length;

export function TextEditor({
  label,
  initial,
  maxLength,
  allowEmpty = false,
  pending = false,
  error = null,
  onSave,
  onCancel,
  onChange,
  rows = 3,
}: TextEditorProps) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const counterId = useId();
  const length = lengthOf(text);
  const valid = (allowEmpty || text.trim().length > 0) && length <= maxLength;
  const canSave = valid && text.trim() !== initial.trim() && !pending;

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSave) onSave(text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && !pending) {
      // The editor's Escape, not the dialog's it may sit in.
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <form className={styles.editor} onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <textarea
        id={inputId}
        ref={area}
        className={styles.input}
        rows={rows}
        value={text}
        maxLength={maxLength * 2}
        aria-describedby={counterId}
        aria-invalid={length > maxLength || undefined}
        disabled={pending}
        onChange={(event) => {
          onChange?.();
          setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.foot}>
        <span id={counterId} className={styles.counter} data-over={length > maxLength || undefined}>
          {length}/{maxLength}
        </span>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!canSave}
          aria-busy={pending || undefined}
        >
          {pending ? <Spinner /> : null}
          Save
        </button>
      </div>
    </form>
  );
}
