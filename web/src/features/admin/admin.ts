// The Admin Panel's rules (spec 001 §2, §4, §5, §6, §8, §9): who sees which tab and button, how tickets
// read, what the Settings accept, and the exact error texts. Pure module: unit-tested under node.
import { ApiError } from '../../api/errors';
import type { UserRole } from '../../api/types';
import { isAdminRole } from '../../api/roles';
import { ticketStatus } from '../../api/ticket-status';
import type { UserListPaging, UserListQuery } from './api/admin.api';
import type { AdminStats, AdminWithdrawal, AdminUser, UserRoleFilter } from './types';

/** Spec 001 §8 "Admin", letter for letter. */
export const AdminTexts = {
  processFailed: 'Failed to process withdrawal',
  roleFailed: 'Failed to update user role',
  superAuraFailed: 'Failed to update SuperAura status',
  ticketStatusFailed: 'Failed to update ticket status',
  respondFailed: 'Failed to send response',
  priceFailed: 'Failed to update genie bottle price',
  priceRange: 'Genie bottle price must be between 50 and 1000 AuraCoin',
  settingsFailed: 'Failed to update settings',
  securityFailed: 'Failed to update the security policy',
  /** The server's refusal of every admin view while admins must use two-factor authentication. */
  twoFactorRequired:
    'Admins must use two-factor authentication: turn it on in Settings → Account Security to open the admin panel',
  /** The server's own messages for the platform settings (PUT /api/admin/settings). */
  minWithdrawalInvalid: 'Minimum withdrawal must be between $1 and $10,000 (whole cents)',
  postRewardInvalid: 'Post reward must be between 0 and 1 AuraCoin, in steps of 0.001',
} as const;

/** Spec 001 §9: admin user list fetch 100; admin search 20. */
export const USER_LIST_LIMIT = 100;
export const USER_SEARCH_LIMIT = 20;
/** Spec 001 §5, §9: the genie bottle price, in AC. */
export const BOTTLE_PRICE_MIN = 50;
export const BOTTLE_PRICE_MAX = 1000;
/** The server's limit on a withdrawal's admin notes. */
export const ADMIN_NOTES_MAX = 500;

export const ROLES: readonly UserRole[] = ['user', 'admin', 'super_admin'];

export const roleLabel = (role: UserRole): string =>
  role === 'super_admin' ? 'Super Admin' : role === 'admin' ? 'Admin' : 'User';

export type AdminTab = 'dashboard' | 'withdrawals' | 'users' | 'support' | 'moderation' | 'settings';

/**
 * Spec 001 §2 and §6: the panel's tabs, Moderation (issue 21 §3) for admins and super admins alike;
 * Settings (the platform settings and the security policy) only for a super admin; none for anyone else.
 */
export function adminTabs(role: UserRole): { id: AdminTab; label: string }[] {
  if (!isAdminRole(role)) return [];
  const tabs: { id: AdminTab; label: string }[] = [
    { id: 'dashboard', label: 'Dashboard' },
    { id: 'withdrawals', label: 'Withdrawals' },
    { id: 'users', label: 'Users' },
    { id: 'support', label: 'Support' },
    { id: 'moderation', label: 'Moderation' },
  ];
  if (role === 'super_admin') tabs.push({ id: 'settings', label: 'Settings' });
  return tabs;
}

/** Spec 001 §5, §6: the bottle price and the platform settings are a super admin's. */
export const canEditPlatformSettings = (role: UserRole) => role === 'super_admin';

/** Only a super admin requires (or stops requiring) two-factor authentication of admins. */
export const canChangeSecurityPolicy = (role: UserRole) => role === 'super_admin';

/**
 * The server shut the admin views to this admin (403 with its reason, e.g. two-factor authentication
 * required by the security policy): its words, to show instead of the panel; null for anything else.
 */
export function adminRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 && error.detail ? error.detail : null;
}

/** Spec 001 §4, §6: only a super admin approves or rejects, and only a pending request. */
export const canProcessWithdrawal = (viewer: UserRole, withdrawal: Pick<AdminWithdrawal, 'status'>) =>
  viewer === 'super_admin' && withdrawal.status === 'pending';

