// The Admin Panel's calls (spec 001 §7 "admin" rows; ../shared/API-INVENTORY.md rows 76–84; the
// Settings' GET/PUT /api/admin/settings), typed by the generated schema. Pure module (no DOM): the
// client is handed in.
import type { ApiClient } from '../../../api/client';
import type { UserRole } from '../../../api/types';
import { asList } from '../../../api/request';
import type { TicketStatus } from '../../../api/ticket-status';
import type {
  AdminSettings,
  AdminStats,
  AdminTicket,
  AdminUser,
  AdminWithdrawal,
  DashboardHistory,
  SecurityPolicy,
} from '../types';

/** The admin table's order and page (GET /api/admin/users `sort`, `order`, `offset`). */
export interface UserListPaging {
  sort?: 'created_at' | 'username' | 'aura_score' | 'role';
  order?: 'asc' | 'desc';
  offset?: number;
}

/** GET /api/admin/users: `{role, limit: 100}` or `{search, limit: 20}` (see userListQuery), paged. */
export type UserListQuery = ({ role: 'all' | UserRole; limit: number } | { search: string; limit: number }) &
  UserListPaging;

/** One page of the admin table and how many members match in all (the X-Total-Count header). */
export interface UserPage {
  users: AdminUser[];
  total: number;
}

export function createAdminApi(api: ApiClient) {
  const byId = (id: string) => ({ id });

  return {
    stats: (signal?: AbortSignal): Promise<AdminStats> =>
      api.call((c) => c.GET('/api/admin/dashboard/stats', { signal })),
    /** GET /api/admin/dashboard/history?days=7|30: one point per UTC day, oldest first. */
    history: (days: 7 | 30, signal?: AbortSignal): Promise<DashboardHistory> =>
      api.call((c) => c.GET('/api/admin/dashboard/history', { params: { query: { days } }, signal })),
    withdrawals: async (signal?: AbortSignal): Promise<AdminWithdrawal[]> =>
      asList(await api.call((c) => c.GET('/api/admin/withdrawals', { signal }))),
    /** POST /api/admin/withdrawals/{id}/process?action=approve|reject&admin_notes= */
    processWithdrawal: (id: string, action: 'approve' | 'reject', adminNotes: string) =>
      api.call((c) =>
        c.POST('/api/admin/withdrawals/{id}/process', {
          params: { path: byId(id), query: { action, admin_notes: adminNotes.trim() } },
        }),
      ),
    users: async (query: UserListQuery, signal?: AbortSignal): Promise<UserPage> => {
      let total: number | null = null;
      const data = await api.call(async (c) => {
        const result = await c.GET('/api/admin/users', { params: { query }, signal });
        const header = Number(result.response.headers.get('x-total-count') ?? Number.NaN);
        total = Number.isInteger(header) && header >= 0 ? header : null;
        return result;
      });
      const users = asList<AdminUser>(data);
      return { users, total: total ?? (query.offset ?? 0) + users.length };
    },
    setRole: (userId: string, role: UserRole) =>
      api.call((c) =>
        c.PUT('/api/admin/users/{id}', { params: { path: byId(userId) }, body: { user_id: userId, role } }),
      ),
    setSuperAura: (userId: string, isSuperAura: boolean) =>
      api.call((c) =>
        c.PUT('/api/admin/users/{id}', {
          params: { path: byId(userId) },
          body: { user_id: userId, is_super_aura: isSuperAura },
        }),
      ),
    tickets: async (signal?: AbortSignal): Promise<AdminTicket[]> =>
      asList(await api.call((c) => c.GET('/api/admin/support/tickets', { signal }))),
    respond: (ticketId: string, message: string) =>
      api.call((c) =>
        c.POST('/api/admin/support/tickets/{id}/respond', {
          params: { path: byId(ticketId) },
          body: { ticket_id: ticketId, message: message.trim(), is_admin_response: true },
        }),
      ),
    setTicketStatus: (ticketId: string, status: TicketStatus) =>
      api.call((c) =>
        c.PUT('/api/admin/support/tickets/{id}/status', {
          params: { path: byId(ticketId), query: { new_status: status } },
        }),
      ),
    settings: (signal?: AbortSignal): Promise<AdminSettings> =>
      api.call((c) => c.GET('/api/admin/settings', { signal })),
    updateSettings: (settings: {
      min_withdrawal_usd: number;
      post_reward_ac: number;
    }): Promise<AdminSettings> => api.call((c) => c.PUT('/api/admin/settings', { body: settings })),
    /** GET /api/admin/security (admins): whether admins must use two-factor authentication. */
    securityPolicy: (signal?: AbortSignal): Promise<SecurityPolicy> =>
      api.call((c) => c.GET('/api/admin/security', { signal })),
    /** PUT /api/admin/security (super admin); turning it on needs their own second factor. */
    setSecurityPolicy: (requireAdminTwoFactor: boolean): Promise<SecurityPolicy> =>
      api.call((c) =>
        c.PUT('/api/admin/security', { body: { require_admin_two_factor: requireAdminTwoFactor } }),
      ),
    /** POST /api/admin/settings/genie-bottle-price {price} → {message, price}. */
    setBottlePrice: (price: number) =>
      api.call((c) =>
        // The schema leaves `price` untyped (the gateway reads any JSON value and checks it itself).
        c.POST('/api/admin/settings/genie-bottle-price', {
          body: { price: price as unknown as Record<string, never> },
        }),
      ),
    /** The current bottle price, as the shop reads it (GET /api/genies/bottles; answer kept whole). */
    bottles: (signal?: AbortSignal) => api.call((c) => c.GET('/api/genies/bottles', { signal })),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
