import { ConsumerLagSampler, deadLetters } from './consumer-lag';
import { ConsumerLiveness, consumerRestarts } from './consumer-watchdog';
import { pinNewGroupAtEnd } from './kafka-offsets';
import { PartitionQueues } from './partition-queues';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { EventType, isEventType } from '@aura/proto';
import {
  Admin,
  compatibilityPartitioner,
  Consumer,
  type GroupAssignment,
  type Message,
  type MessagesStream,
  ProduceAcks,
  Producer,
  stringDeserializer,
  stringSerializer,
} from '@platformatic/kafka';
import type { Logger } from 'pino';
import { extractTraceContext, injectTraceContext, recordError } from '../telemetry/tracing';
import { isDependencyUnavailable } from '../errors/dependency-unavailable';
import { deadLetterTopic, decodePayload, DomainEvent, EventRecord, Header } from './event';
import { rememberEventTrace } from './event-trace';
import { EventBus, HandledEvent, ProcessedEventStore, Subscription } from './event-bus';

export interface KafkaEventBusOptions {
  clientId: string;
  brokers: string[];
  groupPrefix: string;
  /** Where a group without committed offsets starts (default earliest). */
  newGroupStart?: 'earliest' | 'latest';
  logger: Logger;
  /** Needed by subscriptions that are not `idempotent`. */
  processed?: ProcessedEventStore;
  /** Base delay of the exponential backoff between attempts of one event. */
  retryBaseMs?: number;
  /** How long an event whose handler meets an unreachable dependency is retried (TRANSIENT_RETRY_MS). */
  transientRetryMs?: number;
  /** A consumer whose partitions have events left and none reaching it for this long is replaced
   * (CONSUMER_STALL_MS; keep it above the lag sample period). */
  consumerStallMs?: number;
  /** How often the groups' lag is sampled (default 15 s). */
  consumerLagSampleMs?: number;
}

/** An event whose handler keeps meeting an unreachable dependency goes to the dead letters after this. */
export const TRANSIENT_RETRY_MS = 5 * 60_000;

/** A handler slower than this is logged. */
const SLOW_HANDLER_MS = 5_000;

/** Events left on a consumer's partitions and none reaching it for this long: replaced (ConsumerLiveness). */
export const CONSUMER_STALL_MS = 60_000;

/** A consumed message: key and headers as text, the payload as bytes. */
type KafkaMessage = Message<string, Buffer, string, string>;
type EventConsumer = Consumer<string, Buffer, string, string>;

interface RunningSubscription {
  groupId: string;
  subscription: Subscription;
  topics: string[];
  fromBeginning: boolean;
  consumer: EventConsumer | undefined;
  stream: MessagesStream<string, Buffer, string, string> | undefined;
  liveness: ConsumerLiveness;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long close() waits for the consumers to leave their groups. */
const CLOSE_WAIT_MS = 5_000;

/** A message's headers (the trace context and the event's envelope). */
function headersOf(message: KafkaMessage): Record<string, string | undefined> {
  return Object.fromEntries(message.headers);
}

/** How long the consumers wait before a failed consumer is started again. */
const RESTART_DELAY_MS = 1_000;
/** Partitions of one consumer handled side by side. */
const PARTITION_CONCURRENCY = 3;
/** Fetched events waiting to be handled before the consumer stops fetching. */
const MAX_WAITING = 500;

function eventOf(
  topic: string,
  partition: number,
  message: KafkaMessage,
  type: EventType,
  carrier: Record<string, string | undefined>,
): DomainEvent {
  return {
    id: carrier[Header.id] ?? `${topic}:${partition}:${message.offset}`,
    type,
    version: Number(carrier[Header.version] ?? 1),
    key: message.key ?? '',
    occurredAt: carrier[Header.occurredAt] ?? new Date(Number(message.timestamp)).toISOString(),
    producer: carrier[Header.producer] ?? 'unknown',
    payload: decodePayload(type, message.value ?? Buffer.alloc(0)),
  };
}

/** Events a batch handler gets at once unless its subscription says otherwise. */
const MAX_BATCH = 100;

/**
 * Kafka through @platformatic/kafka. Publishing is idempotent (acks=all, idempotent producer); consuming is
 * at-least-once with dedupe by event id, retries with exponential backoff and, when the attempts
 * run out, a copy to the topic's dead-letter topic so a poison message never blocks its partition.
 * Trace context travels in the headers and each consumed event runs in a consumer span. Each
 * subscription is one consumer group; a consumer whose stream fails (Kafka restarting, a rebalance
 * that fenced a commit) is closed and started again from the group's committed offsets.
 */
export class KafkaEventBus implements EventBus {
  private readonly producer: Producer<string, Buffer, string, string>;
  private readonly subscriptions: RunningSubscription[] = [];
  private readonly admin: Admin;
  private watchdog?: NodeJS.Timeout;
  private replacing = false;
  private closed = false;
  private producerReady = false;
  private readonly handledListeners = new Set<(handled: HandledEvent) => void>();
  /** Lag of this bus's consumer groups (aura_kafka_consumer_lag). */
  private readonly lag: ConsumerLagSampler;

