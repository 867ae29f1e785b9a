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
  /** Called each time the consumer has joined its group (a service may be ready only after the first). */
  onJoined?: () => void;
}

/**
 * What services need from a message broker. Kafka (kafkajs) implements it today; a different
 * client would implement the same two calls.
 */
export interface EventBus {
  publish(records: EventRecord[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
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
