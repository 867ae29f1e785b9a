import { isDuplicateKeyError, RuleViolation } from '@aura/platform';
import type { Logger } from 'pino';
import type { AuthService } from '../auth/auth.service';
import type { IdentityConfig } from '../config';
import type { UsersRepository } from '../users/users.repository';

/**
 * At every start: creates the configured super admin when no member of that name exists.
 * An existing member of that name is left as it is (their password and role are theirs).
 */
export async function ensureSuperAdmin(
  config: IdentityConfig,
  users: UsersRepository,
  auth: AuthService,
  logger: Logger,
): Promise<void> {
  const username = config.AURA_SUPER_ADMIN_USERNAME;
  if (await users.findByUsername(username)) return;
  try {
    await users.create({
      username,
      email: config.AURA_SUPER_ADMIN_EMAIL,
      displayName: username,
      passwordHash: await auth.hashPassword(config.AURA_SUPER_ADMIN_PASSWORD),
      role: 'super_admin',
    });
    logger.info({ username }, 'super admin created');
  } catch (error) {
    // Another instance created it at the same moment.
    if (error instanceof RuleViolation || isDuplicateKeyError(error)) return;
    throw error;
  }
}
