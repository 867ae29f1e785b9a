import { Caller, Forbidden, InvalidInput, Role, RuleViolation } from '@aura/platform';

// Spec 001 §6: admins see the user list; only a super admin changes roles and SuperAura flags,
// never their own role, and at least one super admin always remains (PRODUCT-DECISIONS.md).

export const ROLES: readonly Role[] = ['user', 'admin', 'super_admin'];
export const LIST_LIMIT_MAX = 100;
export const SEARCH_LIMIT_MAX = 20;

export const AdminUserMessages = {
  notAdmin: 'Admin access required',
  notSuperAdmin: 'Super admin access required',
  ownRole: 'You cannot change your own role',
  lastSuperAdmin: 'At least one super admin must remain',
  badRole: 'Role must be one of user, admin, super_admin',
  nothingToChange: 'Nothing to update: give a role or is_super_aura',
  userNotFound: 'User not found',
} as const;

export function isAdmin(caller: Caller | undefined): boolean {
  return caller?.role === 'admin' || caller?.role === 'super_admin';
}

export function requireAdmin(caller: Caller | undefined): Caller {
  if (!caller || !isAdmin(caller)) throw new Forbidden(AdminUserMessages.notAdmin);
  return caller;
}

export function requireSuperAdmin(caller: Caller | undefined): Caller {
  if (!caller || caller.role !== 'super_admin') throw new Forbidden(AdminUserMessages.notSuperAdmin);
  return caller;
}

export interface UserListQuery {
  /** null: every role. */
  role: Role | null;
  search: string;
  limit: number;
}

/** The list query: by role (at most 100), or by search text (at most 20, the spec's admin search). */
export function listQueryOf(input: { role?: string; search?: string; limit?: number }): UserListQuery {
  const search = (input.search ?? '').trim();
  const roleText = (input.role ?? '').trim();
  if (roleText && roleText !== 'all' && !ROLES.includes(roleText as Role))
    throw new InvalidInput(AdminUserMessages.badRole);
  const max = search ? SEARCH_LIMIT_MAX : LIST_LIMIT_MAX;
  const asked = Number(input.limit ?? 0);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, max) : max;
  return { role: roleText && roleText !== 'all' ? (roleText as Role) : null, search, limit };
}

export interface UserChange {
  role?: Role;
  isSuperAura?: boolean;
}

/** What a super admin asks to change, checked before anything is read. */
export function changeOf(
  caller: Caller,
  targetId: string,
  input: { role?: string; isSuperAura?: boolean },
): UserChange {
  const change: UserChange = {};
  if (input.role !== undefined) {
    if (!ROLES.includes(input.role as Role)) throw new InvalidInput(AdminUserMessages.badRole);
    if (targetId === caller.userId) throw new RuleViolation(AdminUserMessages.ownRole);
    change.role = input.role as Role;
  }
  if (input.isSuperAura !== undefined) change.isSuperAura = input.isSuperAura;
  if (change.role === undefined && change.isSuperAura === undefined)
    throw new InvalidInput(AdminUserMessages.nothingToChange);
  return change;
}

/**
 * Search text as a prefix of a lower-cased name or e-mail (regex metacharacters escaped). A prefix,
 * not "contains": an anchored regex on a lower-cased copy is a range scan of its index, where a
 * substring match would read every member.
 */
export function searchPrefix(text: string): RegExp {
  return new RegExp(`^${text.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
