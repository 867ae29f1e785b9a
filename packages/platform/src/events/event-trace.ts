import type { Context } from '@opentelemetry/api';
import type { DomainEvent } from './event';

const traces = new WeakMap<DomainEvent, Context>();

/** Remembers the context of an event's consumer span (the bus, for the events it gives a batch handler). */
export function rememberEventTrace(event: DomainEvent, context: Context): void {
  traces.set(event, context);
}

/**
 * The context of the consumer span of an event a batch handler got. A span made for this one event
 * (one reward of a run) goes under it, so the event's trace runs on from the request that caused it.
 */
export function eventTrace(event: DomainEvent): Context | undefined {
  return traces.get(event);
}
