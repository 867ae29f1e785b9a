import { RUNTIME, type DomainEvent, type ServiceRuntime, type Subscription } from '@aura/platform';
import type { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { when } from '../dashboard/dashboard.consumer';
import { DashboardReadModel } from '../dashboard/read-model.repository';
import { MembersRepository } from './members.repository';

/**
 * Keeps admin's member directory from identity's events (group admin.members), and the moment each
 * member registered (the dashboard's user counts), written once the member is stored.
 */
@Injectable()
export class MembersConsumer {
  private readonly subscription: Subscription;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(MembersRepository) members: MembersRepository,
    @Inject(DashboardReadModel) model: DashboardReadModel,
  ) {
    this.subscription = members.directory.subscription({
      group: 'admin.members',
      events: ['user.registered', 'user.profile_changed'],
      applied: async (userId, event) => {
        if (event.type !== 'user.registered') return;
        const user = event.payload as identityEvents.UserRegistered;
        await model.memberRegistered(userId, when(user.createdAt, event.occurredAt));
      },
    });
  }

  start(): Promise<void> {
    return this.runtime.subscribe(this.subscription);
  }

  handle(event: DomainEvent): Promise<void> {
    return this.subscription.handler(event);
  }
}
