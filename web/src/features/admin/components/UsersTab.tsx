// The Users tab (spec 001 §6, §9): the list by role (100 a page) or a search (20 a page), e-mail shown to
// admins, as a table ordered by a column and paged on the server (GET /api/admin/users sort, order,
// offset; X-Total-Count). A super admin changes another member's role (never their own) and toggles their
// SuperAura flag: each change is confirmed first and can be undone right after.
import { useId, useState } from 'react';
import type { User } from '../../../api/types';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/icons';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Spinner } from '../../../ui/Spinner';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import {
  adminFailureMessage,
  AdminTexts,
  canChangeRole,
  canToggleSuperAura,
  changeNotice,
  confirmationOf,
  DEFAULT_USER_ORDER,
  nextUserOrder,
  pageCount,
  roleChoices,
  roleLabel,
  ROLES,
  undoOf,
  USER_LIST_LIMIT,
  USER_SEARCH_LIMIT,
  USER_SORT_LABELS,
  userListQuery,
  type UserChange,
  type UserOrder,
  type UserSortColumn,
} from '../admin';
import { useAdminUsers, useSetRole, useSetSuperAura } from '../hooks/useAdmin';
import type { AdminUser, UserRoleFilter } from '../types';
import styles from '../../../ui/Admin.module.css';
import { Badge, ErrorLine, formatDate } from './parts';

const SEARCH_DELAY_MS = 300;
/** Keep in step with Admin.module.css: below this the table shows one card per member. */
const NARROW_TABLE = '(max-width: 699px)';

interface Pending {
  user: AdminUser;
  change: UserChange;
}

