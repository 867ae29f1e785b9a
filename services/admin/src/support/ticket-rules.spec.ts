import { InvalidInput, RuleViolation } from '@aura/platform';
import {
  checkStatusChange,
  newTicketOf,
  responseOf,
  statusAfterResponse,
  statusOf,
  TicketMessages,
} from './ticket-rules';

describe('support ticket rules', () => {
  it('needs a subject and a message, trimmed', () => {
    expect(() => newTicketOf({ subject: ' ', message: 'hi' })).toThrow(TicketMessages.fillAll);
    expect(() => newTicketOf({ subject: 'Help', message: '   ' })).toThrow(TicketMessages.fillAll);
    expect(() => newTicketOf({})).toThrow(RuleViolation);
    expect(newTicketOf({ subject: ' Help ', message: ' Please ' })).toEqual({
      subject: 'Help',
      message: 'Please',
      priority: 'normal',
    });
  });

  it('takes a message of at most 1000 characters (counted as people count them)', () => {
    expect(newTicketOf({ subject: 's', message: 'x'.repeat(1000) }).message).toHaveLength(1000);
    expect(() => newTicketOf({ subject: 's', message: 'x'.repeat(1001) })).toThrow(
      TicketMessages.messageTooLong,
    );
    expect(newTicketOf({ subject: 's', message: '🌿'.repeat(1000) }).message).toBe('🌿'.repeat(1000));
  });

  it('accepts the four priorities, default normal', () => {
    for (const priority of ['low', 'normal', 'high', 'urgent'])
      expect(newTicketOf({ subject: 's', message: 'm', priority }).priority).toBe(priority);
    expect(() => newTicketOf({ subject: 's', message: 'm', priority: 'critical' })).toThrow(InvalidInput);
  });

  it('needs a non-empty response', () => {
    expect(() => responseOf('  ')).toThrow(TicketMessages.responseEmpty);
    expect(responseOf(' Thanks ')).toBe('Thanks');
  });

  it('moves an open ticket to in_progress on the first answer only', () => {
    expect(statusAfterResponse('open')).toBe('in_progress');
    expect(statusAfterResponse('in_progress')).toBe('in_progress');
    expect(statusAfterResponse('resolved')).toBe('resolved');
  });

  it('refuses resolving a resolved ticket and unknown statuses', () => {
    expect(() => checkStatusChange('resolved', 'resolved')).toThrow(TicketMessages.alreadyResolved);
    expect(() => checkStatusChange('open', 'resolved')).not.toThrow();
    expect(() => checkStatusChange('resolved', 'open')).not.toThrow();
    expect(() => statusOf('closed')).toThrow(TicketMessages.status);
    expect(statusOf('in_progress')).toBe('in_progress');
  });
});
