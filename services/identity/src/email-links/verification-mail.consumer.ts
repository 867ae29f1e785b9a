import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { UsersRepository } from '../users/users.repository';
import { EmailLinksService } from './email-links.service';

/**
 * Mails the confirmation link to every new member, from their user.registered: the event is stored
 * with the member (outbox), so the mail goes out even if identity stops right after the sign-up, and
 * the sign-up's answer does not wait for SMTP. A redelivered event sends a new link that replaces the
 * first.
 */
@Injectable()
export class VerificationMailConsumer {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(EmailLinksService) private readonly emailLinks: EmailLinksService,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'identity.verification-mail',
      events: ['user.registered'],
      handler: (event) => this.handle(event),
    });
  }

  private async handle(event: DomainEvent): Promise<void> {
    const registered = event.payload as identityEvents.UserRegistered;
    const user = await this.users.findById(registered.userId);
    if (!user || user.emailVerified) return;
    await this.emailLinks.sendVerification(user);
    this.logger.info({ userId: user.id }, 'confirmation link mailed');
  }
}
