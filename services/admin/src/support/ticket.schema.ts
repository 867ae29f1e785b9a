import { outboxPlugin } from '@aura/platform';
import { Schema } from 'mongoose';
import type { TicketPriority, TicketStatus } from './ticket-rules';

export interface PersonDoc {
  id: string;
  username: string;
  display_name: string;
}

export interface ResponseDoc {
  id: string;
  message: string;
  is_admin_response: boolean;
  author: PersonDoc;
  created_at: Date;
}

export interface TicketDoc {
  _id: string;
  user_id: string;
  user: PersonDoc;
  subject: string;
  message: string;
  priority: TicketPriority;
  status: TicketStatus;
  assigned_admin: PersonDoc | null;
  /** The number of status changes applied (0 at creation); see TicketChangeDoc. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** A ticket with its responses, as it is read. */
export interface TicketView extends TicketDoc {
  responses: ResponseDoc[];
}

/** An answer: one document each, inserted once (answers never overwrite one another). */
export interface StoredResponseDoc extends ResponseDoc {
  _id: string;
  ticket_id: string;
}

/**
 * A change of status or assignee, decided by inserting `_id` = `<ticket>:<version>`: of two changes
 * judged against the same version one inserts and the other re-reads (ADR 0003: no conditional
 * updates on FerretDB). The ticket document then follows the latest change.
 */
export interface TicketChangeDoc {
  _id: string;
  ticket_id: string;
  version: number;
  status: TicketStatus;
  assigned_admin: PersonDoc | null;
  at: Date;
}

const person = { _id: false, id: String, username: String, display_name: String };

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
    version: { type: Number, default: 0 },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'tickets', versionKey: false },
);
ticketSchema.plugin(outboxPlugin);
ticketSchema.index({ user_id: 1, created_at: -1 });
ticketSchema.index({ status: 1, created_at: -1 });
ticketSchema.index({ created_at: -1 });

export const ticketResponseSchema = new Schema<StoredResponseDoc>(
  {
    _id: { type: String, required: true },
    ticket_id: { type: String, required: true },
    id: { type: String, required: true },
    message: { type: String, required: true },
    is_admin_response: { type: Boolean, required: true },
    author: { type: person, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'ticket_responses', versionKey: false },
);
ticketResponseSchema.index({ ticket_id: 1, created_at: 1 });

export const ticketChangeSchema = new Schema<TicketChangeDoc>(
  {
    _id: { type: String, required: true },
    ticket_id: { type: String, required: true },
    version: { type: Number, required: true },
    status: { type: String, required: true },
    assigned_admin: { type: person, default: null },
    at: { type: Date, required: true },
  },
  { collection: 'ticket_changes', versionKey: false },
);
ticketChangeSchema.index({ ticket_id: 1, version: 1 });
