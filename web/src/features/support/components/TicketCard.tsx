// One support ticket as the Help Center's My Tickets and the Admin Panel's Support tab show it: subject,
// when (and who), priority and status badges (spec 000 §4, 001 §4), the message and the responses.
import type { ReactNode } from 'react';
import { ticketStatus, ticketStatusLabel } from '../../../api/ticket-status';
import styles from '../../../ui/Admin.module.css';
import { Badge, formatDate } from '../../admin';
import { priorityLabel, ticketPriority } from '../support';
import type { TicketReply } from '../types';

export interface TicketView {
  subject: string;
  message: string;
  priority: string;
  status: string;
  created_at: string;
  responses?: TicketReply[];
}

export function TicketCard({
  ticket,
  meta,
  children,
}: {
  ticket: TicketView;
  meta?: string;
  children?: ReactNode;
}) {
  const responses = ticket.responses ?? [];
  return (
    <li className={styles.item} aria-label={ticket.subject}>
      <div className={styles.row}>
        <div>
          <p className={styles.name}>{ticket.subject}</p>
          <p className={styles.meta}>{[meta, formatDate(ticket.created_at)].filter(Boolean).join(' · ')}</p>
        </div>
        <div className={styles.badges}>
          <Badge tone={ticketPriority(ticket.priority)}>{priorityLabel(ticket.priority)}</Badge>
          <Badge tone={ticketStatus(ticket.status)}>{ticketStatusLabel(ticket.status)}</Badge>
        </div>
      </div>
      <p className={styles.text}>{ticket.message}</p>
      {responses.length > 0 ? (
        <ul className={styles.responses} aria-label="Responses">
          {responses.map((response, index) => (
            <li key={index} className={styles.text}>
              <strong>{response.is_admin_response === false ? 'Member' : 'Support team'}:</strong>{' '}
              {response.message}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </li>
  );
}
