import { ApiError } from '../../api/errors';
import {
  DEFAULT_PRIORITY,
  FAQ,
  messageCounter,
  priorityLabel,
  SupportTexts,
  TICKET_PRIORITIES,
  ticketFailureMessage,
  ticketFormError,
  ticketPriority,
} from './support';

describe('ticket display (spec 000 §4, spec 001 §4)', () => {
  it('reads urgent, high and normal; anything else as low', () => {
    expect(['urgent', 'high', 'normal', 'low', 'whatever', ''].map(ticketPriority)).toEqual([
      'urgent',
      'high',
      'normal',
      'low',
      'low',
      'low',
    ]);
    expect(priorityLabel('urgent')).toBe('Urgent');
    expect(priorityLabel('meh')).toBe('Low');
  });
});

describe('ticket form (spec 000 §5, §8)', () => {
  it('offers low, normal, high, urgent, normal by default', () => {
    expect(TICKET_PRIORITIES).toEqual(['low', 'normal', 'high', 'urgent']);
    expect(DEFAULT_PRIORITY).toBe('normal');
  });

  it('needs a non-blank subject and message', () => {
    expect(ticketFormError({ subject: '', message: 'x' })).toBe('Please fill in all fields');
    expect(ticketFormError({ subject: 'Hi', message: '   ' })).toBe('Please fill in all fields');
    expect(ticketFormError({ subject: 'Hi', message: 'Help' })).toBeNull();
  });

  it('holds the message to 1000 characters, with a counter', () => {
    expect(ticketFormError({ subject: 'Hi', message: 'a'.repeat(1000) })).toBeNull();
    expect(ticketFormError({ subject: 'Hi', message: 'a'.repeat(1001) })).not.toBeNull();
    expect(messageCounter('abc')).toBe('3/1000');
  });

  it("says the server's detail, else 'Failed to submit ticket'; success has its own text", () => {
    expect(ticketFailureMessage(ApiError.fromResponse(400, { detail: 'Please fill in all fields' }))).toBe(
      'Please fill in all fields',
    );
    expect(ticketFailureMessage(ApiError.fromResponse(500, {}))).toBe('Failed to submit ticket');
    expect(ticketFailureMessage(new Error('boom'))).toBe('Failed to submit ticket');
    expect(SupportTexts.submitted).toBe('Support ticket submitted successfully!');
  });

  it('has questions with answers', () => {
    expect(FAQ.length).toBeGreaterThan(0);
    for (const entry of FAQ) expect(entry.question && entry.answer).toBeTruthy();
  });
});
