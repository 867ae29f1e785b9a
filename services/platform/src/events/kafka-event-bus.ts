import { ConsumerLagSampler, deadLetters } from './consumer-lag';
import { ConsumerLiveness, consumerRestarts } from './consumer-watchdog';
import { pinNewGroupAtEnd } from './kafka-offsets';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { EventType, isEventType } from '@aura/proto';
import { Consumer, EachBatchPayload, IHeaders, Kafka, KafkaMessage, logLevel, Producer } from 'kafkajs';
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
  processed: ProcessedEventStore;
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

/** A handler slower than this is logged: kafkajs cannot heartbeat while it runs. */
const SLOW_HANDLER_MS = 5_000;

/** Events left on a consumer's partitions and none reaching it for this long: replaced (ConsumerLiveness). */
export const CONSUMER_STALL_MS = 60_000;

interface RunningSubscription {
  groupId: string;
  subscription: Subscription;
  topics: string[];
  fromBeginning: boolean;
  consumer: Consumer | undefined;
  liveness: ConsumerLiveness;
}

const text = (value: Buffer | string | (Buffer | string)[] | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const single = Array.isArray(value) ? value[0] : value;
  return single === undefined ? undefined : single.toString();
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long close() waits for the consumers to leave their groups. */
const CLOSE_WAIT_MS = 5_000;

/** A message's headers as text (the trace context and the event's envelope). */
function headersOf(message: KafkaMessage): Record<string, string | undefined> {
  const headers = message.headers ?? {};
  const carrier: Record<string, string | undefined> = {};
  for (const name of Object.keys(headers)) carrier[name] = text(headers[name]);
  return carrier;
}

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
    key: message.key?.toString() ?? '',
    occurredAt: carrier[Header.occurredAt] ?? new Date(Number(message.timestamp)).toISOString(),
    producer: carrier[Header.producer] ?? 'unknown',
    payload: decodePayload(type, message.value ?? Buffer.alloc(0)),
  };
}

/** Events a batch handler gets at once unless its subscription says otherwise. */
const MAX_BATCH = 100;

