// The My Tickets tab (spec 000 §3, §4): the member's tickets with status (open, in progress, resolved;
// anything else shown as resolved), priority (urgent, high, normal, else low) and the responses.
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import styles from '../../../ui/Admin.module.css';
import { useMyTickets } from '../hooks/useSupport';
import { TicketCard } from './TicketCard';

export function MyTicketsTab() {
  const { data: tickets = [], isPending } = useMyTickets();
  if (isPending) return <Spinner label="Loading your tickets" />;
  if (tickets.length === 0) {
    return (
      <EmptyState icon="help" title="No tickets yet">
        Ask us anything from Contact Support.
      </EmptyState>
    );
  }
  return (
    <ul className={styles.list} aria-label="My tickets">
      {tickets.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} />
      ))}
    </ul>
  );
}
