// The Admin Panel's calls (spec 001 §7 "admin" rows; ../shared/API-INVENTORY.md rows 76–84; the
// Settings' GET/PUT /api/admin/settings). Pure module (no DOM): the client is handed in.
import type { ApiClient } from '../../../api/client';
import type { UserRole } from '../../../api/types';
import { asList } from '../../posts/api/request';
import type { AdminSettings, AdminStats, AdminTicket, AdminUser, AdminWithdrawal } from '../types';

type RawResult = { data?: unknown; error?: unknown; response: Response };
interface CallInit {
  params?: { path?: Record<string, string>; query?: Record<string, string | number> };
  body?: unknown;
  signal?: AbortSignal;
}
type Method = 'GET' | 'POST' | 'PUT';
/** These routes through the shared client (bearer token, refresh, catalogue errors). */
type AdminClient = Record<Method, (path: string, init?: CallInit) => Promise<RawResult>>;

export function createAdminApi(api: ApiClient) {
  const call = <T>(method: Method, path: string, init?: CallInit) =>
    api.call((c) => (c as unknown as AdminClient)[method](path, init)) as Promise<T>;
  const byId = (id: string) => ({ id });

  return {
    stats: (signal?: AbortSignal) => call<AdminStats>('GET', '/api/admin/dashboard/stats', { signal }),
    withdrawals: async (signal?: AbortSignal) =>
      asList(await call<AdminWithdrawal[]>('GET', '/api/admin/withdrawals', { signal })),
    /** POST /api/admin/withdrawals/{id}/process?action=approve|reject&admin_notes= */
    processWithdrawal: (id: string, action: 'approve' | 'reject', adminNotes: string) =>
      call<unknown>('POST', '/api/admin/withdrawals/{id}/process', {
        params: { path: byId(id), query: { action, admin_notes: adminNotes.trim() } },
      }),
    /** GET /api/admin/users?role=&limit=100 or ?search=&limit=20 (see userListQuery). */
    users: async (query: Record<string, string | number>, signal?: AbortSignal) =>
      asList(await call<AdminUser[]>('GET', '/api/admin/users', { params: { query }, signal })),
    setRole: (userId: string, role: UserRole) =>
      call<unknown>('PUT', '/api/admin/users/{id}', {
        params: { path: byId(userId) },
        body: { user_id: userId, role },
      }),
    setSuperAura: (userId: string, isSuperAura: boolean) =>
      call<unknown>('PUT', '/api/admin/users/{id}', {
        params: { path: byId(userId) },
        body: { user_id: userId, is_super_aura: isSuperAura },
      }),
    tickets: async (signal?: AbortSignal) =>
      asList(await call<AdminTicket[]>('GET', '/api/admin/support/tickets', { signal })),
    respond: (ticketId: string, message: string) =>
      call<unknown>('POST', '/api/admin/support/tickets/{id}/respond', {
        params: { path: byId(ticketId) },
        body: { ticket_id: ticketId, message: message.trim(), is_admin_response: true },
      }),
    setTicketStatus: (ticketId: string, status: string) =>
      call<unknown>('PUT', '/api/admin/support/tickets/{id}/status', {
        params: { path: byId(ticketId), query: { new_status: status } },
      }),
    settings: (signal?: AbortSignal) => call<AdminSettings>('GET', '/api/admin/settings', { signal }),
    updateSettings: (settings: { min_withdrawal_usd: number; post_reward_ac: number }) =>
      call<AdminSettings>('PUT', '/api/admin/settings', { body: settings }),
    /** POST /api/admin/settings/genie-bottle-price {price} → {message, price}. */
    setBottlePrice: (price: number) =>
      call<{ message: string; price: number }>('POST', '/api/admin/settings/genie-bottle-price', {
        body: { price },
      }),
    /** The current bottle price, as the shop reads it (GET /api/genies/bottles; answer kept whole). */
    bottles: (signal?: AbortSignal) =>
      call<{ bottle_price: number; bottles_owned: number }>('GET', '/api/genies/bottles', { signal }),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
