import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AuthService } from '../auth/auth.service';
import { PersonalDataRepository } from './personal-data.repository';

/**
 * Identity's part of erasing an account (its own user.deleted): the member's sessions end and what
 * identity keeps of them besides the tombstone is deleted. From the event, so a crash after the erase
 * still gets here; every step is a delete, so running twice is harmless.
 */
@Injectable()
export class AccountErasureConsumer {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
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
    const removed = await this.personalData.eraseAllOf(userId);
    this.logger.info({ userId, removed }, 'account erased: personal data removed');
  }
}
