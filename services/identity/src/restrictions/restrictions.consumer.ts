import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { adminEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AuthService } from '../auth/auth.service';
import { UsersRepository } from '../users/users.repository';
import type { StoredRestriction } from './restriction';

/**
 * Applies a moderator's suspension or ban to the member (moderation.action_taken from admin). The
 * latest action wins: a redelivered or older event finds a newer restriction and changes nothing. A
 * ban also ends every session; the gateway refuses the member's access tokens until they expire, and
 * no new session opens (AuthService). An admin's lift ends the restriction it names, if still in force.
 */
@Injectable()
export class RestrictionsConsumer {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'identity.restrictions',
      events: ['moderation.action_taken'],
      handler: (event) => this.handle(event),
    });
  }

  private async handle(event: DomainEvent): Promise<void> {
    const taken = event.payload as adminEvents.ModerationActionTaken;
    if (taken.action === 'lift') return this.lift(taken);
    if (taken.action !== 'suspend' && taken.action !== 'ban') return;
    const restriction: StoredRestriction = {
      kind: taken.action === 'ban' ? 'banned' : 'suspended',
      reason: taken.reason,
      until: taken.action === 'suspend' && taken.until ? new Date(taken.until) : null,
      action_id: taken.actionId,
      taken_at: new Date(taken.takenAt),
    };
    const applied = await this.users.restrict(taken.memberId, restriction);
    if (taken.action === 'ban') await this.auth.endOtherSessions(taken.memberId, '');
    this.logger.info(
      { userId: taken.memberId, action: taken.action, actionId: taken.actionId, applied },
      'moderation restriction',
    );
  }

  /** A suspension or ban ended early: a suspension that ended at the lift (no longer active). */
  private async lift(taken: adminEvents.ModerationActionTaken): Promise<void> {
    const at = new Date(taken.takenAt);
    const lifted = await this.users.liftRestriction(taken.memberId, taken.liftsActionId, {
      kind: 'suspended',
      reason: taken.reason,
      until: at,
      action_id: taken.actionId,
      taken_at: at,
    });
    this.logger.info(
      { userId: taken.memberId, liftsActionId: taken.liftsActionId, actionId: taken.actionId, lifted },
      'moderation restriction lifted',
    );
  }
}
