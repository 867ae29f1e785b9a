// The Support tab (spec 001 §3, §4, §5, §8): every ticket with its priority and status, the respond
// dialog (a non-empty message) and Mark Resolved for any ticket not already resolved.
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { TicketCard } from '../../support';
import { adminFailureMessage, AdminTexts, canResolve } from '../admin';
import { useAdminTickets, useSetTicketStatus } from '../hooks/useAdmin';
import type { AdminTicket } from '../types';
import styles from '../../../ui/Admin.module.css';
import { ErrorLine } from './parts';
import { RespondDialog } from './RespondDialog';

export function SupportTab() {
  const { data: tickets = [], isPending } = useAdminTickets();
  const [responding, setResponding] = useState<AdminTicket | null>(null);
  if (isPending) return <Spinner label="Loading tickets" />;
  return (
    <>
      {tickets.length === 0 ? (
        <EmptyState icon="help" title="No support tickets" />
      ) : (
        <ul className={styles.list} aria-label="Support tickets">
          {tickets.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} onRespond={() => setResponding(ticket)} />
          ))}
        </ul>
      )}
      {responding ? <RespondDialog ticket={responding} onClose={() => setResponding(null)} /> : null}
    </>
  );
}

function TicketItem({ ticket, onRespond }: { ticket: AdminTicket; onRespond: () => void }) {
  const setStatus = useSetTicketStatus();
  const [error, setError] = useState<string | null>(null);
  const resolve = () => {
    setError(null);
    setStatus.mutate(
      { ticketId: ticket.id, status: 'resolved' },
      {
        onSuccess: () => showToast('Ticket marked as resolved'),
        onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.ticketStatusFailed, false)),
      },
    );
  };
  const meta = [
    ticket.user ? `@${ticket.user.username}` : '',
    ticket.assigned_admin ? `assigned to @${ticket.assigned_admin.username}` : '',
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <TicketCard ticket={ticket} meta={meta}>
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost" onClick={onRespond}>
          Respond
        </button>
        {canResolve(ticket) ? (
          <button type="button" className="btn btn-ghost" disabled={setStatus.isPending} onClick={resolve}>
            Mark Resolved
          </button>
        ) : null}
      </div>
      <ErrorLine error={error} />
    </TicketCard>
  );
}
