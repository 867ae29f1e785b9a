import { Caller, Forbidden, LOGGER, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import type { User } from '../users/user';
import { UsersRepository } from '../users/users.repository';
import {
  AdminUserMessages,
  changeOf,
  listQueryOf,
  requireAdmin,
  requireSuperAdmin,
  searchPrefix,
  type UserListInput,
} from './admin-user-rules';

/** The admin panel's Users tab: the list and search (admins), role and SuperAura changes (super admin). */
@Injectable()
export class AdminUsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ProfileChangedAnnouncer) private readonly profiles: ProfileChangedAnnouncer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A page of the admin table and how many members match in all. */
  async list(caller: Caller | undefined, input: UserListInput): Promise<{ users: User[]; total: number }> {
    requireAdmin(caller);
    const query = listQueryOf(input);
    return this.users.listForAdmin({
      role: query.role,
      prefix: query.search ? searchPrefix(query.search) : null,
      limit: query.limit,
      sort: query.sort,
      ascending: query.ascending,
      offset: query.offset,
    });
  }

  async update(
    caller: Caller | undefined,
    targetId: string,
    input: { role?: string; isSuperAura?: boolean },
  ): Promise<User> {
    const admin = requireSuperAdmin(caller);
    const change = changeOf(admin, targetId, input);
    // The token's role may be stale (a super admin demoted since it was issued): ask the database.
    const current = await this.users.findById(admin.userId);
    if (current?.role !== 'super_admin') throw new Forbidden(AdminUserMessages.notSuperAdmin);
    const before = await this.users.findById(targetId);
    if (!before) throw new NotFound(AdminUserMessages.userNotFound);

    let after = await this.users.setAdminFields(targetId, change);
    if (!after) throw new NotFound(AdminUserMessages.userNotFound);
    if (before.role === 'super_admin' && change.role && change.role !== 'super_admin') {
      // Demote, then count: of two super admins demoting each other at once, at least one count sees
      // none left and puts its target back, so one always remains. (A transaction would not do: under
      // snapshot isolation each would still see the other super admin and both would commit.)
      if ((await this.users.countByRole('super_admin')) === 0) {
        await this.users.setAdminFields(targetId, { role: 'super_admin' });
        throw new RuleViolation(AdminUserMessages.lastSuperAdmin);
      }
    }
    after = (await this.users.findById(targetId)) ?? after;
    await this.profiles.announce(after, `admin-user:${randomUUID()}`);
    this.logger.info(
      { adminId: admin.userId, userId: targetId, role: change.role, isSuperAura: change.isSuperAura },
      'admin changed a member',
    );
    return after;
  }
}
