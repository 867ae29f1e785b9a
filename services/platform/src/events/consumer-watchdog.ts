import { LazyCounter } from '../telemetry/metrics';

/** aura.kafka.consumer.restarts (Prometheus aura_kafka_consumer_restarts_total): label group. */
export const consumerRestarts = new LazyCounter('aura.kafka.consumer.restarts', {
  description: 'Consumers the watchdog replaced because they had stopped consuming without crashing.',
});

export interface StallLimits {
  /** No fetch and no finished event for this long is a stall (a rebalance or a broker restart takes less). */
  stallMs: number;
  /** A handler still running after this long no longer explains the silence (see TRANSIENT_RETRY_MS). */
  hungHandlerMs: number;
}

/**
 * What the watchdog knows of one consumer: when it last showed progress (an event received or
 * handled, or a lag sample that found its partitions caught up) and which handlers are running
 * since when.
 *
 * Why: kafkajs (unmaintained since 2023) can leave a consumer stopped for good after the broker
 * restarts: it logs "The coordinator is not aware of this member, re-joining the group" and then
 * neither consumes nor crashes (found by the chaos tier, docs/reliability.md). Fetches are no sign
 * of life (a consumer left without its partitions still fetches), so progress is measured where it
 * matters: events reaching the handler, or nothing left to read on the partitions assigned to it.
 */
export class ConsumerLiveness {
  private lastProgressAt: number;
  /** The partitions the group gave this consumer at its last join, by topic. */
  private assigned = new Map<string, Set<number>>();
  private readonly running = new Map<number, number>();
  private nextToken = 0;

  constructor(now: number) {
    this.lastProgressAt = now;
  }

  progressed(now: number): void {
    this.lastProgressAt = now;
  }

  joined(assignment: Record<string, number[]>, now: number): void {
    this.assigned = new Map(
      Object.entries(assignment).map(([topic, partitions]) => [topic, new Set(partitions)]),
    );
    this.lastProgressAt = now;
  }

  /** A lag sample of the group: nothing left on this consumer's partitions is progress too. */
  sampled(lags: readonly { topic: string; partition: number; lag: number }[], now: number): void {
    const behind = lags.some(
      ({ topic, partition, lag }) => lag > 0 && this.assigned.get(topic)?.has(partition),
    );
    if (!behind) this.lastProgressAt = now;
  }

  handlerStarted(now: number): number {
    const token = this.nextToken++;
    this.running.set(token, now);
    return token;
  }

  handlerFinished(token: number, now: number): void {
    this.running.delete(token);
    this.lastProgressAt = now;
  }

  stalled(now: number, limits: StallLimits): boolean {
    if (now - this.lastProgressAt < limits.stallMs) return false;
    if (this.running.size === 0) return true;
    // A handler waiting out a database outage legitimately holds its partition for minutes.
    const oldestStart = Math.min(...this.running.values());
    return now - oldestStart >= limits.hungHandlerMs;
  }
}
