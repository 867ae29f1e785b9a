import { ApiError } from '../../api/errors';
import {
  adminFailureMessage,
  adminRefusal,
  AdminTexts,
  adminTabs,
  bottlePriceError,
  canChangeRole,
  canChangeSecurityPolicy,
  canEditPlatformSettings,
  canProcessWithdrawal,
  canResolve,
  canSendResponse,
  canToggleSuperAura,
  roleChoices,
  roleLabel,
  settingsError,
  statCards,
  changeNotice,
  confirmationOf,
  nextUserOrder,
  pageCount,
  undoOf,
  userListQuery,
} from './admin';
import type { AdminStats } from './types';

const superAdmin = { id: 's1', role: 'super_admin' as const };
const admin = { id: 'a1', role: 'admin' as const };

describe('tabs (spec 001 §2, §6)', () => {
  it('gives a super admin every tab, Settings included', () => {
    expect(adminTabs('super_admin').map((tab) => tab.label)).toEqual([
      'Dashboard',
      'Withdrawals',
      'Users',
      'Support',
      'Moderation',
      'Settings',
    ]);
  });

  it('gives an admin every tab but Settings, and a member none', () => {
    expect(adminTabs('admin').map((tab) => tab.label)).toEqual([
      'Dashboard',
      'Withdrawals',
      'Users',
      'Support',
      'Moderation',
    ]);
    expect(canEditPlatformSettings('admin')).toBe(false);
    expect(canChangeSecurityPolicy('admin')).toBe(false);
    expect(canEditPlatformSettings('super_admin')).toBe(true);
    expect(canChangeSecurityPolicy('super_admin')).toBe(true);
    expect(adminTabs('user')).toEqual([]);
  });

  it('shows the server reason when it shuts the admin views', () => {
    const shut = ApiError.fromResponse(403, { detail: AdminTexts.twoFactorRequired });
    expect(adminRefusal(shut)).toBe(AdminTexts.twoFactorRequired);
    expect(adminRefusal(ApiError.fromResponse(403, {}))).toBeNull();
    expect(adminRefusal(ApiError.fromResponse(500, { detail: 'x' }))).toBeNull();
    expect(adminRefusal(new Error('x'))).toBeNull();
  });
});

describe('withdrawals (spec 001 §4, §6)', () => {
  it('lets only a super admin process, and only a pending request', () => {
    expect(canProcessWithdrawal('super_admin', { status: 'pending' })).toBe(true);
    expect(canProcessWithdrawal('super_admin', { status: 'approved' })).toBe(false);
    expect(canProcessWithdrawal('super_admin', { status: 'rejected' })).toBe(false);
    expect(canProcessWithdrawal('admin', { status: 'pending' })).toBe(false);
    expect(canProcessWithdrawal('user', { status: 'pending' })).toBe(false);
  });
});

describe('users (spec 001 §6, §9)', () => {
  it("lets a super admin change another member's role, never their own, and no admin at all", () => {
    expect(canChangeRole(superAdmin, { id: 'm1' })).toBe(true);
    expect(canChangeRole(superAdmin, { id: 's1' })).toBe(false);
    expect(canChangeRole(admin, { id: 'm1' })).toBe(false);
  });

  it('offers the roles the member does not hold', () => {
    expect(roleChoices({ role: 'user' })).toEqual(['admin', 'super_admin']);
    expect(roleChoices({ role: 'admin' })).toEqual(['user', 'super_admin']);
    expect(roleChoices({ role: 'super_admin' })).toEqual(['user', 'admin']);
    expect(roleLabel('super_admin')).toBe('Super Admin');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('user')).toBe('User');
  });

  it('lets a super admin toggle SuperAura on others only', () => {
    expect(canToggleSuperAura(superAdmin, { id: 'm1' })).toBe(true);
    expect(canToggleSuperAura(superAdmin, { id: 's1' })).toBe(false);
    expect(canToggleSuperAura(admin, { id: 'm1' })).toBe(false);
  });

  it('lists by role with 100, or searches the trimmed text with 20', () => {
    const newest = { sort: 'created_at', order: 'desc' };
    expect(userListQuery('', 'all')).toEqual({ role: 'all', limit: 100, ...newest });
    expect(userListQuery('   ', 'admin')).toEqual({ role: 'admin', limit: 100, ...newest });
    expect(userListQuery(' ali ', 'admin')).toEqual({ search: 'ali', limit: 20, ...newest });
  });

  it('pages the table in the chosen order', () => {
    expect(userListQuery('', 'all', { sort: 'aura_score', ascending: true }, 2)).toEqual({
      role: 'all',
      limit: 100,
      sort: 'aura_score',
      order: 'asc',
      offset: 200,
    });
    expect(userListQuery('ali', 'all', { sort: 'username', ascending: false }, 1)).toMatchObject({
      search: 'ali',
      limit: 20,
      offset: 20,
    });
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(201, 100)).toBe(3);
  });

  it('sorts a new column in its natural order first, the same column the other way', () => {
    const newest = { sort: 'created_at', ascending: false } as const;
    expect(nextUserOrder(newest, 'username')).toEqual({ sort: 'username', ascending: true });
    expect(nextUserOrder(newest, 'aura_score')).toEqual({ sort: 'aura_score', ascending: false });
    expect(nextUserOrder(newest, 'created_at')).toEqual({ sort: 'created_at', ascending: true });
  });

  it('confirms role and SuperAura changes, and knows what undoes them', () => {
    const who = { username: 'nova' };
    const promote = { kind: 'role', role: 'admin', previous: 'user' } as const;
    expect(confirmationOf(who, promote)).toMatchObject({ title: 'Change role', confirm: 'Make Admin' });
    expect(confirmationOf(who, promote).text).toContain('Make @nova an Admin (now User)?');
    expect(undoOf(promote)).toEqual({ kind: 'role', role: 'user', previous: 'admin' });
    expect(changeNotice(who, promote)).toBe('@nova is now Admin');
    const grant = { kind: 'super-aura', value: true, previous: false } as const;
    expect(confirmationOf(who, grant).confirm).toBe('Grant SuperAura');
    expect(changeNotice(who, undoOf(grant))).toBe('@nova is no longer SuperAura');
  });
});

