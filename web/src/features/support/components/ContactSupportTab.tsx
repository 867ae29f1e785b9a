// The Contact Support tab (spec 000 §5, §8): subject, message (≤ 1000, with a counter), priority low |
// normal | high | urgent (normal by default). 'Please fill in all fields'; success 'Support ticket
// submitted successfully!'; failure the server's detail, else 'Failed to submit ticket'.
import { useId, useState, type FormEvent } from 'react';
import { showToast } from '../../../ui/toast';
import styles from '../../../ui/Admin.module.css';
import { ErrorLine } from '../../admin';
import { useSubmitTicket } from '../hooks/useSupport';
import {
  DEFAULT_PRIORITY,
  messageCounter,
  priorityLabel,
  SupportTexts,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  ticketFailureMessage,
  ticketFormError,
  type TicketPriority,
} from '../support';

export function ContactSupportTab({ onSubmitted }: { onSubmitted: () => void }) {
  const submit = useSubmitTicket();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<TicketPriority>(DEFAULT_PRIORITY);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const problem = ticketFormError({ subject, message });
    setError(problem);
    if (problem) return;
    submit.mutate(
      { subject, message, priority },
      {
        onSuccess: () => {
          showToast(SupportTexts.submitted);
          setSubject('');
          setMessage('');
          setPriority(DEFAULT_PRIORITY);
          onSubmitted();
        },
        onError: (failure) => setError(ticketFailureMessage(failure)),
      },
    );
  };

  return (
    <form className={styles.tab} onSubmit={onSubmit} noValidate aria-label="Contact Support">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-subject`}>
          Subject
        </label>
        <input
          id={`${ids}-subject`}
          className={styles.input}
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-message`}>
          Message
        </label>
        <textarea
          id={`${ids}-message`}
          className={styles.textarea}
          value={message}
          maxLength={TICKET_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
        />
        <span className={styles.counter}>{messageCounter(message)}</span>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-priority`}>
          Priority
        </label>
        <select
          id={`${ids}-priority`}
          className={styles.select}
          value={priority}
          onChange={(event) => setPriority(event.target.value as TicketPriority)}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {priorityLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <ErrorLine error={error} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          Submit Ticket
        </button>
      </div>
    </form>
  );
}
