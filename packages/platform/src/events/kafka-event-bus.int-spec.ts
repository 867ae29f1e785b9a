import { randomUUID } from 'node:crypto';
import { Connection } from 'mongoose';
import pino from 'pino';
import { connectMongo } from '../mongo/connection';
import { startTelemetry, stopTelemetry } from '../telemetry/telemetry';
import { recordTopics, testConfig, waitFor } from '../testing';
import { createEvent, DomainEvent, Header } from './event';
import { KafkaEventBus } from './kafka-event-bus';
import { MongoProcessedEventStore } from './processed-event-store';

const config = testConfig();
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('KafkaEventBus against the local Kafka', () => {
  let mongo: Connection;
  let bus: KafkaEventBus;

  beforeAll(async () => {
    startTelemetry({ serviceName: 'platform-test' });
    mongo = await connectMongo(config.MONGODB_URI, 'aura_platform_test');
    bus = new KafkaEventBus({
      clientId: 'platform-test',
      brokers: config.KAFKA_BROKERS,
      groupPrefix: `test-${randomUUID()}`,
      // The shared topics hold every earlier run's events; each test filters by its own keys anyway.
      newGroupStart: 'latest',
      logger,
      processed: new MongoProcessedEventStore(mongo),
      retryBaseMs: 20,
    });
    await bus.connect();
  });

  afterAll(async () => {
    await bus.close();
    await mongo.close();
    await stopTelemetry();
  });

  const registered = (userId: string) =>
    createEvent('platform-test', 'user.registered', userId, {
      userId,
      username: `u_${userId.slice(0, 8)}`,
      displayName: 'Test',
      email: 'test@example.com',
      role: 'user',
      auraScore: 100,
      createdAt: new Date().toISOString(),
    });

  it('delivers a typed event keyed by its aggregate id, once, even when it is published twice', async () => {
    const userId = randomUUID();
    const received: DomainEvent[] = [];
    await bus.subscribe({
      group: `dedupe-${userId}`,
      events: ['user.registered'],
      handler: async (event) => {
        if (event.key === userId) received.push(event);
      },
    });
    const event = registered(userId);
    await bus.publish([event]);
    await bus.publish([event]); // a redelivery: same event id
    await waitFor(() => received.length >= 1, { what: 'the event' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: event.id, type: 'user.registered', key: userId, version: 1 });
    expect(received[0].payload).toMatchObject({ userId, auraScore: 100, role: 'user' });
  });

  it('an idempotent subscription skips the processed-event store: a redelivery reaches its handler', async () => {
    const userId = randomUUID();
    const group = `idempotent-${userId}`;
    const received: DomainEvent[] = [];
    await bus.subscribe({
      group,
      events: ['user.registered'],
      idempotent: true,
      handler: async (event) => {
        if (event.key === userId) received.push(event);
      },
    });
    const event = registered(userId);
    await bus.publish([event]);
    await bus.publish([event]);
    await waitFor(() => received.length >= 2, { what: 'both deliveries' });
    expect(received.map((delivered) => delivered.id)).toEqual([event.id, event.id]);
    const markers = await mongo
      .collection('processed_events')
      .countDocuments({ _id: { $regex: `${group}:` } } as object);
    expect(markers).toBe(0);
  });

  it('a new group told to start at the end skips history but gets what is published right after', async () => {
    const before = randomUUID();
    const after = randomUUID();
    await bus.publish([registered(before)]);
    const latestBus = new KafkaEventBus({
      clientId: 'platform-test-latest',
      brokers: config.KAFKA_BROKERS,
      groupPrefix: `test-${randomUUID()}`,
      newGroupStart: 'latest',
      logger,
      processed: new MongoProcessedEventStore(mongo),
    });
    await latestBus.connect();
    try {
      const seen: string[] = [];
      await latestBus.subscribe({
        group: 'latest',
        events: ['user.registered'],
        handler: async (event) => void seen.push(event.key),
      });
      await bus.publish([registered(after)]); // at once: no time for a lazy offset lookup
      await waitFor(() => seen.includes(after), { what: 'the event published after subscribing' });
      expect(seen).not.toContain(before);
    } finally {
      await latestBus.close();
    }
  });

  it("a batch handler gets a partition's events in order, several per call", async () => {
    const key = randomUUID();
    const users = Array.from({ length: 6 }, () => randomUUID());
    const calls: string[][] = [];
    const oneByOne: string[] = [];
    await bus.subscribe({
      group: `batch-${key}`,
      events: ['user.registered'],
      idempotent: true,
      handler: async (event) => {
        if (event.key === key) oneByOne.push((event.payload as { userId: string }).userId);
      },
      batchHandler: async (events) => {
        const ours = events.filter((event) => event.key === key);
        if (ours.length > 0) calls.push(ours.map((event) => (event.payload as { userId: string }).userId));
      },
    });
    // One key, so one partition; published together, so fetched together.
    await bus.publish(users.map((userId) => ({ ...registered(userId), key })));
    await waitFor(() => calls.flat().length >= users.length, { what: 'every event' });
    expect(calls.flat()).toEqual(users);
    expect(calls.length).toBeLessThan(users.length);
    expect(oneByOne).toEqual([]);
  });

  it('when a batch handler fails, its events are handled one by one', async () => {
    const key = randomUUID();
    const users = Array.from({ length: 3 }, () => randomUUID());
    let batchCalls = 0;
    const oneByOne: string[] = [];
    await bus.subscribe({
      group: `batch-fails-${key}`,
      events: ['user.registered'],
      idempotent: true,
      handler: async (event) => {
        if (event.key === key) oneByOne.push((event.payload as { userId: string }).userId);
      },
      batchHandler: async (events) => {
        if (!events.some((event) => event.key === key)) return;
        batchCalls += 1;
        throw new Error('the batch cannot be handled at once');
      },
    });
    await bus.publish(users.map((userId) => ({ ...registered(userId), key })));
    await waitFor(() => oneByOne.length >= users.length, { what: 'every event, one by one' });
    expect(oneByOne).toEqual(users);
    expect(batchCalls).toBeGreaterThanOrEqual(1);
  });

  it('retries a failing handler with backoff and succeeds', async () => {
    const userId = randomUUID();
    let attempts = 0;
    await bus.subscribe({
      group: `retry-${userId}`,
      events: ['user.registered'],
      handler: async (event) => {
        if (event.key !== userId) return;
        attempts += 1;
        if (attempts < 3) throw new Error('transient');
      },
    });
    await bus.publish([registered(userId)]);
    await waitFor(() => attempts >= 3, { what: 'three attempts' });
    expect(attempts).toBe(3);
  });

  it('sends a poison event to the dead-letter topic and keeps consuming the partition', async () => {
    const key = randomUUID();
    const poisonUser = randomUUID();
    const nextUser = randomUUID();
    const handled: string[] = [];
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user.dlq']);
    try {
      await bus.subscribe({
        group: `dlq-${key}`,
        events: ['user.registered'],
        maxAttempts: 2,
        handler: async (event) => {
          const { userId } = event.payload as { userId: string };
          if (userId === poisonUser) throw new Error('cannot handle this one');
          if (userId === nextUser) handled.push(userId);
        },
      });
      // Same key, so same partition: the poison comes first and must not block the next one.
      const poison = { ...registered(poisonUser), key };
      await bus.publish([poison]);
      await bus.publish([{ ...registered(nextUser), key }]);
      const dead = await waitFor(() => recorder.records.find((r) => r.headers[Header.id] === poison.id), {
        what: 'the dead letter',
        timeoutMs: 30000,
      });
      expect(dead.headers[Header.error]).toBe('cannot handle this one');
      expect(dead.headers[Header.sourceTopic]).toBe('aura.identity.user');
      expect(dead.headers[Header.attempts]).toBe('2');
      await waitFor(() => handled.includes(nextUser), { what: 'the event after the poison' });
    } finally {
      await recorder.stop();
    }
  });

  it('replaces a consumer that stopped without crashing, and the events published meanwhile arrive', async () => {
    // A Kafka client can leave a consumer stopped for good after a broker restart (kafkajs did,
    // docs/reliability.md); pausing its stream by hand leaves it in that state: in its group, not
    // consuming, no crash.
    const watched = new KafkaEventBus({
      clientId: 'platform-test-watchdog',
      brokers: config.KAFKA_BROKERS,
      groupPrefix: `test-${randomUUID()}`,
      newGroupStart: 'latest',
      logger,
      processed: new MongoProcessedEventStore(mongo),
      consumerStallMs: 3_000,
      consumerLagSampleMs: 500,
    });
    try {
      const userId = randomUUID();
      const received: string[] = [];
      let joins = 0;
      await watched.subscribe({
        group: `watchdog-${userId}`,
        events: ['user.registered'],
        onJoined: () => (joins += 1),
        handler: async (event) => {
          if (event.key === userId) received.push(event.id);
        },
      });
      await waitFor(() => joins >= 1, { what: 'the group joined' });
      // Quiet and caught up for longer than the stall limit: alive, not replaced.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(joins).toBe(1);
      const [running] = (watched as unknown as { subscriptions: { stream: { pause(): void } }[] })
        .subscriptions;
      running.stream.pause();
      const event = registered(userId);
      await bus.publish([event]);
      await waitFor(() => received.length >= 1, {
        what: 'the event, through the replacement consumer',
        timeoutMs: 30_000,
      });
      expect(received).toEqual([event.id]);
      expect(joins).toBeGreaterThanOrEqual(2);
    } finally {
      await watched.close();
    }
  });

  it('starts a consumer whose stream failed again, and the events published meanwhile arrive', async () => {
    const userId = randomUUID();
    const received: string[] = [];
    let joins = 0;
    await bus.subscribe({
      group: `restart-${userId}`,
      events: ['user.registered'],
      onJoined: () => (joins += 1),
      handler: async (event) => {
        if (event.key === userId) received.push(event.id);
      },
    });
    await waitFor(() => joins >= 1, { what: 'the group joined' });
    const subscriptions = (
      bus as unknown as { subscriptions: { groupId: string; stream: { destroy(error: Error): void } }[] }
    ).subscriptions;
    subscriptions
      .find((running) => running.groupId.endsWith(`restart-${userId}`))!
      .stream.destroy(new Error('broker gone'));
    const first = registered(userId);
    const second = registered(userId);
    await bus.publish([first]);
    await bus.publish([second]);
    await waitFor(() => received.length >= 2, {
      what: 'both events, through the new consumer',
      timeoutMs: 30_000,
    });
    expect(received).toEqual([first.id, second.id]);
    expect(joins).toBeGreaterThanOrEqual(2);
  });

  it('carries the trace context in the headers', async () => {
    const userId = randomUUID();
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    try {
      const event = {
        ...registered(userId),
        trace: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      };
      await bus.publish([event]);
      const record = await waitFor(() => recorder.records.find((r) => r.headers[Header.id] === event.id), {
        what: 'the record',
      });
      expect(record.key).toBe(userId);
      expect(record.headers[Header.type]).toBe('user.registered');
      expect(record.headers[Header.producer]).toBe('platform-test');
      // The publish span is a child of the stored context: same trace id, new span id.
      expect(record.headers.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-0[01]$/);
    } finally {
      await recorder.stop();
    }
  });
});
