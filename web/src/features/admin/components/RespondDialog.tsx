// The respond-to-ticket dialog (spec 001 §2, §5, §8): a non-empty message; 'Failed to send response'.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../../ui/toast';
import { adminFailureMessage, AdminTexts, canSendResponse } from '../admin';
import { useRespondToTicket } from '../hooks/useAdmin';
import type { AdminTicket } from '../types';
import styles from '../../../ui/Admin.module.css';
import { ErrorLine } from './parts';

export function RespondDialog({ ticket, onClose }: { ticket: AdminTicket; onClose: () => void }) {
  const respond = useRespondToTicket();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  // Escape closes this dialog only, not the Admin Panel beneath it (both listen on the document).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSendResponse(message) || respond.isPending) return;
    setError(null);
    respond.mutate(
      { ticketId: ticket.id, message },
      {
        onSuccess: () => {
          showToast('Response sent');
          onClose();
        },
        onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.respondFailed, false)),
      },
    );
  };

  return (
    <Modal title="Respond to Ticket" onClose={onClose}>
      <form className={styles.tab} onSubmit={onSubmit} aria-label="Respond to ticket">
        <div>
          <p className={styles.name}>{ticket.subject}</p>
          <p className={styles.meta}>{ticket.user ? `@${ticket.user.username}` : ''}</p>
        </div>
        <p className={styles.text}>{ticket.message}</p>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={id}>
            Your response
          </label>
          <textarea
            id={id}
            className={styles.textarea}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <ErrorLine error={error} />
        <div className={styles.actions}>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!canSendResponse(message) || respond.isPending}
          >
            Send Response
          </button>
        </div>
      </form>
    </Modal>
  );
}
