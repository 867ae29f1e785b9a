// A support ticket's status as the API gives it and as the Help Center and the Admin Panel show it
// (spec 000 §4, spec 001 §4). Pure module (no DOM, no Vite): unit-tested under node.

export type TicketStatus = 'open' | 'in_progress' | 'resolved';

/** Spec 000 §4 and 001 §4: open, in_progress, resolved; any other state is shown as resolved. */
export const ticketStatus = (status: string): TicketStatus =>
  status === 'open' || status === 'in_progress' ? status : 'resolved';

export const ticketStatusLabel = (status: string): string => {
  const known = ticketStatus(status);
  return known === 'open' ? 'Open' : known === 'in_progress' ? 'In Progress' : 'Resolved';
};
