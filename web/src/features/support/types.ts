// The Help Center's shapes, snake_case as the gateway answers them (../shared/API-INVENTORY.md rows 56,
// 57 and the proposed GET /api/public/config).
import type { TicketPriority } from './support';

export interface TicketReply {
  message: string;
  is_admin_response?: boolean;
  created_at?: string;
}

/** GET /api/support/tickets/user (spec 000 §3 "Support ticket"). */
export interface MemberTicket {
  id: string;
  subject: string;
  message: string;
  priority: string;
  status: string;
  created_at: string;
  responses: TicketReply[];
}

export interface NewTicket {
  subject: string;
  message: string;
  priority: TicketPriority;
}

/** GET /api/public/config. */
export interface PublicConfig {
  support_email: string;
}
