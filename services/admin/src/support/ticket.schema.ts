import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';
import type { TicketPriority, TicketStatus } from './ticket-rules';

export interface PersonDoc {
  id: string;
  username: string;
  display_name: string;
}

/** An answer, kept in its ticket's `responses` (appended with `$push`, oldest first). */
export interface ResponseDoc {
  id: string;
  message: string;
  is_admin_response: boolean;
  author: PersonDoc;
  created_at: Date;
}

/** A ticket with its answers: one document, changed by single-document atomic updates. */
export interface TicketDoc {
  _id: string;
  user_id: string;
  user: PersonDoc;
  subject: string;
  message: string;
  priority: TicketPriority;
  status: TicketStatus;
  assigned_admin: PersonDoc | null;
  responses: ResponseDoc[];
  created_at: Date;
  updated_at: Date;
}

const person = { _id: false, id: String, username: String, display_name: String };

const responseSchema = new Schema<ResponseDoc>(
  {
    id: { type: String, required: true },
    message: { type: String, required: true },
    is_admin_response: { type: Boolean, required: true },
    author: { type: person, required: true },
    created_at: { type: Date, required: true },
  },
  { _id: false },
);

export const ticketSchema = new Schema<TicketDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    user: { type: person, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    priority: { type: String, required: true },
    status: { type: String, required: true },
    assigned_admin: { type: person, default: null },
    responses: { type: [responseSchema], default: [] },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'tickets', versionKey: false },
);
ticketSchema.plugin(outboxPlugin);
// A member's tickets (ListMyTickets), the list by status (ListTickets with a status, and the count of
// open tickets on the dashboard), and every ticket newest first (ListTickets without one).
ticketSchema.index({ user_id: 1, created_at: -1 });
ticketSchema.index({ status: 1, created_at: -1 });
ticketSchema.index({ created_at: -1 });
