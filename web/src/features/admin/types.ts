// The admin panel's shapes: the gateway's own (generated schema), snake_case as it answers them
// (../shared/API-INVENTORY.md rows 76–84).
import type { components } from '../../api/schema';
import type { User, UserRole } from '../../api/types';

type Schemas = components['schemas'];

/** GET /api/admin/dashboard/stats (spec 001 §3 "Admin dashboard stats"). */
export type AdminStats = Schemas['DashboardStatsResponse'];
/** GET /api/admin/withdrawals (spec 001 §3 "Withdrawal request"). */
export type AdminWithdrawal = Schemas['WithdrawalResponse'];
/** GET /api/admin/users: members with role, is_super_aura and e-mail (spec 001 §3). */
export type AdminUser = User;
/** GET /api/admin/support/tickets (spec 001 §3 "Support ticket"). */
export type AdminTicket = Schemas['TicketResponse'];
/** GET/PUT /api/admin/security: whether admins must use two-factor authentication. */
export type SecurityPolicy = Schemas['SecurityPolicyResponse'];
/** GET/PUT /api/admin/settings: the Settings tab's platform settings. */
export type AdminSettings = Schemas['EconomySettingsResponse'];
/** POST /api/admin/moderation/cases/{id}/lift: why a suspension or ban ends early. */
export type LiftRestrictionBody = Schemas['LiftRestrictionBody'];

export type UserRoleFilter = 'all' | UserRole;

/** One day of GET /api/admin/dashboard/history (UTC days, oldest first). */
export interface DashboardDay {
  date: string;
  new_registrations: number;
  active_users: number;
  posts: number;
  comments: number;
  stories: number;
  revenue_usd: number;
}

export interface DashboardHistory {
  days: number;
  points: DashboardDay[];
}