  constructor(private readonly options: KafkaEventBusOptions) {
    this.producer = new Producer({
      ...this.connection(),
      idempotent: true,
      acks: ProduceAcks.ALL,
      // Java's and kafkajs's choice of partition for a key: a key's events stay on the partition
      // they were on (the order of an aggregate's events is per partition).
      partitioner: compatibilityPartitioner,
      serializers: { key: stringSerializer, headerKey: stringSerializer, headerValue: stringSerializer },
    });
    this.admin = new Admin(this.connection());
    this.lag = new ConsumerLagSampler(
      { clientId: options.clientId, brokers: options.brokers },
      options.logger.child({ component: 'kafka' }),
      options.consumerLagSampleMs,
    );
    this.lag.onSample((lags) => {
      const now = Date.now();
      for (const running of this.subscriptions)
        running.liveness.sampled(
          lags.filter((lag) => lag.group === running.groupId),
          now,
        );
    });
  }

  private connection() {
    return {
      clientId: this.options.clientId,
      bootstrapBrokers: this.options.brokers,
      retries: 8,
      retryDelay: 250,
    };
  }

  /** Resolves once a broker answered. */
  async connect(): Promise<void> {
    await this.producer.metadata({ topics: [] });
    this.producerReady = true;
  }

  isReady(): boolean {
    return this.producerReady;
  }

