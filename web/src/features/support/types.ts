// The Help Center's shapes: the gateway's own (generated schema; ../shared/API-INVENTORY.md rows 56,
// 57 and GET /api/public/config).
import type { components } from '../../api/schema';
import type { TicketPriority } from './support';

type Schemas = components['schemas'];

/** GET /api/support/tickets/user (spec 000 §3 "Support ticket"), with its responses. */
export type MemberTicket = Schemas['TicketResponse'];
export type TicketReply = Schemas['TicketResponseResponse'];
/** GET /api/public/config. */
export type PublicConfig = Schemas['PublicConfigResponse'];

export interface NewTicket {
  subject: string;
  message: string;
  priority: TicketPriority;
}
