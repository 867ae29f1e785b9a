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
  badSort: 'sort must be created_at, username, aura_score or role',
  badOffset: 'offset must be an integer from 0 to 10000',
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

/** The admin table's sortable columns. */
export const LIST_SORTS = ['created_at', 'username', 'aura_score', 'role'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** Paging goes this deep at most (a search narrows further). */
export const LIST_OFFSET_MAX = 10_000;

export interface UserListQuery {
  /** null: every role. */
  role: Role | null;
  search: string;
  limit: number;
  sort: ListSort;
  ascending: boolean;
  offset: number;
}

/**
 * The list query: by role (at most 100), or by search text (at most 20, the spec's admin search);
 * newest first unless another column or order is asked for; `offset` members skipped (paging).
 */
export interface UserListInput {
  role?: string;
  search?: string;
  limit?: number;
  sort?: string;
  ascending?: boolean;
  offset?: number;
}

export function listQueryOf(input: UserListInput): UserListQuery {
  const search = (input.search ?? '').trim();
  const roleText = (input.role ?? '').trim();
  if (roleText && roleText !== 'all' && !ROLES.includes(roleText as Role))
    throw new InvalidInput(AdminUserMessages.badRole);
  const max = search ? SEARCH_LIMIT_MAX : LIST_LIMIT_MAX;
  const asked = Number(input.limit ?? 0);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, max) : max;
  const sortText = (input.sort ?? '').trim() || 'created_at';
  if (!LIST_SORTS.includes(sortText as ListSort)) throw new InvalidInput(AdminUserMessages.badSort);
  const skip = Number(input.offset ?? 0);
  if (!Number.isInteger(skip) || skip < 0 || skip > LIST_OFFSET_MAX)
    throw new InvalidInput(AdminUserMessages.badOffset);
  return {
    role: roleText && roleText !== 'all' ? (roleText as Role) : null,
    search,
    limit,
    sort: sortText as ListSort,
    ascending: input.ascending === true,
    offset: skip,
  };
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
