import { LazyCounter } from '../telemetry/metrics';

/** aura.kafka.consumer.restarts (Prometheus aura_kafka_consumer_restarts_total): label group. */
export const consumerRestarts = new LazyCounter('aura.kafka.consumer.restarts', {
  description: 'Consumers the watchdog replaced because they had stopped fetching without crashing.',
});

export interface StallLimits {
  /** No fetch and no finished event for this long is a stall (a rebalance or a broker restart takes less). */
  stallMs: number;
  /** A handler still running after this long no longer explains the silence (see TRANSIENT_RETRY_MS). */
  hungHandlerMs: number;
}

/**
 * What the watchdog knows of one consumer: when it last showed progress (a fetch answered, an event
 * handled) and which handlers are running since when.
 *
 * Why: kafkajs (unmaintained since 2023) can leave a consumer stopped for good after the broker
 * restarts: it logs "The coordinator is not aware of this member, re-joining the group" and then
 * neither fetches nor crashes (found by the chaos tier, docs/reliability.md). A running consumer
 * fetches every `maxWaitTimeInMs` even on a quiet topic, so a long silence with no handler to
 * explain it means the consumer has to be replaced.
 */
export class ConsumerLiveness {
  private lastProgressAt: number;
  private readonly running = new Map<number, number>();
  private nextToken = 0;

  constructor(now: number) {
    this.lastProgressAt = now;
  }

  progressed(now: number): void {
    this.lastProgressAt = now;
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
