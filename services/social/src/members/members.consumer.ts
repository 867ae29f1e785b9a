import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime, Subscription } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MembersRepository } from './members.repository';

export const MEMBERS_GROUP = 'social.members';

/**
 * Keeps the members projection from identity's events (topic aura.identity.user, keyed by member, so
 * one member's events arrive in order) through the platform's member directory: each change applies
 * only if newer than what is stored, so a redelivery changes nothing.
 */
@Injectable()
export class MembersConsumer {
  private readonly subscription: Subscription;

  constructor(
    @Inject(MembersRepository) members: MembersRepository,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.subscription = members.directory.subscription({
      group: MEMBERS_GROUP,
      unknown: (userId) => logger.warn({ userId }, 'aura change of a member not projected yet ignored'),
    });
  }

  start(): Promise<void> {
    return this.runtime.subscribe(this.subscription);
  }

  handle(event: DomainEvent): Promise<void> {
    return this.subscription.handler(event);
  }
}