  async publish(records: EventRecord[]): Promise<void> {
    if (records.length === 0) return;
    const byTopic = new Map<string, EventRecord[]>();
    for (const record of records) byTopic.set(record.topic, [...(byTopic.get(record.topic) ?? []), record]);
    const tracer = trace.getTracer('aura');
    // One producer span per event, child of the operation that caused it (its stored trace context),
    // so a trace runs from the request through the outbox into every consumer.
    const spans = records.map((record) =>
      tracer.startSpan(
        `${record.topic} publish`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.system': 'kafka',
            'messaging.destination.name': record.topic,
            'messaging.message.id': record.id,
            'aura.event_type': record.type,
            'aura.aggregate_id': record.key,
          },
        },
        extractTraceContext(record.trace),
      ),
    );
    const headersOf = (index: number) =>
      injectTraceContext({}, trace.setSpan(context.active(), spans[index]));
    const indexOf = new Map(records.map((record, index) => [record, index]));
    try {
      await this.producer.send({
        messages: [...byTopic.entries()].flatMap(([topic, list]) =>
          list.map((record) => ({
            topic,
            key: record.key,
            value: Buffer.from(record.payload),
            headers: {
              ...headersOf(indexOf.get(record)!),
              [Header.id]: record.id,
              [Header.type]: record.type,
              [Header.version]: String(record.version),
              [Header.occurredAt]: record.occurredAt,
              [Header.producer]: record.producer,
            },
          })),
        ),
      });
    } catch (error) {
      spans.forEach((span) => recordError(span, error));
      throw error;
    } finally {
      spans.forEach((span) => span.end());
    }
  }

  onHandled(listener: (handled: HandledEvent) => void): () => void {
    this.handledListeners.add(listener);
    return () => this.handledListeners.delete(listener);
  }

  async subscribe(subscription: Subscription): Promise<void> {
    const groupId = `${this.options.groupPrefix}.${subscription.group}`;
    if (subscription.batchHandler && subscription.idempotent !== true)
      throw new Error(`${groupId}: a batch handler needs an idempotent subscription`);
    if (subscription.idempotent !== true && !this.options.processed)
      throw new Error(`${groupId}: a subscription that is not idempotent needs the processed-event store`);
    const { EventCatalog } = await import('@aura/proto');
    const topics = [...new Set(subscription.events.map((type) => EventCatalog[type].topic))];
    const fromBeginning =
      (subscription.newGroupStart ?? this.options.newGroupStart ?? 'earliest') === 'earliest';
    if (!fromBeginning) await pinNewGroupAtEnd(this.admin, groupId, topics);
    this.lag.watch(groupId, topics);
    topics.forEach((topic) => deadLetters.touch({ topic }));
    const running: RunningSubscription = {
      groupId,
      subscription,
      topics,
      fromBeginning,
      consumer: undefined,
      stream: undefined,
      liveness: new ConsumerLiveness(),
    };
    this.subscriptions.push(running);
    // The join goes on in the background: after an unclean stop (kill -9, a crash) the group first
    // waits out the dead member's session (30 s). Nothing a service serves waits for its consumers
    // (onJoined tells when they are in), and the start position is already fixed (a new 'latest'
    // group was pinned above).
    void this.startConsumer(running);
    const stallMs = this.options.consumerStallMs ?? CONSUMER_STALL_MS;
    this.watchdog ??= setInterval(() => void this.replaceStalledConsumers(), Math.min(5_000, stallMs / 4));
    this.watchdog.unref();
  }

  /** Starts the subscription's consumer, trying again until it runs or the bus closes. */
  private async startConsumer(running: RunningSubscription): Promise<void> {
    for (let attempt = 1; !this.closed; attempt += 1) {
      try {
        await this.runConsumer(running);
        return;
      } catch (error) {
        this.options.logger.error(
          { err: error, group: running.groupId, attempt },
          'Kafka consumer could not start',
        );
        await running.consumer?.close(true).catch(() => undefined);
        await sleep(Math.min(attempt * RESTART_DELAY_MS, 10_000));
      }
    }
  }

  private async runConsumer(running: RunningSubscription): Promise<void> {
    const { groupId, subscription } = running;
    const consumer: EventConsumer = new Consumer<string, Buffer, string, string>({
      ...this.connection(),
      groupId,
      deserializers: {
        key: stringDeserializer,
        headerKey: stringDeserializer,
        headerValue: stringDeserializer,
      },
      autocommit: false,
      // Kafka's own default since 3.0 is 45 s; a killed instance's partitions wait this long for a
      // new owner. Heartbeats run on their own timer, so a slow handler does not get the member evicted.
      sessionTimeout: subscription.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: 3_000,
      rebalanceTimeout: 60_000,
      // How long the broker holds a fetch that finds nothing. An event that arrives meanwhile answers
      // the fetch at once (minBytes 1), so this costs no latency; shorter, the 26 consumer groups of
      // an idle stack kept Kafka and every process busy.
      maxWaitTime: 1000,
      maxBytes: 10 * 1024 * 1024,
      highWaterMark: MAX_WAITING,
    });
    // Each consumer has its own liveness: a handler of a replaced consumer that finishes late must
    // not count for its successor.
    const liveness = new ConsumerLiveness();
    running.consumer = consumer;
    running.liveness = liveness;
    const wanted = new Set<string>(subscription.events);
    const typeOf = (message: KafkaMessage): EventType | undefined => {
      const type = message.headers.get(Header.type);
      return type && wanted.has(type) && isEventType(type) ? type : undefined;
    };
    running.stream = undefined;
    const queues = new PartitionQueues<KafkaMessage>({
      runSize: subscription.batchHandler ? (subscription.maxBatch ?? MAX_BATCH) : 1,
      concurrency: PARTITION_CONCURRENCY,
      highWater: MAX_WAITING,
      full: () => running.stream?.pause(),
      room: () => running.stream?.resume(),
      work: (run) => this.consumeRun(running, liveness, typeOf, run),
      failed: (error) => this.restartConsumer(running, consumer, error),
    });
    consumer.on('error', (error: unknown) =>
      this.options.logger.warn({ err: error, group: groupId }, 'Kafka consumer error'),
    );
    consumer.on('consumer:group:join', ({ assignments }: { assignments?: GroupAssignment[] }) => {
      const assigned = new Map((assignments ?? []).map(({ topic, partitions }) => [topic, partitions]));
      liveness.joined(Object.fromEntries(assigned));
      queues.retain((topic, partition) => assigned.get(topic)?.includes(partition) ?? false);
      subscription.onJoined?.();
    });
    const stream = await consumer.consume({
      topics: running.topics,
      mode: 'committed',
      fallbackMode: running.fromBeginning ? 'earliest' : 'latest',
      autocommit: false,
    });
    if (running.consumer !== consumer) return void stream.close().catch(() => undefined);
    running.stream = stream;
    stream.on('data', (message: KafkaMessage) => queues.push(message));
    stream.on('error', (error: unknown) => {
      queues.stop();
      this.restartConsumer(running, consumer, error);
    });
    stream.on('close', () => {
      queues.stop();
      this.restartConsumer(running, consumer, new Error('the consumer stream closed'));
    });
  }

  /** Replaces a consumer that failed, unless it was replaced already or the bus is closing. */
  private restartConsumer(running: RunningSubscription, failed: EventConsumer, error: unknown): void {
    if (this.closed || running.consumer !== failed) return;
    running.consumer = undefined;
    this.options.logger.warn(
      { err: error, group: running.groupId },
      'Kafka consumer failed: starting it again',
    );
    void failed
      .close(true)
      .catch(() => undefined)
      .then(() => sleep(RESTART_DELAY_MS))
      .then(() => this.startConsumer(running));
  }

  /** The watchdog (see ConsumerLiveness): a consumer that stopped without crashing is replaced. */
  private async replaceStalledConsumers(): Promise<void> {
    if (this.replacing || this.closed) return;
    this.replacing = true;
    try {
      const limits = {
        stallMs: this.options.consumerStallMs ?? CONSUMER_STALL_MS,
        hungHandlerMs: (this.options.transientRetryMs ?? TRANSIENT_RETRY_MS) + 60_000,
      };
      for (const running of this.subscriptions) {
        if (this.closed || !running.liveness.stalled(Date.now(), limits)) continue;
        const { groupId } = running;
        this.options.logger.error(
          { group: groupId },
          'Kafka consumer stopped consuming without crashing: replacing it',
        );
        consumerRestarts.add(1, { group: groupId });
        const stalled = running.consumer;
        running.consumer = undefined;
        if (stalled) await Promise.race([stalled.close(true).catch(() => undefined), sleep(15_000)]);
        if (this.closed) return;
        await this.startConsumer(running);
      }
    } finally {
      this.replacing = false;
    }
  }

  /**
   * A run of one partition's messages (one, or up to `maxBatch` for a batch handler), then its
   * offset committed. A batch run whose call fails is handled again event by event (handle():
   * retries, a dependency's outage waited out, dead letters).
   */
  private async consumeRun(
    running: RunningSubscription,
    liveness: ConsumerLiveness,
    typeOf: (message: KafkaMessage) => EventType | undefined,
    run: KafkaMessage[],
  ): Promise<void> {
    const { groupId, subscription } = running;
    const { topic, partition } = run[0]!;
    liveness.progressed();
    const wanted = run.flatMap((message) => {
      const type = typeOf(message);
      return type ? [{ message, type, carrier: headersOf(message) }] : [];
    });
    if (wanted.length > 0) {
      const handling = liveness.handlerStarted(Date.now());
      try {
        if (subscription.batchHandler) await this.handleRun(groupId, subscription, topic, partition, wanted);
        else
          for (const { message, type } of wanted)
            await this.handle(groupId, subscription, topic, partition, message, type);
      } finally {
        liveness.handlerFinished(handling);
      }
    }
    // Committed in the background: the stream coalesces a partition's commits into one request.
    const commit = run.at(-1)!.commit() as Promise<void> | undefined;
    commit?.catch(() => undefined);
  }

  private async handle(
    groupId: string,
    subscription: Subscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
    type: EventType,
  ): Promise<void> {
    const carrier = headersOf(message);
    const parent = extractTraceContext(carrier);
    const tracer = trace.getTracer('aura');
    const span = tracer.startSpan(
      `${topic} process`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': topic,
          'messaging.consumer.group.name': groupId,
          'messaging.message.id': carrier[Header.id] ?? '',
          'aura.event_type': type,
        },
      },
      parent,
    );
    const eventId = carrier[Header.id] ?? `${topic}:${partition}:${message.offset}`;
    const startedAt = Date.now();
    try {
      await context.with(trace.setSpan(parent, span), async () => {
        const dedupe = subscription.idempotent !== true;
        const processed = this.options.processed!;
        if (dedupe && (await processed.has(groupId, eventId))) return;
        const event = eventOf(topic, partition, message, type, carrier);
        const maxAttempts = subscription.maxAttempts ?? 5;
        const base = this.options.retryBaseMs ?? 200;
        // A dependency that cannot be reached (the database failing over, Redis restarting) is not
        // a poison event: those failures do not count as attempts, the event is tried again (the
        // partition waits, as every event of it would fail the same way) for up to
        // TRANSIENT_RETRY_MS, and only then goes to the dead-letter topic like any other failure.
        const transientUntil = Date.now() + (this.options.transientRetryMs ?? TRANSIENT_RETRY_MS);
        let transient = 0;
        for (let attempt = 1; ; attempt += 1) {
          try {
            await subscription.handler(event);
            if (dedupe) await processed.remember(groupId, eventId);
            return;
          } catch (error) {
            if (isDependencyUnavailable(error) && Date.now() < transientUntil) {
              transient += 1;
              attempt -= 1;
              if (transient === 1 || transient % 10 === 0)
                this.options.logger.warn(
                  { err: error, topic, eventId, retries: transient },
                  'event handler: a dependency is unavailable, retrying',
                );
              await sleep(Math.min(base * 2 ** Math.min(transient - 1, 10), 5000));
              continue;
            }
            if (attempt >= maxAttempts) {
              recordError(span, error);
              await this.deadLetter(topic, partition, message, error, attempt);
              this.options.logger.error(
                { err: error, topic, eventId, type },
                'event sent to dead-letter topic',
              );
              return;
            }
            this.options.logger.warn(
              { err: error, topic, eventId, attempt },
              'event handler failed, retrying',
            );
            await sleep(base * 2 ** (attempt - 1));
          }
        }
      });
    } finally {
      span.end();
      const tookMs = Date.now() - startedAt;
      if (tookMs > SLOW_HANDLER_MS)
        this.options.logger.warn({ group: groupId, topic, type, eventId, tookMs }, 'slow event handler');
    }
    for (const listener of this.handledListeners) listener({ group: groupId, eventId });
  }

  private async handleRun(
    groupId: string,
    subscription: Subscription,
    topic: string,
    partition: number,
    run: { message: KafkaMessage; type: EventType; carrier: Record<string, string | undefined> }[],
  ): Promise<void> {
    const tracer = trace.getTracer('aura');
    const attributes = {
      'messaging.system': 'kafka',
      'messaging.destination.name': topic,
      'messaging.consumer.group.name': groupId,
    };
    // Each event has its consumer span in its own trace (eventTrace() gives it to the handler); the
    // run has one more, linked to each of them, in which the handler runs.
    const processing = run.map(({ type, carrier }) => {
      const parent = extractTraceContext(carrier);
      const span = tracer.startSpan(
        `${topic} process`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            ...attributes,
            'messaging.message.id': carrier[Header.id] ?? '',
            'aura.event_type': type,
          },
        },
        parent,
      );
      return { span, context: trace.setSpan(parent, span) };
    });
    const span = tracer.startSpan(`${topic} process`, {
      kind: SpanKind.CONSUMER,
      attributes: { ...attributes, 'messaging.batch.message_count': run.length },
      links: processing.map(({ span: each }) => ({ context: each.spanContext() })),
    });
    const startedAt = Date.now();
    let events: DomainEvent[];
    try {
      events = run.map(({ message, type, carrier }, at) => {
        const event = eventOf(topic, partition, message, type, carrier);
        rememberEventTrace(event, processing[at]!.context);
        return event;
      });
      await context.with(trace.setSpan(context.active(), span), () => subscription.batchHandler!(events));
    } catch (error) {
      recordError(span, error);
      span.end();
      for (const each of processing) each.span.end();
      this.options.logger.warn(
        { err: error, group: groupId, topic, events: run.length },
        'batch handler failed: handling its events one by one',
      );
      for (const { message, type } of run)
        await this.handle(groupId, subscription, topic, partition, message, type);
      return;
    }
    span.end();
    for (const each of processing) each.span.end();
    const tookMs = Date.now() - startedAt;
    if (tookMs > SLOW_HANDLER_MS)
      this.options.logger.warn({ group: groupId, topic, events: run.length, tookMs }, 'slow event handler');
    for (const event of events)
      for (const listener of this.handledListeners) listener({ group: groupId, eventId: event.id });
  }

  private async deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    error: unknown,
    attempts: number,
  ) {
    await this.producer.send({
      messages: [
        {
          topic: deadLetterTopic(topic),
          key: message.key,
          value: message.value ?? Buffer.alloc(0),
          headers: {
            ...headersOf(message),
            [Header.error]: error instanceof Error ? error.message : String(error),
            [Header.sourceTopic]: topic,
            [Header.sourcePartition]: String(partition),
            [Header.sourceOffset]: String(message.offset),
            [Header.attempts]: String(attempts),
          },
        },
      ],
    });
    deadLetters.add(1, { topic });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    await this.lag.close();
    // A consumer still joining its group (after a crash, until the dead member's session expires)
    // is not waited for past a few seconds; the group drops it anyway.
    await Promise.race([
      Promise.allSettled(this.subscriptions.map((running) => running.consumer?.close())),
      sleep(CLOSE_WAIT_MS),
    ]);
    await Promise.allSettled(this.subscriptions.map((running) => running.consumer?.close(true)));
    await this.admin.close().catch(() => undefined);
    await this.producer.close().catch(() => undefined);
    this.producerReady = false;
  }
}