/**
 * Kafka through kafkajs. Publishing is idempotent (acks=all, idempotent producer); consuming is
 * at-least-once with dedupe by event id, retries with exponential backoff and, when the attempts
 * run out, a copy to the topic's dead-letter topic so a poison message never blocks its partition.
 * Trace context travels in the headers and each consumed event runs in a consumer span.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly subscriptions: RunningSubscription[] = [];
  private watchdog?: NodeJS.Timeout;
  private replacing = false;
  private closed = false;
  private producerReady = false;
  private readonly handledListeners = new Set<(handled: HandledEvent) => void>();
  /** Lag of this bus's consumer groups (aura_kafka_consumer_lag). */
  private readonly lag: ConsumerLagSampler;

  constructor(private readonly options: KafkaEventBusOptions) {
    const logger = options.logger.child({ component: 'kafka' });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      retry: { initialRetryTime: 200, retries: 8 },
      logLevel: process.env.KAFKAJS_LOG_LEVEL === 'debug' ? logLevel.DEBUG : logLevel.WARN,
      logCreator:
        () =>
        ({ level, log }) => {
          const { message, ...extra } = log;
          if (level <= logLevel.ERROR) logger.error(extra, message);
          else logger.warn(extra, message);
        },
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    this.producer.on(this.producer.events.DISCONNECT, () => (this.producerReady = false));
    this.lag = new ConsumerLagSampler(this.kafka, logger, options.consumerLagSampleMs);
    this.lag.onSample((lags) => {
      const now = Date.now();
      for (const running of this.subscriptions)
        running.liveness.sampled(
          lags.filter((lag) => lag.group === running.groupId),
          now,
        );
    });
  }

  async connect(): Promise<void> {
    await this.producer.connect();
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
      await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic.entries()].map(([topic, list]) => ({
          topic,
          messages: list.map((record) => ({
            key: record.key,
            value: record.payload,
            headers: {
              ...headersOf(indexOf.get(record)!),
              [Header.id]: record.id,
              [Header.type]: record.type,
              [Header.version]: String(record.version),
              [Header.occurredAt]: record.occurredAt,
              [Header.producer]: record.producer,
            },
          })),
        })),
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
    const { EventCatalog } = await import('@aura/proto');
    const topics = [...new Set(subscription.events.map((type) => EventCatalog[type].topic))];
    const fromBeginning =
      (subscription.newGroupStart ?? this.options.newGroupStart ?? 'earliest') === 'earliest';
    if (!fromBeginning) await pinNewGroupAtEnd(this.kafka, groupId, topics);
    this.lag.watch(groupId, topics);
    topics.forEach((topic) => deadLetters.touch({ topic }));
    const running: RunningSubscription = {
      groupId,
      subscription,
      topics,
      fromBeginning,
      consumer: undefined,
      liveness: new ConsumerLiveness(),
    };
    this.subscriptions.push(running);
    await this.startConsumer(running);
    const stallMs = this.options.consumerStallMs ?? CONSUMER_STALL_MS;
    this.watchdog ??= setInterval(() => void this.replaceStalledConsumers(), Math.min(5_000, stallMs / 4));
    this.watchdog.unref();
  }

  private async startConsumer(running: RunningSubscription): Promise<void> {
    const { groupId, subscription } = running;
    const consumer = this.kafka.consumer({
      groupId,
      allowAutoTopicCreation: false,
      // kafkajs heartbeats between events only: an event whose handler waits longer than this (a
      // reward queued behind a member's transfers while the machine recovers) got the member evicted
      // and its batch handed out again, over and over (the chaos tier's rewards group). Kafka's own
      // default since 3.0 is 45 s; a killed instance's partitions wait this long for a new owner.
      sessionTimeout: 30_000,
      // How long the broker holds a fetch that finds nothing. An event that arrives meanwhile answers
      // the fetch at once (minBytes 1), so this costs no latency; shorter, the 26 consumer groups of
      // an idle stack kept Kafka and every process busy (250 ms: 0.54 cores idle; 1 s: 0.43).
      maxWaitTimeInMs: 1000,
    });
    // Each consumer has its own liveness: a handler of a replaced consumer that finishes late must
    // not count for its successor.
    const liveness = new ConsumerLiveness();
    running.consumer = consumer;
    running.liveness = liveness;
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      liveness.joined(payload.memberAssignment);
      subscription.onJoined?.();
    });
    await consumer.connect();
    await consumer.subscribe({ topics: running.topics, fromBeginning: running.fromBeginning });
    const wanted = new Set<string>(subscription.events);
    const typeOf = (message: KafkaMessage): EventType | undefined => {
      const type = text(message.headers?.[Header.type]);
      return type && wanted.has(type) && isEventType(type) ? type : undefined;
    };
    const options = {
      // Order holds per partition (the aggregate's key); partitions of a topic proceed side by side.
      partitionsConsumedConcurrently: 3,
      // kafkajs commits at the end of a fetched batch by default; a backlog's batch holds hundreds of
      // events, and a rebalance in the middle of it (a restarted instance rejoining, a dead one
      // leaving) made the next owner handle all of them again (the chaos tier's rewards group).
      // Committing as it goes loses at most a second's or 100 events' work.
      autoCommitInterval: 1000,
      autoCommitThreshold: 100,
    };
    // kafkajs's run() resolves only once the group has taken the consumer in; after an unclean stop
    // (kill -9, a crash) the group first waits out the dead member's session (sessionTimeout, 30 s).
    // Nothing a service serves waits for its consumers, so it is not kept from serving meanwhile: the
    // join goes on in the background (onJoined tells when), and its start position is already fixed
    // (subscribe above; a new 'latest' group was pinned before it).
    const joining = (run: Promise<void>) =>
      void run.catch((error: unknown) =>
        this.options.logger.error({ err: error, group: groupId }, 'Kafka consumer could not start'),
      );
    if (subscription.batchHandler) {
      if (subscription.idempotent !== true)
        throw new Error(`${groupId}: a batch handler needs an idempotent subscription`);
      joining(
        consumer.run({
          ...options,
          eachBatchAutoResolve: false,
          eachBatch: (payload) => this.consumeBatch(running, liveness, typeOf, payload),
        }),
      );
      return;
    }
    joining(
      consumer.run({
        ...options,
        eachMessage: async ({ topic, partition, message, heartbeat }) => {
          liveness.progressed();
          const type = typeOf(message);
          if (!type) return;
          const handling = liveness.handlerStarted(Date.now());
          try {
            await this.handle(groupId, subscription, topic, partition, message, type, heartbeat);
          } finally {
            liveness.handlerFinished(handling);
          }
        },
      }),
    );
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
        // A consumer stuck in kafkajs may never finish disconnecting; its group evicts it anyway
        // once its heartbeats stop (sessionTimeout).
        if (stalled) await Promise.race([stalled.disconnect().catch(() => undefined), sleep(15_000)]);
        if (this.closed) return;
        await this.startConsumer(running).catch((error: unknown) =>
          this.options.logger.error({ err: error, group: groupId }, 'Kafka consumer could not be restarted'),
        );
      }
    } finally {
      this.replacing = false;
    }
  }

  private async handle(
    groupId: string,
    subscription: Subscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
    type: EventType,
    heartbeat?: () => Promise<void>,
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
        if (dedupe && (await this.options.processed.has(groupId, eventId))) return;
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
            if (dedupe) await this.options.processed.remember(groupId, eventId);
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
              await heartbeat?.().catch(() => undefined);
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

  /**
   * A fetched batch of one partition, `maxBatch` events per call of the batch handler, each run's
   * offsets resolved and committed as it is done. A run whose call fails is handled again event by
   * event (handle(): retries, a dependency's outage waited out, dead letters).
   */
  private async consumeBatch(
    running: RunningSubscription,
    liveness: ConsumerLiveness,
    typeOf: (message: KafkaMessage) => EventType | undefined,
    { batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary }: EachBatchPayload,
  ): Promise<void> {
    const { groupId, subscription } = running;
    const { topic, partition } = batch;
    const size = subscription.maxBatch ?? MAX_BATCH;
    for (let start = 0; start < batch.messages.length; start += size) {
      if (!isRunning() || isStale()) return;
      liveness.progressed();
      const run = batch.messages.slice(start, start + size).flatMap((message) => {
        const type = typeOf(message);
        return type ? [{ message, type, carrier: headersOf(message) }] : [];
      });
      if (run.length > 0) {
        const handling = liveness.handlerStarted(Date.now());
        try {
          await this.handleRun(groupId, subscription, topic, partition, run, heartbeat);
        } finally {
          liveness.handlerFinished(handling);
        }
      }
      for (const message of batch.messages.slice(start, start + size)) resolveOffset(message.offset);
      await heartbeat();
      await commitOffsetsIfNecessary();
    }
  }

  private async handleRun(
    groupId: string,
    subscription: Subscription,
    topic: string,
    partition: number,
    run: { message: KafkaMessage; type: EventType; carrier: Record<string, string | undefined> }[],
    heartbeat: () => Promise<void>,
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
        await this.handle(groupId, subscription, topic, partition, message, type, heartbeat);
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
    const headers: IHeaders = {
      ...(message.headers ?? {}),
      [Header.error]: error instanceof Error ? error.message : String(error),
      [Header.sourceTopic]: topic,
      [Header.sourcePartition]: String(partition),
      [Header.sourceOffset]: message.offset,
      [Header.attempts]: String(attempts),
    };
    await this.producer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [{ key: message.key, value: message.value, headers }],
    });
    deadLetters.add(1, { topic });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    await this.lag.close();
    // A consumer still joining its group (after a crash, until the dead member's session expires)
    // finishes its join before it leaves: not waited for past a few seconds; the group drops it anyway.
    await Promise.race([
      Promise.allSettled(this.subscriptions.map((running) => running.consumer?.disconnect())),
      new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
    ]);
    await this.producer.disconnect().catch(() => undefined);
    this.producerReady = false;
  }
}
