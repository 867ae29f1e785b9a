// The Admin Panel's data (spec 001 §2, §7). These hooks are used only by the panel's tabs, which mount
// only for admin roles (spec 001 §6: for anyone else the panel renders nothing and loads nothing).
// Failed list reads are only logged (spec 001 §8); each action's failure is the caller's to show.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRole } from '../../../api/types';
import { loggedRead } from '../../../api/logged-read';
import type { TicketStatus } from '../../../api/ticket-status';
import { adminApi } from '../api';
import type { UserListQuery } from '../api/admin.api';

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  history: (days: number) => ['admin', 'history', days] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  users: ['admin', 'users'] as const,
  userList: (query: UserListQuery) => ['admin', 'users', query] as const,
  tickets: ['admin', 'tickets'] as const,
  settings: ['admin', 'settings'] as const,
  security: ['admin', 'security'] as const,
  /** The Moderation tab: the queue (by filters), a case, the audit log. */
  moderation: ['admin', 'moderation'] as const,
  cases: (filters: object) => ['admin', 'moderation', 'cases', filters] as const,
  case: (caseId: string) => ['admin', 'moderation', 'case', caseId] as const,
  audit: (memberId: string) => ['admin', 'moderation', 'actions', memberId] as const,
  /** The shop's own key (queryKeys.genieBottles): a new price shows in the Genie Shop at once. */
  genieBottles: ['genies', 'bottles'] as const,
};

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: loggedRead('admin stats', (s) => adminApi.stats(s)),
  });
}

/** The dashboard's daily figures of the last `days` days. */
export function useDashboardHistory(days: 7 | 30) {
  return useQuery({
    queryKey: adminKeys.history(days),
    queryFn: loggedRead('admin dashboard history', (s) => adminApi.history(days, s)),
    placeholderData: keepPreviousData,
  });
}

export function useAdminWithdrawals() {
  return useQuery({
    queryKey: adminKeys.withdrawals,
    queryFn: loggedRead('admin withdrawals', (s) => adminApi.withdrawals(s)),
  });
}

export function useAdminUsers(query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: loggedRead('admin users', (s) => adminApi.users(query, s)),
  });
}

export function useAdminTickets() {
  return useQuery({
    queryKey: adminKeys.tickets,
    queryFn: loggedRead('admin tickets', (s) => adminApi.tickets(s)),
  });
}

export function useAdminSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: loggedRead('admin settings', (s) => adminApi.settings(s)),
  });
}

/**
 * Whether admins must use two-factor authentication. The panel reads it first: while the policy shuts
 * the admin views to this admin, this read is refused too (403, the server's words), and the panel
 * says so instead of its tabs.
 */
export function useSecurityPolicy() {
  return useQuery({
    queryKey: adminKeys.security,
    queryFn: loggedRead('admin security policy', (s) => adminApi.securityPolicy(s)),
  });
}

export function useSetSecurityPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => adminApi.setSecurityPolicy(required),
    onSuccess: (policy) => queryClient.setQueryData(adminKeys.security, policy),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.security }),
  });
}

/** After any action the panel reads its lists and the dashboard again. */
function useAdminAction<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useProcessWithdrawal = () =>
  useAdminAction((input: { id: string; action: 'approve' | 'reject'; notes: string }) =>
    adminApi.processWithdrawal(input.id, input.action, input.notes),
  );

export const useSetRole = () =>
  useAdminAction((input: { userId: string; role: UserRole }) => adminApi.setRole(input.userId, input.role));

export const useSetSuperAura = () =>
  useAdminAction((input: { userId: string; isSuperAura: boolean }) =>
    adminApi.setSuperAura(input.userId, input.isSuperAura),
  );

export const useRespondToTicket = () =>
  useAdminAction((input: { ticketId: string; message: string }) =>
    adminApi.respond(input.ticketId, input.message),
  );

export const useSetTicketStatus = () =>
  useAdminAction((input: { ticketId: string; status: TicketStatus }) =>
    adminApi.setTicketStatus(input.ticketId, input.status),
  );

export const useUpdateSettings = () =>
  useAdminAction((input: { min_withdrawal_usd: number; post_reward_ac: number }) =>
    adminApi.updateSettings(input),
  );

/** The bottle price the shop shows (GET /api/genies/bottles). */
export function useBottlePrice() {
  return useQuery({
    queryKey: adminKeys.genieBottles,
    queryFn: loggedRead('genie bottles', (s) => adminApi.bottles(s)),
    select: (bottles: { bottle_price: number }) => bottles.bottle_price,
  });
}

export function useSetBottlePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (price: number) => adminApi.setBottlePrice(price),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.genieBottles }),
  });
}
