import { Forbidden, NotFound, RuleViolation } from '@aura/platform';
import type { Logger } from 'pino';
import type { ProfileChangedAnnouncer } from '../users/profile-changed';
import type { User } from '../users/user';
import type { UsersRepository } from '../users/users.repository';
import { AdminUsersService } from './admin-users.service';

/** Members in memory, with the three calls the service makes; `between` runs between two of them. */
class MemoryUsers {
  readonly users = new Map<string, User>();
  between?: () => void;

  add(id: string, role: User['role']): void {
    this.users.set(id, { id, username: id, displayName: id, role, isSuperAura: false } as User);
  }

  async findById(id: string) {
    const user = this.users.get(id);
    return user ? { ...user } : null;
  }

  async setAdminFields(id: string, change: { role?: User['role']; isSuperAura?: boolean }) {
    const user = this.users.get(id);
    if (!user) return null;
    Object.assign(
      user,
      change.role ? { role: change.role } : {},
      change.isSuperAura !== undefined ? { isSuperAura: change.isSuperAura } : {},
    );
    const hook = this.between;
    this.between = undefined;
    hook?.();
    return { ...user };
  }

  async countByRole(role: User['role']) {
    return [...this.users.values()].filter((u) => u.role === role).length;
  }
}

function service(users: MemoryUsers) {
  const announced: string[] = [];
  const profiles = {
    announce: async (user: User) => void announced.push(user.id),
  } as unknown as ProfileChangedAnnouncer;
  const logger = { info: () => {} } as unknown as Logger;
  return { announced, admin: new AdminUsersService(users as unknown as UsersRepository, profiles, logger) };
}

const caller = (userId: string, role: User['role'] = 'super_admin') => ({ userId, role });

describe('AdminUsersService', () => {
  it('promotes and demotes, announcing each change', async () => {
    const users = new MemoryUsers();
    users.add('boss', 'super_admin');
    users.add('m', 'user');
    const { admin, announced } = service(users);
    expect((await admin.update(caller('boss'), 'm', { role: 'admin' })).role).toBe('admin');
    expect((await admin.update(caller('boss'), 'm', { isSuperAura: true })).isSuperAura).toBe(true);
    expect(announced).toEqual(['m', 'm']);
  });

  it('goes by the database role, not the token: a demoted super admin cannot change anyone', async () => {
    const users = new MemoryUsers();
    users.add('boss', 'super_admin');
    users.add('former', 'admin');
    users.add('m', 'user');
    const { admin } = service(users);
    await expect(admin.update(caller('former'), 'm', { role: 'admin' })).rejects.toThrow(Forbidden);
    await expect(admin.update(caller('m', 'admin'), 'm', { role: 'admin' })).rejects.toThrow(Forbidden);
    await expect(admin.update(caller('boss'), 'ghost', { role: 'admin' })).rejects.toThrow(NotFound);
  });

  it('keeps one super admin when two demote each other at the same time', async () => {
    const users = new MemoryUsers();
    users.add('a', 'super_admin');
    users.add('b', 'super_admin');
    const { admin } = service(users);
    // Step by step, interleaved: both pass their role check before either writes.
    const [first, other] = await Promise.all([
      admin.update(caller('a'), 'b', { role: 'user' }).catch((error) => error),
      admin.update(caller('b'), 'a', { role: 'user' }).catch((error) => error),
    ]);
    const outcomes = [first, other];
    expect(await users.countByRole('super_admin')).toBeGreaterThanOrEqual(1);
    expect(outcomes.some((o) => o instanceof RuleViolation)).toBe(true);
  });
});
