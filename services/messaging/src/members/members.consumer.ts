import { DomainEvent, RUNTIME, ServiceRuntime, Subscription } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MembersRepository } from './members.repository';

/**
 * Keeps messaging's member directory fresh from identity's events (group messaging.members), and its
 * Redis copy of each changed member. A new group starts at the latest events: a member messaging has
 * not seen yet is asked of identity on first use (MemberDirectory), so replaying every sign-up ever
 * made would only be work.
 */
@Injectable()
export class MembersConsumer {
  private readonly subscription: Subscription;

  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
  ) {
    this.subscription = this.members.directory.subscription({
      group: 'messaging.members',
      newGroupStart: 'latest',
      applied: (id) => this.members.refresh(id),
    });
  }

  start(): Promise<void> {
    return this.runtime.subscribe(this.subscription);
  }

  handle(event: DomainEvent): Promise<void> {
    return this.subscription.handler(event);
  }
}
