import type { EventRecord, OutboxModel, StoredEventsAt } from '@aura/platform';

/** The part of ServiceRuntime a repository with an outbox needs (tests pass a stand-in). */
export interface OutboxHost {
  readonly service: string;
  registerOutbox(...models: OutboxModel[]): void;
  eventsStored(records: EventRecord[], at?: StoredEventsAt): void;
}
