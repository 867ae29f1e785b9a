import { DomainEvent, LOGGER, MONGO, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { AuthService } from '../auth/auth.service';

/** Where identity keeps something of a member beyond their (now anonymous) document: collection → field. */
const PERSONAL_DATA: [collection: string, field: string][] = [
  ['two_factor', '_id'],
  ['passkeys', 'user_id'],
  ['email_tokens', 'user_id'],
  ['login_challenges', 'user_id'],
  ['mood_checkins', 'user_id'],
  ['reflections', 'user_id'],
  ['wellness_days', 'user_id'],
  ['aura_log', 'user_id'],
  ['profile_visits', 'profile_id'],
  ['profile_visits', 'viewer_id'],
  ['profile_visit_counts', '_id'],
  ['blocks', 'blocker_id'],
  ['blocks', 'blocked_id'],
];

/**
 * Identity's part of erasing an account (its own user.deleted): the member's sessions end and what
 * identity keeps of them besides the tombstone is deleted. From the event, so a crash after the erase
 * still gets here; every step is a delete, so running twice is harmless.
 */
@Injectable()
export class AccountErasureConsumer {
  constructor(
    private readonly auth: AuthService,
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'identity.account-erasure',
      events: ['user.deleted'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const { userId } = event.payload as identityEvents.UserDeleted;
    if (!userId) return;
    await this.auth.endOtherSessions(userId, '');
    let removed = 0;
    for (const [collection, field] of PERSONAL_DATA)
      removed += (await this.connection.collection(collection).deleteMany({ [field]: userId })).deletedCount;
    this.logger.info({ userId, removed }, 'account erased: personal data removed');
  }
}
