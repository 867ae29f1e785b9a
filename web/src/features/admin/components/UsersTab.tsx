// The Users tab (spec 001 §6, §9): the list by role (100) or a search (20), e-mail shown to admins; a
// super admin changes another member's role (never their own) and toggles their SuperAura flag.
import { useId, useState } from 'react';
import type { User, UserRole } from '../../../api/types';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { showToast } from '../../../ui/toast';
import { useDebouncedValue } from '../../explore/hooks/useDebouncedValue';
import {
  adminFailureMessage,
  AdminTexts,
  canChangeRole,
  canToggleSuperAura,
  roleChoices,
  roleLabel,
  ROLES,
  userListQuery,
} from '../admin';
import { useAdminUsers, useSetRole, useSetSuperAura } from '../hooks/useAdmin';
import type { AdminUser, UserRoleFilter } from '../types';
import styles from './Admin.module.css';
import { Badge, ErrorLine } from './parts';

const SEARCH_DELAY_MS = 300;

export function UsersTab({ viewer }: { viewer: User }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRoleFilter>('all');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const { data: users = [], isPending } = useAdminUsers(userListQuery(settledSearch, role));
  const ids = useId();

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
            onChange={(event) => setSearch(event.target.value)}
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
            onChange={(event) => setRole(event.target.value as UserRoleFilter)}
          >
            <option value="all">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isPending ? (
        <Spinner label="Loading users" />
      ) : users.length === 0 ? (
        <EmptyState icon="users" title="No users found" />
      ) : (
        <ul className={styles.list} aria-label="Users">
          {users.map((user) => (
            <UserItem key={user.id} user={user} viewer={viewer} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UserItem({ user, viewer }: { user: AdminUser; viewer: User }) {
  const setRole = useSetRole();
  const setSuperAura = useSetSuperAura();
  const [error, setError] = useState<string | null>(null);
  const busy = setRole.isPending || setSuperAura.isPending;

  const changeRole = (role: UserRole) => {
    setError(null);
    setRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => showToast(`@${user.username} is now ${roleLabel(role)}`),
        onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.roleFailed)),
      },
    );
  };
  const toggleSuperAura = () => {
    setError(null);
    const next = !user.is_super_aura;
    setSuperAura.mutate(
      { userId: user.id, isSuperAura: next },
      {
        onSuccess: () =>
          showToast(next ? `@${user.username} is now SuperAura` : `@${user.username} is no longer SuperAura`),
        onError: (failure) => setError(adminFailureMessage(failure, AdminTexts.superAuraFailed, false)),
      },
    );
  };

  return (
    <li className={styles.item} aria-label={`@${user.username}`}>
      <div className={styles.row}>
        <div className={styles.who}>
          <Avatar username={user.username} src={user.profile_picture} auraScore={user.aura_score} />
          <div>
            <p className={styles.name}>
              {user.display_name || user.username} {user.is_super_aura ? <SuperAuraBadge compact /> : null}
            </p>
            <p className={styles.meta}>
              @{user.username}
              {user.email ? ` · ${user.email}` : ''}
              {user.aura_score === undefined ? '' : ` · aura ${user.aura_score}`}
            </p>
          </div>
        </div>
        <Badge tone={user.role}>{roleLabel(user.role)}</Badge>
      </div>
      {canChangeRole(viewer, user) || canToggleSuperAura(viewer, user) ? (
        <div className={styles.actions}>
          {canChangeRole(viewer, user)
            ? roleChoices(user).map((role) => (
                <button
                  key={role}
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy}
                  onClick={() => changeRole(role)}
                >
                  Make {roleLabel(role)}
                </button>
              ))
            : null}
          {canToggleSuperAura(viewer, user) ? (
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={toggleSuperAura}>
              {user.is_super_aura ? 'Remove SuperAura' : 'Grant SuperAura'}
            </button>
          ) : null}
        </div>
      ) : null}
      <ErrorLine error={error} />
    </li>
  );
}
