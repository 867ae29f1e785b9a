import { LazyCounter } from '../telemetry/metrics';

/** aura.kafka.consumer.restarts (Prometheus aura_kafka_consumer_restarts_total): label group. */
export const consumerRestarts = new LazyCounter('aura.kafka.consumer.restarts', {
  description: 'Consumers the watchdog replaced because they had stopped consuming without crashing.',
});

export interface StallLimits {
  /** Events left on the consumer's partitions and none reaching it for this long is a stall. */
  stallMs: number;
  /** A handler still running after this long no longer explains the silence (see TRANSIENT_RETRY_MS). */
  hungHandlerMs: number;
}

/**
 * What the watchdog knows of one consumer: the lag samples that found events left on its partitions,
 * the events that reached it, and which handlers are running since when.
 *
 * Why: kafkajs, the client before ADR 0013, could leave a consumer stopped for good after the broker
 * restarts: it logs "The coordinator is not aware of this member, re-joining the group" and then
 * neither consumes nor crashes (found by the chaos tier, docs/reliability.md). The watchdog stays as
 * the last line against any client doing the same. Fetches are no sign
 * of life (a consumer left without its partitions still fetches), and silence is none of death (a
 * quiet topic, or Kafka itself down). So a stall needs evidence: lag samples that keep finding
 * events left on the consumer's partitions while none of them reaches it.
 */
export class ConsumerLiveness {
  /** When a sample first found events left on this consumer's partitions, since its last progress. */
  private behindSince: number | undefined;
  /** The partitions the group gave this consumer at its last join, by topic (none known before it). */
  private assigned: Map<string, Set<number>> | undefined;
  private readonly running = new Map<number, number>();
  private nextToken = 0;

  /** An event reached the consumer (or it joined its group): whatever was behind is moving. */
  progressed(): void {
    this.behindSince = undefined;
  }

  joined(assignment: Record<string, number[]>): void {
    this.assigned = new Map(
      Object.entries(assignment).map(([topic, partitions]) => [topic, new Set(partitions)]),
    );
    this.progressed();
  }

  /** A lag sample of the group (before the first join, any lag of the group counts). */
  sampled(lags: readonly { topic: string; partition: number; lag: number }[], now: number): void {
    const behind = lags.some(
      ({ topic, partition, lag }) =>
        lag > 0 && (this.assigned === undefined || this.assigned.get(topic)?.has(partition)),
    );
    if (!behind) this.behindSince = undefined;
    else this.behindSince ??= now;
  }

  handlerStarted(now: number): number {
    const token = this.nextToken++;
    this.running.set(token, now);
    return token;
  }

  handlerFinished(token: number): void {
    this.running.delete(token);
    this.progressed();
  }

  stalled(now: number, limits: StallLimits): boolean {
    if (this.behindSince === undefined || now - this.behindSince < limits.stallMs) return false;
    if (this.running.size === 0) return true;
    // A handler waiting out a database outage legitimately holds its partition for minutes.
    const oldestStart = Math.min(...this.running.values());
    return now - oldestStart >= limits.hungHandlerMs;
  }
}
