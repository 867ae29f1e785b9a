// The admin panel's shapes, snake_case as the gateway answers them (../shared/API-INVENTORY.md rows
// 76–84; gateway/src/economy/withdrawals.dto.ts for the withdrawals).
import type { UserRole } from '../../api/types';

/** GET /api/admin/dashboard/stats (spec 001 §3 "Admin dashboard stats"). */
export interface AdminStats {
  total_users: number;
  new_registrations_24h: number;
  engagement_rate: number;
  active_users_24h: number;
  daily_revenue: number;
  total_auracoin_distributed: number;
  pending_withdrawals: number;
  open_support_tickets: number;
  total_posts_today: number;
  total_comments_today: number;
  total_stories_today: number;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';

/** GET /api/admin/withdrawals (spec 001 §3 "Withdrawal request"). */
export interface AdminWithdrawal {
  id: string;
  user: { id: string; username: string };
  paypal_email: string;
  /** USD asked for. */
  amount: number;
  /** AC held for it. */
  amount_ac?: number;
  status: WithdrawalStatus;
  admin_notes: string;
  created_at: string;
  processed_at?: string | null;
}

/** GET /api/admin/users: a member with the fields admin views use (spec 001 §3). */
export interface AdminUser {
  id: string;
  username: string;
  display_name?: string;
  profile_picture?: string | null;
  aura_score?: number;
  email?: string;
  role: UserRole;
  is_super_aura: boolean;
  created_at?: string;
}

export interface TicketPerson {
  id: string;
  username: string;
  display_name?: string;
}

export interface TicketResponse {
  message: string;
  is_admin_response?: boolean;
  created_at?: string;
  author?: TicketPerson | null;
}

/** GET /api/admin/support/tickets (spec 001 §3 "Support ticket"). */
export interface AdminTicket {
  id: string;
  subject: string;
  message: string;
  priority: string;
  status: string;
  user: TicketPerson | null;
  assigned_admin: TicketPerson | null;
  created_at: string;
  responses?: TicketResponse[];
}

/** GET/PUT /api/admin/settings: the Settings tab's real settings. */
export interface AdminSettings {
  min_withdrawal_usd: number;
  post_reward_ac: number;
  updated_at?: string | null;
}

export type UserRoleFilter = 'all' | UserRole;
