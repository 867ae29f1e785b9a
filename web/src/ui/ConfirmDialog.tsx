// A question before something that cannot be undone ("Delete this post?"): the text, Cancel and the
// action. While the action runs both buttons wait; a failure shows under the text and the dialog stays.
import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { Spinner } from './Spinner';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: string | null;
  /** The action destroys something: the button is coloured as a warning. */
  danger?: boolean;
  /** The other button's words (default Cancel), when it does something of its own. */
  cancelLabel?: string;
  /** Escape, the backdrop and the close button (default: onCancel). */
  onDismiss?: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  error = null,
  danger = false,
  cancelLabel = 'Cancel',
  onDismiss,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={pending ? () => undefined : (onDismiss ?? onCancel)}>
      <div className={styles.body}>
        <div className={styles.text}>{children}</div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn btn-primary ${danger ? styles.danger : ''}`}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
