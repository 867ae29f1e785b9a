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
  responses: ResponseDoc[];
  created_at: Date;
  updated_at: Date;
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
    responses: {
      type: [
        {
          _id: false,
          id: String,
          message: String,
          is_admin_response: Boolean,
          author: person,
          created_at: Date,
        },
      ],
      default: [],
    },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'tickets', versionKey: false },
);
ticketSchema.plugin(outboxPlugin);
ticketSchema.index({ user_id: 1, created_at: -1 });
ticketSchema.index({ status: 1, created_at: -1 });
ticketSchema.index({ created_at: -1 });
