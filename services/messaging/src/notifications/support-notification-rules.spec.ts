import type { DomainEvent } from '@aura/platform';
import type { EventType } from '@aura/proto';
import { draftsFor, NOTIFYING_EVENTS } from './notification-rules';

const event = (type: EventType, payload: unknown, id = 'e1'): DomainEvent =>
  ({ id, type, version: 1, key: 'k', occurredAt: '', producer: 'admin', payload }) as DomainEvent;

const member = 'a'.repeat(24);
const admin = 'b'.repeat(24);

describe('support notifications', () => {
  it('listens to ticket answers and status changes', () => {
    expect(NOTIFYING_EVENTS).toEqual(
      expect.arrayContaining(['support.ticket_responded', 'support.ticket_status_changed']),
    );
  });

  it('an answer notifies the member once per response, as a system notification', () => {
    const drafts = draftsFor(
      event('support.ticket_responded', {
        ticketId: 't1',
        userId: member,
        responseId: 'r1',
        adminId: admin,
        subject: 'Coins missing',
        message: 'We found them!',
        status: 'in_progress',
        respondedAt: '',
      }),
    );
    expect(drafts).toEqual([
      expect.objectContaining({
        key: 'ticket-response:r1',
        userId: member,
        type: 'system',
        title: 'Support replied',
        message: 'Support answered your ticket "Coins missing": We found them!',
        actorId: '',
        refs: { ticket_id: 't1', status: 'in_progress' },
      }),
    ]);
  });

  it('cuts a long answer in the notification', () => {
    const [draft] = draftsFor(
      event('support.ticket_responded', {
        ticketId: 't1',
        userId: member,
        responseId: 'r2',
        subject: 's',
        message: 'x'.repeat(500),
      }),
    );
    expect([...draft.message.split(': ')[1]]).toHaveLength(140);
    expect(draft.message.endsWith('…')).toBe(true);
  });

  it('resolving notifies the member; other status changes do not', () => {
    const change = (status: string) =>
      draftsFor(
        event('support.ticket_status_changed', {
          ticketId: 't1',
          userId: member,
          adminId: admin,
          subject: 'Coins missing',
          previousStatus: 'in_progress',
          status,
          changedAt: '',
        }),
      );
    expect(change('resolved')).toEqual([
      expect.objectContaining({
        key: 'ticket-resolved:e1',
        type: 'system',
        title: 'Ticket resolved',
        message: 'Your support ticket "Coins missing" was resolved',
      }),
    ]);
    expect(change('open')).toEqual([]);
    expect(change('in_progress')).toEqual([]);
  });
});
