import { InvalidInput, RuleViolation } from '@aura/platform';

// Spec 000 §3–§5 and spec 001 §4–§5, PRODUCT-DECISIONS.md "Accounts, admin, support".

export type TicketPriority = 'low' | 'normal' | 'high' | 'urgent';
export type TicketStatus = 'open' | 'in_progress' | 'resolved';

export const PRIORITIES: readonly TicketPriority[] = ['low', 'normal', 'high', 'urgent'];
export const STATUSES: readonly TicketStatus[] = ['open', 'in_progress', 'resolved'];
export const MESSAGE_MAX_CHARS = 1000;
export const SUBJECT_MAX_CHARS = 200;
export const RESPONSE_MAX_CHARS = 5000;

export const TicketMessages = {
  fillAll: 'Please fill in all fields',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_CHARS} characters`,
  subjectTooLong: `Subject must be at most ${SUBJECT_MAX_CHARS} characters`,
  priority: 'Priority must be one of low, normal, high, urgent',
  status: 'Status must be one of open, in_progress, resolved',
  responseEmpty: 'Response message cannot be empty',
  responseTooLong: `Response must be at most ${RESPONSE_MAX_CHARS} characters`,
  alreadyResolved: 'Ticket is already resolved',
  notFound: 'Ticket not found',
  notAdmin: 'Admin access required',
} as const;

/** Characters as a person counts them (code points), not UTF-16 units. */
const charCount = (text: string) => [...text].length;

export interface NewTicket {
  subject: string;
  message: string;
  priority: TicketPriority;
}

export function newTicketOf(input: { subject?: string; message?: string; priority?: string }): NewTicket {
  const subject = (input.subject ?? '').trim();
  const message = (input.message ?? '').trim();
  if (!subject || !message) throw new RuleViolation(TicketMessages.fillAll);
  if (charCount(subject) > SUBJECT_MAX_CHARS) throw new RuleViolation(TicketMessages.subjectTooLong);
  if (charCount(message) > MESSAGE_MAX_CHARS) throw new RuleViolation(TicketMessages.messageTooLong);
  const priority = (input.priority ?? '').trim() || 'normal';
  if (!PRIORITIES.includes(priority as TicketPriority)) throw new InvalidInput(TicketMessages.priority);
  return { subject, message, priority: priority as TicketPriority };
}

export function responseOf(message: string | undefined): string {
  const text = (message ?? '').trim();
  if (!text) throw new RuleViolation(TicketMessages.responseEmpty);
  if (charCount(text) > RESPONSE_MAX_CHARS) throw new RuleViolation(TicketMessages.responseTooLong);
  return text;
}

export function statusOf(value: string | undefined): TicketStatus {
  const status = (value ?? '').trim();
  if (!STATUSES.includes(status as TicketStatus)) throw new InvalidInput(TicketMessages.status);
  return status as TicketStatus;
}

/** The status after an admin's answer: the first answer moves an open ticket to in_progress. */
export function statusAfterResponse(current: TicketStatus): TicketStatus {
  return current === 'open' ? 'in_progress' : current;
}

/** An admin may set any status, except resolving a ticket that already is. */
export function checkStatusChange(current: TicketStatus, next: TicketStatus): void {
  if (next === 'resolved' && current === 'resolved') throw new RuleViolation(TicketMessages.alreadyResolved);
}
