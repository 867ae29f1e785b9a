// The Help Center's calls (spec 000 §7 "Notifications and support"; GET /api/public/config for the
// support e-mail), typed by the generated schema. Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../../api/request';
import type { MemberTicket, NewTicket, PublicConfig } from '../types';

export function createSupportApi(api: ApiClient) {
  return {
    /** POST /api/support/tickets {subject, message, priority}; subject and message are sent trimmed. */
    createTicket: (ticket: NewTicket) =>
      api.call((c) =>
        c.POST('/api/support/tickets', {
          body: { subject: ticket.subject.trim(), message: ticket.message.trim(), priority: ticket.priority },
        }),
      ),
    /** GET /api/support/tickets/user: the member's own tickets, with their responses. */
    myTickets: async (signal?: AbortSignal): Promise<MemberTicket[]> =>
      asList(await api.call((c) => c.GET('/api/support/tickets/user', { signal }))).map((ticket) => ({
        ...ticket,
        responses: Array.isArray(ticket.responses) ? ticket.responses : [],
      })),
    /** GET /api/public/config → {support_email}. */
    publicConfig: (signal?: AbortSignal): Promise<PublicConfig> =>
      api.call((c) => c.GET('/api/public/config', { signal })),
  };
}

export type SupportApi = ReturnType<typeof createSupportApi>;