/** Spec 001 §6: a super admin changes another member's role, never their own. */
export const canChangeRole = (viewer: { id: string; role: UserRole }, target: Pick<AdminUser, 'id'>) =>
  viewer.role === 'super_admin' && viewer.id !== target.id;

/** The roles a super admin may give the member: the three roles but the one they hold. */
export const roleChoices = (target: Pick<AdminUser, 'role'>): UserRole[] =>
  ROLES.filter((role) => role !== target.role);

/** Spec 001 §6: a super admin toggles the SuperAura flag on other members. */
export const canToggleSuperAura = (viewer: { id: string; role: UserRole }, target: Pick<AdminUser, 'id'>) =>
  viewer.role === 'super_admin' && viewer.id !== target.id;

/**
 * GET /api/admin/users: the list (role filter, 100) or, when there is search text, a search (20); a
 * page of the admin table in the chosen order.
 */
export function userListQuery(
  search: string,
  role: UserRoleFilter,
  order: UserOrder = DEFAULT_USER_ORDER,
  page = 0,
): UserListQuery {
  const text = search.trim();
  const paging: UserListPaging = { sort: order.sort, order: order.ascending ? 'asc' : 'desc' };
  const limit = text ? USER_SEARCH_LIMIT : USER_LIST_LIMIT;
  if (page > 0) paging.offset = page * limit;
  if (text) return { search: text, limit, ...paging };
  return { role, limit, ...paging };
}

export type UserSortColumn = NonNullable<UserListPaging['sort']>;
export interface UserOrder {
  sort: UserSortColumn;
  ascending: boolean;
}
/** Newest members first, as the list always was. */
export const DEFAULT_USER_ORDER: UserOrder = { sort: 'created_at', ascending: false };

export const USER_SORT_LABELS: Record<UserSortColumn, string> = {
  created_at: 'Joined',
  username: 'Member',
  aura_score: 'Aura',
  role: 'Role',
};

/** A click on a column's header: that column, first in its natural order, then the other way. */
export function nextUserOrder(current: UserOrder, column: UserSortColumn): UserOrder {
  if (current.sort === column) return { sort: column, ascending: !current.ascending };
  // Names read A→Z first; dates, scores and roles highest first.
  return { sort: column, ascending: column === 'username' };
}

/** How many pages `total` members fill, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A role or SuperAura change a super admin confirms, with what undoes it. */
export type UserChange =
  | { kind: 'role'; role: UserRole; previous: UserRole }
  | { kind: 'super-aura'; value: boolean; previous: boolean };

/** What the confirmation asks. */
export function confirmationOf(
  user: Pick<AdminUser, 'username'>,
  change: UserChange,
): { title: string; text: string; confirm: string } {
  if (change.kind === 'role') {
    const to = roleLabel(change.role);
    const effect =
      change.role === 'user'
        ? 'They lose access to the Admin Panel.'
        : change.role === 'admin'
          ? 'They can see the dashboard, withdrawals, users and support tickets.'
          : 'They can also approve withdrawals, change roles and edit the settings.';
    return {
      title: 'Change role',
      text: `Make @${user.username} ${to === 'Admin' ? 'an Admin' : `a ${to}`} (now ${roleLabel(change.previous)})? ${effect}`,
      confirm: `Make ${to}`,
    };
  }
  return change.value
    ? {
        title: 'Grant SuperAura',
        text: `Grant SuperAura to @${user.username} without a payment? They get every SuperAura benefit.`,
        confirm: 'Grant SuperAura',
      }
    : {
        title: 'Remove SuperAura',
        text: `Remove SuperAura from @${user.username}? They lose its benefits at once.`,
        confirm: 'Remove SuperAura',
      };
}

/** The change that puts things back as they were. */
export const undoOf = (change: UserChange): UserChange =>
  change.kind === 'role'
    ? { kind: 'role', role: change.previous, previous: change.role }
    : { kind: 'super-aura', value: change.previous, previous: change.value };

/** The notice after a change (the texts the panel always showed). */
export const changeNotice = (user: Pick<AdminUser, 'username'>, change: UserChange) =>
  change.kind === 'role'
    ? `@${user.username} is now ${roleLabel(change.role)}`
    : change.value
      ? `@${user.username} is now SuperAura`
      : `@${user.username} is no longer SuperAura`;

