import { RUNTIME, type DomainEvent, type ServiceRuntime } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { factsOf } from './market-facts';
import { MarketRepository } from './market.repository';

/** Records what moves the coin market: posts, likes, comments (social) and every ledger transfer. */
@Injectable()
export class MarketConsumer {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(MarketRepository) private readonly repository: MarketRepository,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'economy.market',
      events: ['post.created', 'post.liked', 'comment.created', 'transfer.completed'],
      handler: (event) => this.handle(event),
      // Every tip and transfer is a fact: a run of events is recorded in one insert, not one per event
      // (the chaos tier's 10,000 money operations left this group 11,452 events behind one by one).
      batchHandler: (events) => this.handleAll(events),
      idempotent: true, // one fact per subject, inserted once
    });
  }

  handle(event: DomainEvent): Promise<void> {
    return this.handleAll([event]);
  }

  async handleAll(events: readonly DomainEvent[]): Promise<void> {
    await this.repository.recordMany(
      events.flatMap((event) => factsOf(event.type, event.payload, event.occurredAt)),
    );
  }
}
