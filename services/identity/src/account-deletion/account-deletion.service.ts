import {
  CONFIG,
  createEvent,
  Forbidden,
  LOGGER,
  PeriodicTasks,
  RuleViolation,
  RUNTIME,
  ServiceRuntime,
} from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { AuthService } from '../auth/auth.service';
import type { IdentityConfig } from '../config';
import { UsersRepository } from '../users/users.repository';
import { deletionDueAt, erasedProfile, formerUsernameOf } from './account-deletion';

const SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 100;
export const TEST_CLOCK_OFF = 'The test clock is off here (production)';
export const ADMINS_STAY = 'An admin account cannot be deleted: ask a super admin to change your role first';

/**
 * Leaving (issue 21 §5, docs/account-deletion.md). A member asks with their password: every session
 * ends, and 30 days later the account is erased, unless they sign in before (AuthService cancels it).
 * Erasing turns the member's document into a tombstone with the same id (the ledger's entries name
 * only that id, so every balance still adds up) and publishes user.profile_changed (the anonymous
 * profile, for every projection) and user.deleted (every service erases what it keeps of theirs,
 * identity included: AccountErasureConsumer).
 */
@Injectable()
export class AccountDeletionService implements OnModuleDestroy {
  private readonly sweeper: PeriodicTasks;

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sweeper = new PeriodicTasks(
      [{ name: 'account deletion sweep', everyMs: SWEEP_INTERVAL_MS, run: () => this.eraseDue(new Date()) }],
      logger,
    );
  }

  async schedule(userId: string, password: string): Promise<{ deleteAt: Date; endedSessionIds: string[] }> {
    const user = await this.auth.verifyPassword(userId, password);
    // The panel always keeps its admins (and the one super admin it must have).
    if (user.role !== 'user') throw new RuleViolation(ADMINS_STAY);
    const now = new Date();
    const deleteAt = deletionDueAt(now);
    await this.users.scheduleDeletion(userId, now, deleteAt);
    const endedSessionIds = await this.auth.endOtherSessions(userId, '');
    this.logger.info(
      { userId, deleteAt, sessionsEnded: endedSessionIds.length },
      'account deletion scheduled',
    );
    return { deleteAt, endedSessionIds };
  }

  /** Erases every account due by `asOf`; answers whose. */
  async eraseDue(asOf: Date): Promise<string[]> {
    const erased: string[] = [];
    for (;;) {
      const due = await this.users.dueForDeletion(asOf, SWEEP_BATCH);
      let progressed = false;
      for (const userId of due) {
        if (!(await this.erase(userId, asOf))) continue;
        erased.push(userId);
        progressed = true;
      }
      if (due.length < SWEEP_BATCH || !progressed) return erased;
    }
  }

  /** The test clock (development and test only): erases what would be due at `asOf`. */
  runAt(asOf: Date): Promise<string[]> {
    if (this.config.AURA_ENV === 'production') throw new Forbidden(TEST_CLOCK_OFF);
    return this.eraseDue(asOf);
  }

  start(): void {
    this.sweeper.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }

  private async erase(userId: string, asOf: Date): Promise<boolean> {
    const user = await this.users.findById(userId);
    if (!user) return false;
    const profile = erasedProfile(userId);
    const at = asOf.toISOString();
    const events = [
      createEvent(this.runtime.service, 'user.profile_changed', userId, {
        userId,
        username: profile.username,
        displayName: profile.display_name,
        profilePicture: '',
        auraScore: user.auraScore,
        role: user.role,
        isSuperAura: false,
        bio: '',
        changedAt: at,
      }),
      createEvent(this.runtime.service, 'user.deleted', userId, { userId, deletedAt: at }),
    ];
    const tombstone = {
      ...profile,
      is_super_aura: false,
      former_username: formerUsernameOf(user.username, asOf),
    };
    const erased = await this.users.erase(userId, asOf, tombstone, events);
    if (erased) this.logger.info({ userId }, 'account erased');
    return erased;
  }
}
