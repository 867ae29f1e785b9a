// The Help Center's rules (spec 000 §2 "Help center dialog", §3 Support ticket, §4, §5, §8, §9): the
// ticket form, how a ticket's priority reads (its status: api/ticket-status.ts), and the FAQ. Pure module: unit-tested under node.
import { ApiError } from '../../api/errors';

/** Spec 000 §5 and §8, letter for letter. */
export const SupportTexts = {
  fillAllFields: 'Please fill in all fields',
  submitted: 'Support ticket submitted successfully!',
  submitFailed: 'Failed to submit ticket',
} as const;

/** Spec 000 §5, §9: a ticket's message is at most 1000 characters. */
export const TICKET_MESSAGE_MAX = 1000;

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_PRIORITY: TicketPriority = 'normal';

/** Spec 001 §4: urgent, high, normal; anything else counts as low. */
export const ticketPriority = (priority: string): TicketPriority =>
  priority === 'urgent' || priority === 'high' || priority === 'normal' ? priority : 'low';

export const priorityLabel = (priority: string): string => {
  const known = ticketPriority(priority);
  return known.charAt(0).toUpperCase() + known.slice(1);
};

export interface TicketInput {
  subject: string;
  message: string;
  priority: TicketPriority;
}

/** Spec 000 §5: subject and message non-blank, message ≤ 1000; null when the ticket may be sent. */
export function ticketFormError(input: Pick<TicketInput, 'subject' | 'message'>): string | null {
  if (!input.subject.trim() || !input.message.trim()) return SupportTexts.fillAllFields;
  if (input.message.length > TICKET_MESSAGE_MAX)
    return `Message must be at most ${TICKET_MESSAGE_MAX} characters`;
  return null;
}

/** The counter under the message: "n/1000". */
export const messageCounter = (message: string) => `${message.length}/${TICKET_MESSAGE_MAX}`;

/** Spec 000 §8 "Ticket": the server's detail, else 'Failed to submit ticket'. */
export function ticketFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return SupportTexts.submitFailed;
}

/** The FAQ tab: what members ask most, answered by the product's own rules. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'What is my aura score?',
    answer:
      'Your aura score runs from 0 to 1000 and reflects your activity and wellness on Aura: posting, ' +
      'daily check-ins, reflections and the energy you receive from other members.',
  },
  {
    question: 'How do I earn AuraCoin?',
    answer:
      'You earn AuraCoin (AC) for your posts and for the likes and comments they receive, from tips sent by ' +
      'other members and from the daily earnings of your Genies. You can also buy AC with a card in the wallet.',
  },
  {
    question: 'How do withdrawals work?',
    answer:
      'Open Wallet & Payments and choose Withdraw. Withdrawals go to PayPal only, start at $10 and are ' +
      'processed in 1 to 3 business days. You can have one pending request at a time.',
  },
  {
    question: 'What are Genies?',
    answer:
      'Genies are collectible companions revealed from Genie bottles bought in the Genie Shop. Each earns ' +
      'AC every day; claim the earnings from your collection. A Genie sent as a gift is permanent.',
  },
  {
    question: 'What does SuperAura give me?',
    answer:
      'SuperAura members get higher earning rates, full aura customisation, profile music, animated ' +
      'titles and effects, a badge, advanced analytics and priority support.',
  },
  {
    question: 'How do I get help with a problem?',
    answer:
      'Open the Contact Support tab, describe the problem and choose a priority. Our team answers in My ' +
      'Tickets, and you get a notification when they reply or resolve it.',
  },
];
