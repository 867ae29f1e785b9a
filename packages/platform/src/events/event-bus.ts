import type { EventType } from '@aura/proto';
import type { DomainEvent, EventRecord } from './event';

export type EventHandler = (event: DomainEvent) => Promise<void>;

export interface Subscription {
  /** Consumer group name without prefix, e.g. "social.user-projection". */
  group: string;
  events: EventType[];
  handler: EventHandler;
  /** Attempts before the event goes to the dead-letter topic. */
  maxAttempts?: number;
  /** Called each time the consumer has joined its group (subscribe() does not wait for the first join). */
  onJoined?: () => void;
  /**
   * Where this group starts when it has no committed offsets yet; default: the bus's `newGroupStart`.
   * 'latest' for consumers whose past is of no use (notifications are about now).
   */
  newGroupStart?: 'earliest' | 'latest';
  /**
   * The handler's effects are keyed by what caused them (insert-once ids, idempotency keys, "latest
   * wins" upserts in per-key order), so a redelivered event changes nothing by itself. The bus then
   * skips the processed-event store: two database round trips per event, the largest share of a
   * consumer's writes on the hot paths (docs/benchmarks.md). Leave unset when a redelivery would
   * apply an effect twice.
   */
  idempotent?: boolean;
  /**
   * Handles a run of one partition's events in one call, in their order: for a consumer that would do
   * per event what it can do once per run (rewards: one ledger transaction for a backlog). Needs
   * `idempotent`: when the call fails, the run's events are handled again one by one through
   * `handler`, with its retries and dead letters. So it must have the effects of `handler` applied to
   * each event in turn.
   */
  batchHandler?: (events: DomainEvent[]) => Promise<void>;
  /** The most events one batchHandler call gets (default 100). */
  maxBatch?: number;
  /**
   * How long the group waits for a member that stopped heartbeating (a killed process) before it hands
   * its partitions to the others; a restarted process joins only after that too (default 30 s).
   */
  sessionTimeoutMs?: number;
}

/**
 * What services need from a message broker. KafkaEventBus (@platformatic/kafka, ADR 0013)
 * implements it; a different broker would implement the same calls.
 */
/** An event a consumer group of this process is done with (handled, already seen, or dead-lettered). */
export interface HandledEvent {
  /** The full consumer group id (with the environment's prefix). */
  group: string;
  eventId: string;
}

export interface EventBus {
  publish(records: EventRecord[]): Promise<void>;
  /**
   * Resolves once the group's start position is fixed; the consumer joins its group after that, in the
   * background (after a crash, only once the dead member's session has expired).
   */
  subscribe(subscription: Subscription): Promise<void>;
  /** Calls `listener` after each event this process's groups are done with; answers its removal. */
  onHandled(listener: (handled: HandledEvent) => void): () => void;
  isReady(): boolean;
  close(): Promise<void>;
}

/**
 * Remembers which events a consumer group has handled, so a redelivered event has no second effect.
 */
export interface ProcessedEventStore {
  has(group: string, eventId: string): Promise<boolean>;
  remember(group: string, eventId: string): Promise<void>;
}
