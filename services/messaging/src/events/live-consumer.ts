import {
  ConsumerLagSampler,
  deadLetters,
  deadLetterTopic,
  decodePayload,
  DomainEvent,
  EventHandler,
  extractTraceContext,
  Header,
  recordError,
  pinNewGroupAtEnd,
} from '@aura/platform';
import { EventCatalog, EventType, isEventType } from '@aura/proto';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { Consumer, IHeaders, Kafka, KafkaMessage, logLevel, Producer } from 'kafkajs';
import type { Logger } from 'pino';

export interface LiveSubscription {
  group: string;
  events: EventType[];
  handler: EventHandler;
  maxAttempts?: number;
}

const text = (value: Buffer | string | (Buffer | string)[] | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const single = Array.isArray(value) ? value[0] : value;
  return single === undefined ? undefined : single.toString();
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A consumer for events whose past is of no use: a new consumer group starts at the latest offset
 * (the platform's subscribe reads every topic from the beginning, which for a fresh group means
 * replaying every like and sign-up ever published before reaching today's). Once the group exists its
 * offsets are kept, so nothing published after the first start is missed. Handlers must be idempotent
 * by themselves (notifications and members are: deterministic ids, upserts) — there is no processed-
 * event store to ask, which on FerretDB costs two scans per event. Retries with backoff, then the
 * dead-letter topic, like the platform's bus; one span per event, child of the producer's.
 */
export class LiveConsumers {
  private readonly kafka: Kafka;
  private readonly consumers: Consumer[] = [];
  private producer?: Producer;
  /** aura_kafka_consumer_lag of these groups. */
  private readonly lag: ConsumerLagSampler;

  constructor(
    private readonly options: { brokers: string[]; groupPrefix: string; clientId: string; logger: Logger },
  ) {
    const logger = options.logger.child({ component: 'kafka-live' });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      retry: { initialRetryTime: 200, retries: 8 },
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log }) => {
          const { message, ...extra } = log;
          if (level <= logLevel.ERROR) logger.error(extra, message);
          else logger.warn(extra, message);
        },
    });
    this.lag = new ConsumerLagSampler(this.kafka, logger);
  }

  async subscribe(subscription: LiveSubscription): Promise<void> {
    const groupId = `${this.options.groupPrefix}.${subscription.group}`;
    const consumer = this.kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 250 });
    this.consumers.push(consumer);
    await consumer.connect();
    const topics = [...new Set(subscription.events.map((type) => EventCatalog[type].topic))];
    await pinNewGroupAtEnd(this.kafka, groupId, topics);
    await consumer.subscribe({ topics, fromBeginning: false });
    this.lag.watch(groupId, topics);
    topics.forEach((topic) => deadLetters.touch({ topic }));
    const wanted = new Set<string>(subscription.events);
    await consumer.run({
      // Order holds per partition (the aggregate's key); partitions proceed side by side.
      partitionsConsumedConcurrently: 3,
      eachMessage: async ({ topic, partition, message }) => {
        const type = text(message.headers?.[Header.type]);
        if (!type || !wanted.has(type) || !isEventType(type)) return;
        await this.handle(groupId, subscription, topic, partition, message, type);
      },
    });
  }

  private async handle(
    groupId: string,
    subscription: LiveSubscription,
    topic: string,
    partition: number,
    message: KafkaMessage,
    type: EventType,
  ): Promise<void> {
    const carrier: Record<string, string | undefined> = {};
    for (const name of Object.keys(message.headers ?? {})) carrier[name] = text(message.headers?.[name]);
    const parent = extractTraceContext(carrier);
    const span = trace.getTracer('aura').startSpan(
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
    const event: DomainEvent = {
      id: carrier[Header.id] ?? `${topic}:${partition}:${message.offset}`,
      type,
      version: Number(carrier[Header.version] ?? 1),
      key: message.key?.toString() ?? '',
      occurredAt: carrier[Header.occurredAt] ?? new Date(Number(message.timestamp)).toISOString(),
      producer: carrier[Header.producer] ?? 'unknown',
      payload: decodePayload(type, message.value ?? Buffer.alloc(0)),
    };
    try {
      await context.with(trace.setSpan(parent, span), async () => {
        const maxAttempts = subscription.maxAttempts ?? 5;
        for (let attempt = 1; ; attempt += 1) {
          try {
            await subscription.handler(event);
            return;
          } catch (error) {
            if (attempt >= maxAttempts) {
              recordError(span, error);
              await this.deadLetter(topic, partition, message, error, attempt);
              this.options.logger.error(
                { err: error, topic, eventId: event.id, type },
                'event sent to dead-letter topic',
              );
              return;
            }
            this.options.logger.warn(
              { err: error, topic, eventId: event.id, attempt },
              'event handler failed, retrying',
            );
            await sleep(200 * 2 ** (attempt - 1));
          }
        }
      });
    } finally {
      span.end();
    }
  }

  private async deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    error: unknown,
    attempts: number,
  ) {
    if (!this.producer) {
      this.producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
      });
      await this.producer.connect();
    }
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
    await this.lag.close();
    await Promise.allSettled(this.consumers.map((consumer) => consumer.disconnect()));
    await this.producer?.disconnect().catch(() => undefined);
  }
}
