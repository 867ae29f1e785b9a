import { ticketStatus, ticketStatusLabel } from './ticket-status';

describe('ticket status (spec 000 §4, spec 001 §4)', () => {
  it('reads open, in_progress and resolved; anything else as resolved', () => {
    expect(ticketStatus('open')).toBe('open');
    expect(ticketStatus('in_progress')).toBe('in_progress');
    expect(ticketStatus('resolved')).toBe('resolved');
    expect(ticketStatus('closed')).toBe('resolved');
    expect(ticketStatus('')).toBe('resolved');
    expect(['open', 'in_progress', 'resolved', 'archived'].map(ticketStatusLabel)).toEqual([
      'Open',
      'In Progress',
      'Resolved',
      'Resolved',
    ]);
  });
});