describe('tickets (spec 001 §4, §5)', () => {
  it('resolves anything not already resolved; an unknown state reads as resolved', () => {
    expect(canResolve({ status: 'open' })).toBe(true);
    expect(canResolve({ status: 'in_progress' })).toBe(true);
    expect(canResolve({ status: 'resolved' })).toBe(false);
    expect(canResolve({ status: 'closed' })).toBe(false);
  });

  it('sends only a non-empty response', () => {
    expect(canSendResponse('')).toBe(false);
    expect(canSendResponse('  \n ')).toBe(false);
    expect(canSendResponse('On it')).toBe(true);
  });
});

describe('settings (spec 001 §5)', () => {
  it('accepts a bottle price from 50 to 1000 AC', () => {
    for (const ok of ['50', '1000', '300', '299.5', ' 75 ']) expect(bottlePriceError(ok)).toBeNull();
    for (const bad of ['49.9', '1000.1', '0', '', 'abc', '-60', '1e3']) {
      expect(bottlePriceError(bad)).toBe('Genie bottle price must be between 50 and 1000 AuraCoin');
    }
  });

  it('checks the minimum withdrawal ($1 to $10,000, cents) and the post reward (0 to 1 AC, 0.001 steps)', () => {
    expect(settingsError({ minWithdrawalUsd: '10', postRewardAc: '0.001' })).toBeNull();
    expect(settingsError({ minWithdrawalUsd: '12.50', postRewardAc: '0' })).toBeNull();
    expect(settingsError({ minWithdrawalUsd: '1', postRewardAc: '1' })).toBeNull();
    expect(settingsError({ minWithdrawalUsd: '10000', postRewardAc: '0.5' })).toBeNull();
    for (const min of ['0', '0.99', '10000.01', '10.001', '', 'ten']) {
      expect(settingsError({ minWithdrawalUsd: min, postRewardAc: '0.01' })).toBe(
        'Minimum withdrawal must be between $1 and $10,000 (whole cents)',
      );
    }
    for (const reward of ['-1', '1.001', '0.0001', '', '2']) {
      expect(settingsError({ minWithdrawalUsd: '10', postRewardAc: reward })).toBe(
        'Post reward must be between 0 and 1 AuraCoin, in steps of 0.001',
      );
    }
  });
});

describe('error messages (spec 001 §8)', () => {
  const withDetail = ApiError.fromResponse(400, { detail: 'Cannot change your own role' });
  const bare = ApiError.fromResponse(500, {});

  it('are the exact catalogue texts', () => {
    expect(AdminTexts).toMatchObject({
      processFailed: 'Failed to process withdrawal',
      roleFailed: 'Failed to update user role',
      superAuraFailed: 'Failed to update SuperAura status',
      ticketStatusFailed: 'Failed to update ticket status',
      respondFailed: 'Failed to send response',
      priceFailed: 'Failed to update genie bottle price',
    });
  });

  it("use the server's detail when there is one, else the action's message", () => {
    expect(adminFailureMessage(withDetail, AdminTexts.roleFailed)).toBe('Cannot change your own role');
    expect(adminFailureMessage(bare, AdminTexts.roleFailed)).toBe('Failed to update user role');
    expect(adminFailureMessage(new Error('x'), AdminTexts.processFailed)).toBe(
      'Failed to process withdrawal',
    );
  });

  it('keep the fixed message where the spec gives no detail', () => {
    expect(adminFailureMessage(withDetail, AdminTexts.superAuraFailed, false)).toBe(
      'Failed to update SuperAura status',
    );
  });
});

describe('dashboard (spec 001 §3)', () => {
  it('shows every stats field', () => {
    const stats: AdminStats = {
      total_users: 1234,
      new_registrations_24h: 12,
      engagement_rate: 42.25,
      active_users_24h: 321,
      daily_revenue: 1999.5,
      total_auracoin_distributed: 12345.6789,
      pending_withdrawals: 3,
      open_support_tickets: 4,
      total_posts_today: 50,
      total_comments_today: 60,
      total_stories_today: 7,
    };
    const cards = statCards(stats);
    expect(cards.map((card) => card.key).sort()).toEqual(Object.keys(stats).sort());
    expect(Object.fromEntries(cards.map((card) => [card.key, card.value]))).toEqual({
      total_users: '1,234',
      new_registrations_24h: '12',
      engagement_rate: '42.3%',
      active_users_24h: '321',
      daily_revenue: '$1,999.50',
      total_auracoin_distributed: '12,345.679 AC',
      pending_withdrawals: '3',
      open_support_tickets: '4',
      total_posts_today: '50',
      total_comments_today: '60',
      total_stories_today: '7',
    });
  });
});