export function UsersTab({ viewer }: { viewer: User }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRoleFilter>('all');
  const [order, setOrder] = useState<UserOrder>(DEFAULT_USER_ORDER);
  const [page, setPage] = useState(0);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const list = useAdminUsers(userListQuery(settledSearch, role, order, page));
  const users = list.data?.users ?? [];
  const total = list.data?.total ?? 0;
  const pageSize = settledSearch.trim() ? USER_SEARCH_LIMIT : USER_LIST_LIMIT;
  const pages = pageCount(total, pageSize);
  const ids = useId();

  const [asking, setAsking] = useState<Pending | null>(null);
  /** The last change made, with Undo until it is undone. */
  const [done, setDone] = useState<(Pending & { undone: boolean }) | null>(null);
  const [error, setError] = useState<{ userId: string; text: string } | null>(null);
  const setUserRole = useSetRole();
  const setSuperAura = useSetSuperAura();
  const busy = setUserRole.isPending || setSuperAura.isPending;

  const apply = (pending: Pending, after: (applied: Pending) => void) => {
    const { user, change } = pending;
    setError(null);
    const failed = (failure: unknown) =>
      setError({
        userId: user.id,
        text:
          change.kind === 'role'
            ? adminFailureMessage(failure, AdminTexts.roleFailed)
            : adminFailureMessage(failure, AdminTexts.superAuraFailed, false),
      });
    if (change.kind === 'role')
      setUserRole.mutate(
        { userId: user.id, role: change.role },
        { onSuccess: () => after(pending), onError: failed },
      );
    else
      setSuperAura.mutate(
        { userId: user.id, isSuperAura: change.value },
        { onSuccess: () => after(pending), onError: failed },
      );
  };

  const confirm = () => {
    if (!asking) return;
    apply(asking, (applied) => setDone({ ...applied, undone: false }));
    setAsking(null);
  };
  const undo = () => {
    if (!done) return;
    apply({ user: done.user, change: undoOf(done.change) }, (applied) =>
      setDone({ ...applied, undone: true }),
    );
  };

  const sortBy = (column: UserSortColumn) => {
    setOrder((current) => nextUserOrder(current, column));
    setPage(0);
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-search`}>
            Search users
          </label>
          <input
            id={`${ids}-search`}
            className={styles.input}
            type="search"
            placeholder="Username, name or e-mail"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-role`}>
            Role
          </label>
          <select
            id={`${ids}-role`}
            className={styles.select}
            value={role}
            disabled={search.trim() !== ''}
            onChange={(event) => {
              setRole(event.target.value as UserRoleFilter);
              setPage(0);
            }}
          >
            <option value="all">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-sort`}>
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            className={styles.select}
            value={`${order.sort}:${order.ascending ? 'asc' : 'desc'}`}
            onChange={(event) => {
              const [sort, direction] = event.target.value.split(':') as [UserSortColumn, string];
              setOrder({ sort, ascending: direction === 'asc' });
              setPage(0);
            }}
          >
            <option value="created_at:desc">Newest first</option>
            <option value="created_at:asc">Oldest first</option>
            <option value="username:asc">Username A–Z</option>
            <option value="username:desc">Username Z–A</option>
            <option value="aura_score:desc">Highest aura</option>
            <option value="aura_score:asc">Lowest aura</option>
            <option value="role:desc">Role</option>
          </select>
        </div>
      </div>

      {done ? (
        <div className={styles.changeBar} role="status">
          <span>{changeNotice(done.user, done.change)}</span>
          {done.undone ? null : (
            <button type="button" className="btn btn-ghost" onClick={undo} disabled={busy}>
              <Icon name="undo" size={16} /> Undo
            </button>
          )}
        </div>
      ) : null}

      {list.isPending ? (
        <Spinner label="Loading users" />
      ) : users.length === 0 ? (
        <EmptyState icon="users" title="No users found" />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-label="Users" aria-describedby={`${ids}-count`}>
            <thead>
              <tr>
                <SortHeader column="username" order={order} onSort={sortBy} />
                <SortHeader column="role" order={order} onSort={sortBy} />
                <SortHeader column="aura_score" order={order} onSort={sortBy} />
                <SortHeader column="created_at" order={order} onSort={sortBy} />
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  viewer={viewer}
                  busy={busy}
                  error={error?.userId === user.id ? error.text : null}
                  onChange={(change) => setAsking({ user, change })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className={styles.pager} aria-label="Users pages">
        <p id={`${ids}-count`} className={styles.meta}>
          {list.data ? `Page ${page + 1} of ${pages} · ${total.toLocaleString('en-US')} users` : ''}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page === 0 || list.isFetching}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          >
            <Icon name="chevron-left" size={16} /> Previous
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page + 1 >= pages || list.isFetching}
            onClick={() => setPage((p) => p + 1)}
          >
            Next <Icon name="chevron-right" size={16} />
          </button>
        </div>
      </nav>

      {asking ? (
        <ConfirmChange pending={asking} onConfirm={confirm} onCancel={() => setAsking(null)} />
      ) : null}
    </div>
  );
}

function SortHeader({
  column,
  order,
  onSort,
}: {
  column: UserSortColumn;
  order: UserOrder;
  onSort: (column: UserSortColumn) => void;
}) {
  const active = order.sort === column;
  // Below 700 px the header row is read by screen readers only; the Sort by select orders the cards.
  const narrow = useMediaQuery(NARROW_TABLE);
  return (
    <th scope="col" aria-sort={active ? (order.ascending ? 'ascending' : 'descending') : undefined}>
      {narrow ? (
        USER_SORT_LABELS[column]
      ) : (
        <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
          {USER_SORT_LABELS[column]}
          <Icon name="sort" size={14} className={active ? styles.sortActive : styles.sortIdle} />
        </button>
      )}
    </th>
  );
}

function UserRow({
  user,
  viewer,
  busy,
  error,
  onChange,
}: {
  user: AdminUser;
  viewer: User;
  busy: boolean;
  error: string | null;
  onChange: (change: UserChange) => void;
}) {
  const roles = canChangeRole(viewer, user);
  const superAura = canToggleSuperAura(viewer, user);
  return (
    <tr aria-label={`@${user.username}`}>
      <td data-label="Member">
        <div className={styles.who}>
          <Avatar username={user.username} src={user.profile_picture} auraScore={user.aura_score} size="sm" />
          <div className={styles.whoText}>
            <p className={styles.name}>
              {user.display_name || user.username} {user.is_super_aura ? <SuperAuraBadge compact /> : null}
            </p>
            <p className={styles.meta}>
              @{user.username}
              {user.email ? ` · ${user.email}` : ''}
            </p>
          </div>
        </div>
      </td>
      <td data-label="Role">
        <Badge tone={user.role}>{roleLabel(user.role)}</Badge>
      </td>
      <td data-label="Aura" className={styles.number}>
        {user.aura_score ?? ''}
      </td>
      <td data-label="Joined" className={styles.meta}>
        {formatDate(user.created_at)}
      </td>
      <td data-label="Actions">
        {roles || superAura ? (
          <div className={styles.rowActions}>
            {roles
              ? roleChoices(user).map((role) => (
                  <button
                    key={role}
                    type="button"
                    className={`btn btn-ghost ${styles.small}`}
                    disabled={busy}
                    onClick={() => onChange({ kind: 'role', role, previous: user.role })}
                  >
                    Make {roleLabel(role)}
                  </button>
                ))
              : null}
            {superAura ? (
              <button
                type="button"
                className={`btn btn-ghost ${styles.small}`}
                disabled={busy}
                onClick={() =>
                  onChange({ kind: 'super-aura', value: !user.is_super_aura, previous: user.is_super_aura })
                }
              >
                {user.is_super_aura ? 'Remove SuperAura' : 'Grant SuperAura'}
              </button>
            ) : null}
          </div>
        ) : null}
        <ErrorLine error={error} />
      </td>
    </tr>
  );
}

function ConfirmChange({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: Pending;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { title, text, confirm } = confirmationOf(pending.user, pending.change);
  return (
    <ConfirmDialog title={title} confirmLabel={confirm} onConfirm={onConfirm} onCancel={onCancel}>
      <p>{text}</p>
    </ConfirmDialog>
  );
}
