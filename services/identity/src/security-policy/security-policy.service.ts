import { Caller, Forbidden, LOGGER, RuleViolation, Unauthenticated } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AdminUserMessages, requireAdmin, requireSuperAdmin } from '../admin-users/admin-user-rules';
import type { Restriction } from '../restrictions/restriction';
import { SecondFactor } from '../two-factor/second-factor';
import { UsersRepository } from '../users/users.repository';
import { SecurityPolicy, SecurityPolicyRepository } from './security-policy.repository';

export const OWN_TWO_FACTOR_FIRST =
  'Turn on two-factor authentication for your own account before requiring it of admins';

const isAdminRole = (role: string) => role === 'admin' || role === 'super_admin';

/** What a member may reach right now: their role, and whether the policy holds them out of admin views. */
export interface Access {
  role: string;
  twoFactorMissing: boolean;
  /** A suspension or ban in force. */
  restriction: Restriction | null;
}

/**
 * Whether admins must have a second factor (a super admin's setting), and what that means for one
 * member: an admin without it keeps their member views but not the admin ones.
 */
@Injectable()
export class SecurityPolicyService {
  constructor(
    @Inject(SecurityPolicyRepository) private readonly policies: SecurityPolicyRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SecondFactor) private readonly secondFactor: SecondFactor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(caller: Caller | undefined): Promise<SecurityPolicy> {
    requireAdmin(caller);
    return this.policies.get();
  }

  async set(caller: Caller | undefined, policy: SecurityPolicy): Promise<SecurityPolicy> {
    const admin = requireSuperAdmin(caller);
    // The token's role may be stale: a super admin demoted since it was issued must not change it.
    const current = await this.users.findById(admin.userId);
    if (current?.role !== 'super_admin') throw new Forbidden(AdminUserMessages.notSuperAdmin);
    // Requiring it while lacking it would lock the caller out of the panel they set it from.
    if (policy.requireAdminTwoFactor && !(await this.secondFactor.isOn(admin.userId)))
      throw new RuleViolation(OWN_TWO_FACTOR_FIRST);
    const stored = await this.policies.set(policy, admin.userId);
    this.logger.info({ by: admin.userId, ...stored }, 'security policy changed');
    return stored;
  }

  /** The member's current role, and whether the policy keeps them from admin views. */
  async accessOf(userId: string): Promise<Access> {
    const user = await this.users.accessOf(userId);
    if (!user) throw new Unauthenticated('Not authenticated');
    const restriction = user.restriction;
    if (!isAdminRole(user.role)) return { role: user.role, twoFactorMissing: false, restriction };
    const [policy, hasSecondFactor] = await Promise.all([
      this.policies.get(),
      this.secondFactor.isOn(user.id),
    ]);
    return {
      role: user.role,
      twoFactorMissing: policy.requireAdminTwoFactor && !hasSecondFactor,
      restriction,
    };
  }
}
