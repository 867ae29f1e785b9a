import { eventTrace, RUNTIME, type DomainEvent, type ServiceRuntime } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { rewardsFor } from './reward-rules';
import { RewardsService } from './rewards.service';

/** Rewards for social's events (post created, like received, comment received and written) and identity's (daily check-in and reflection). */
@Injectable()
export class RewardsConsumer {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(RewardsService) private readonly rewards: RewardsService,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'economy.rewards',
      events: ['post.created', 'post.liked', 'comment.created', 'mood.checked_in', 'reflection.created'],
      handler: (event) => this.handle(event),
      // A backlog (after an outage, or a burst of likes) is paid a run at a time: one ledger
      // transaction per run instead of one per claim.
      batchHandler: (events) => this.handleAll(events),
      // A claim is paid once by its ledger key, and holds its daily slot by the same key.
      idempotent: true,
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    for (const claim of rewardsFor(event.type, event.payload, event.occurredAt))
      await this.rewards.grant(claim);
  }

  async handleAll(events: readonly DomainEvent[]): Promise<void> {
    const claims = events.flatMap((event) =>
      rewardsFor(event.type, event.payload, event.occurredAt).map((claim) => ({
        ...claim,
        trace: eventTrace(event),
      })),
    );
    if (claims.length > 0) await this.rewards.grantAll(claims);
  }
}
