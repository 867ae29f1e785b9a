// The Help Center's calls (spec 000 §7 "Notifications and support"; GET /api/public/config for the
// support e-mail). Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import { asList } from '../../posts/api/request';
import type { MemberTicket, NewTicket, PublicConfig } from '../types';

type RawResult = { data?: unknown; error?: unknown; response: Response };
interface CallInit {
  body?: unknown;
  signal?: AbortSignal;
}
/** These routes through the shared client (bearer token, refresh, catalogue errors). */
type SupportClient = Record<'GET' | 'POST', (path: string, init?: CallInit) => Promise<RawResult>>;

export function createSupportApi(api: ApiClient) {
  const call = <T>(method: 'GET' | 'POST', path: string, init?: CallInit) =>
    api.call((c) => (c as unknown as SupportClient)[method](path, init)) as Promise<T>;

  return {
    /** POST /api/support/tickets {subject, message, priority}; subject and message are sent trimmed. */
    createTicket: (ticket: NewTicket) =>
      call<unknown>('POST', '/api/support/tickets', {
        body: { subject: ticket.subject.trim(), message: ticket.message.trim(), priority: ticket.priority },
      }),
    /** GET /api/support/tickets/user: the member's own tickets, with their responses. */
    myTickets: async (signal?: AbortSignal) =>
      asList(await call<MemberTicket[]>('GET', '/api/support/tickets/user', { signal })).map((ticket) => ({
        ...ticket,
        responses: Array.isArray(ticket.responses) ? ticket.responses : [],
      })),
    /** GET /api/public/config → {support_email}. */
    publicConfig: (signal?: AbortSignal) => call<PublicConfig>('GET', '/api/public/config', { signal }),
  };
}

export type SupportApi = ReturnType<typeof createSupportApi>;
