import { randomUUID } from 'node:crypto';
import { EventCatalog, EventPayload, EventType } from '@aura/proto';
import { injectTraceContext } from '../telemetry/tracing';

/**
 * One event ready to publish: what a service stores in its outbox (inside the aggregate document)
 * and what travels on Kafka (payload as protobuf bytes, the rest as headers, key = aggregate id).
 */
export interface EventRecord {
  id: string;
  type: EventType;
  version: number;
  topic: string;
  key: string;
  payload: Buffer;
  occurredAt: string;
  producer: string;
  /** W3C trace context of the operation that caused the event. */
  trace: Record<string, string>;
}

/** A received event, decoded. */
export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  version: number;
  key: string;
  occurredAt: string;
  producer: string;
  payload: EventPayload<T>;
}

export function createEvent<T extends EventType>(
  producer: string,
  type: T,
  key: string,
  payload: EventPayload<T>,
): EventRecord {
  const entry = EventCatalog[type];
  const codec = entry.codec as unknown as { encode(message: EventPayload<T>): { finish(): Uint8Array } };
  return {
    id: randomUUID(),
    type,
    version: entry.version,
    topic: entry.topic,
    key,
    payload: Buffer.from(codec.encode(payload).finish()),
    occurredAt: new Date().toISOString(),
    producer,
    trace: injectTraceContext({}),
  };
}

/**
 * When the change an event tells of happened, the time a projection orders one thing's changes by
 * (ADR 0001): the payload's own time (`changedAt`) when it is a valid one, else the event's.
 */
export function changeTimeOf(
  event: Pick<DomainEvent, 'occurredAt'>,
  changedAt?: string,
  fallback = new Date(),
): Date {
  for (const time of [changedAt, event.occurredAt]) {
    const date = time ? new Date(time) : undefined;
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return fallback;
}

export function decodePayload<T extends EventType>(type: T, bytes: Uint8Array): EventPayload<T> {
  const codec = EventCatalog[type].codec as unknown as { decode(input: Uint8Array): EventPayload<T> };
  return codec.decode(bytes);
}

export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

/** Kafka header names of the envelope. */
export const Header = {
  id: 'aura-event-id',
  type: 'aura-event-type',
  version: 'aura-schema-version',
  occurredAt: 'aura-occurred-at',
  producer: 'aura-producer',
  error: 'aura-dlq-error',
  sourceTopic: 'aura-dlq-source-topic',
  sourcePartition: 'aura-dlq-source-partition',
  sourceOffset: 'aura-dlq-source-offset',
  attempts: 'aura-dlq-attempts',
} as const;
