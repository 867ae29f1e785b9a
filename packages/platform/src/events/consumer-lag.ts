import { Admin } from '@platformatic/kafka';
import { committedOffsets, topicOffsets } from './kafka-offsets';
import type { Logger } from 'pino';
import { GaugeSources, LazyCounter } from '../telemetry/metrics';

/** aura.kafka.consumer.lag (Prometheus aura_kafka_consumer_lag): labels group, topic, partition. */
const consumerLag = new GaugeSources('aura.kafka.consumer.lag', {
  description: "Messages behind: the partition's high watermark minus the group's committed offset.",
});

/** aura.kafka.dead_letters (Prometheus aura_kafka_dead_letters_total): label topic (the source topic). */
export const deadLetters = new LazyCounter('aura.kafka.dead_letters', {
  description: 'Events copied to their dead-letter topic after the last attempt failed, by source topic.',
});

export interface Lag {
  group: string;
  topic: string;
  partition: number;
  lag: number;
}

/**
 * Samples the lag of a process's consumer groups with one admin client: every `everyMs`
 * (15 s), per group one offset fetch, and the watched topics' start and end offsets. The gauge reports the last
 * sample, so a scrape never waits for Kafka. A group without a committed offset on a partition counts
 * the whole partition (high - low) as its lag.
 */
export class ConsumerLagSampler {
  private readonly groups = new Map<string, Set<string>>();
  private lags: Lag[] = [];
  private admin?: Admin;
  private timer?: NodeJS.Timeout;
  private sampling?: Promise<void>;
  private stopReporting?: () => void;
  private closed = false;
  private readonly sampleListeners: ((lags: readonly Lag[]) => void)[] = [];

  constructor(
    private readonly connection: { clientId: string; brokers: string[] },
    private readonly logger: Logger,
    private readonly everyMs = 15_000,
  ) {}

  watch(groupId: string, topics: string[]): void {
    const known = this.groups.get(groupId) ?? new Set<string>();
    topics.forEach((topic) => known.add(topic));
    this.groups.set(groupId, known);
    this.stopReporting ??= consumerLag.add((result) => {
      for (const { group, topic, partition, lag } of this.lags)
        result.observe(lag, { group, topic, partition: String(partition) });
    });
    if (!this.timer) {
      this.timer = setInterval(() => void this.sample(), this.everyMs);
      this.timer.unref();
      setTimeout(() => void this.sample(), 1000).unref();
    }
  }

  /** Called with every successful sample. */
  onSample(listener: (lags: readonly Lag[]) => void): void {
    this.sampleListeners.push(listener);
  }

  /** One sample now (skipped while one runs); failures are logged and the last sample kept. */
  sample(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.sampling ??= this.read()
      .then((lags) => {
        this.lags = lags;
        this.sampleListeners.forEach((listener) => listener(lags));
      })
      .catch((error) => this.logger.debug({ err: error }, 'consumer lag sample failed'))
      .finally(() => (this.sampling = undefined));
    return this.sampling;
  }

  private async read(): Promise<Lag[]> {
    this.admin ??= new Admin({
      clientId: `${this.connection.clientId}-lag`,
      bootstrapBrokers: this.connection.brokers,
      retries: 1,
    });
    const admin = this.admin;
    const topics = [...new Set([...this.groups.values()].flatMap((each) => [...each]))];
    const [highs, lows] = await Promise.all([
      topicOffsets(admin, topics, 'latest'),
      topicOffsets(admin, topics, 'earliest'),
    ]);
    const lags: Lag[] = [];
    for (const [group, watched] of this.groups) {
      const committed = await committedOffsets(admin, group, [...watched]);
      for (const topic of watched)
        (highs.get(topic) ?? []).forEach((high, partition) => {
          const offset = committed.get(topic)?.get(partition) ?? -1n;
          const from = offset >= 0n ? offset : (lows.get(topic)?.[partition] ?? 0n);
          lags.push({ group, topic, partition, lag: Math.max(0, Number(high - from)) });
        });
    }
    return lags;
  }

  /** Stops sampling; a sample in flight is not waited for (Kafka may be what is failing). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopReporting?.();
    this.stopReporting = undefined;
    await this.admin?.close().catch(() => undefined);
    this.admin = undefined;
  }
}