/** Spec 001 §4: an admin can mark a ticket resolved unless it already is. */
export const canResolve = (ticket: { status: string }) => ticketStatus(ticket.status) !== 'resolved';

/** Spec 001 §5: a ticket response must be non-empty. */
export const canSendResponse = (message: string) => message.trim().length > 0;

/** The text field holds a plain decimal number (no exponent, no sign). */
const DECIMAL = /^\d+(\.\d+)?$|^\.\d+$/;

/** Spec 001 §5: the genie bottle price, 50 to 1000 AC; null when valid. */
export function bottlePriceError(text: string): string | null {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return AdminTexts.priceRange;
  const price = Number(trimmed);
  return price >= BOTTLE_PRICE_MIN && price <= BOTTLE_PRICE_MAX ? null : AdminTexts.priceRange;
}

const decimals = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);

/** The Settings tab's other fields: minimum withdrawal ($1 to $10,000, cents), post reward (0 to 1 AC). */
export function settingsError(input: { minWithdrawalUsd: string; postRewardAc: string }): string | null {
  const min = input.minWithdrawalUsd.trim();
  if (!DECIMAL.test(min) || decimals(min) > 2 || Number(min) < 1 || Number(min) > 10_000) {
    return AdminTexts.minWithdrawalInvalid;
  }
  const reward = input.postRewardAc.trim();
  if (!DECIMAL.test(reward) || decimals(reward) > 3 || Number(reward) > 1)
    return AdminTexts.postRewardInvalid;
  return null;
}

/**
 * Spec 001 §8: the server's detail text is used when present. `withDetail` is false for the messages
 * the spec gives without one (SuperAura, ticket status, response).
 */
export function adminFailureMessage(error: unknown, fallback: string, withDetail = true): string {
  if (withDetail && error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

export interface StatCard {
  key: keyof AdminStats;
  label: string;
  value: string;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** The Dashboard: every field of spec 001 §3 "Admin dashboard stats", labelled and formatted. */
export function statCards(stats: AdminStats): StatCard[] {
  return [
    { key: 'total_users', label: 'Total Users', value: count(stats.total_users) },
    {
      key: 'new_registrations_24h',
      label: 'New Registrations (24h)',
      value: count(stats.new_registrations_24h),
    },
    { key: 'active_users_24h', label: 'Active Users (24h)', value: count(stats.active_users_24h) },
    { key: 'engagement_rate', label: 'Engagement Rate', value: `${stats.engagement_rate.toFixed(1)}%` },
    {
      key: 'daily_revenue',
      label: 'Daily Revenue',
      value: `$${stats.daily_revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    },
    {
      key: 'total_auracoin_distributed',
      label: 'AuraCoin Distributed',
      value: `${stats.total_auracoin_distributed.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} AC`,
    },
    { key: 'pending_withdrawals', label: 'Pending Withdrawals', value: count(stats.pending_withdrawals) },
    { key: 'open_support_tickets', label: 'Open Support Tickets', value: count(stats.open_support_tickets) },
    { key: 'total_posts_today', label: 'Posts Today', value: count(stats.total_posts_today) },
    { key: 'total_comments_today', label: 'Comments Today', value: count(stats.total_comments_today) },
    { key: 'total_stories_today', label: 'Stories Today', value: count(stats.total_stories_today) },
  ];
}

/** The dashboard's trend ranges, in days. */
export const TREND_RANGES = [
  { id: '7', label: '7 days', days: 7 },
  { id: '30', label: '30 days', days: 30 },
] as const;
export type TrendRange = (typeof TREND_RANGES)[number]['id'];

/** The figures the dashboard charts per day (GET /api/admin/dashboard/history). */
export const TREND_METRICS = [
  { id: 'new_registrations', label: 'New registrations' },
  { id: 'active_users', label: 'Active members' },
  { id: 'posts', label: 'Posts' },
  { id: 'comments', label: 'Comments' },
  { id: 'stories', label: 'Stories' },
  { id: 'revenue_usd', label: 'Revenue (USD)' },
] as const;
export type TrendMetric = (typeof TREND_METRICS)[number]['id'];

export const formatTrendValue = (metric: TrendMetric, value: number) =>
  metric === 'revenue_usd'
    ? `$${value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`
    : value.toLocaleString('en-US');
