import {
  createEvent,
  type EventRecord,
  insertOutboxEvents,
  MONGO,
  outboxCollection,
  type OutboxModel,
  RUNTIME,
  type ServiceRuntime,
} from '@aura/platform';
import type { EventPayload, EventType } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';

/** The genie_events outbox: events stored once under an id derived from what caused them. */
@Injectable()
export class GenieEventsRepository {
  readonly events: OutboxModel;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME)
    private readonly runtime: Pick<ServiceRuntime, 'service' | 'registerOutbox' | 'eventsStored'>,
  ) {
    this.events = outboxCollection(connection, 'genie_events');
    runtime.registerOutbox(this.events);
  }

  /** Stores an event once under `id` in the outbox and nudges the relay. */
  async store<T extends EventType>(
    id: string,
    type: T,
    key: string,
    payload: EventPayload<T>,
  ): Promise<void> {
    const record: EventRecord = createEvent(this.runtime.service, type, key, payload);
    await insertOutboxEvents(this.events, id, [record]);
    this.runtime.eventsStored([record], { model: this.events, id });
  }
}
