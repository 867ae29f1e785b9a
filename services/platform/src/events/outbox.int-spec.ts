import { randomUUID } from 'node:crypto';
import { Connection, Schema } from 'mongoose';
import pino from 'pino';
import { connectMongo } from '../mongo/connection';
import { recordTopics, testConfig, waitFor } from '../testing';
import { createEvent, Header } from './event';
import { KafkaEventBus } from './kafka-event-bus';
import { OUTBOX_FIELD, outboxPlugin, OutboxRelay, toStoredOutbox } from './outbox';
import { MongoProcessedEventStore } from './processed-event-store';

const config = testConfig();
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('OutboxRelay', () => {
  let mongo: Connection;
  let bus: KafkaEventBus;

  beforeAll(async () => {
    mongo = await connectMongo(config.MONGODB_URI, 'aura_platform_test');
    bus = new KafkaEventBus({
      clientId: 'outbox-test',
      brokers: config.KAFKA_BROKERS,
      groupPrefix: 'test',
      logger,
      processed: new MongoProcessedEventStore(mongo),
    });
    await bus.connect();
  });

  afterAll(async () => {
    await bus.close();
    await mongo.close();
  });

  it('publishes events a crashed process left in its documents, then empties the outbox', async () => {
    const schema = new Schema(
      { _id: String, name: String },
      { versionKey: false, collection: 'outbox_things' },
    );
    schema.plugin(outboxPlugin);
    const Thing = mongo.models.Thing ?? mongo.model('Thing', schema);
    const id = randomUUID();
    const event = createEvent('outbox-test', 'user.registered', id, {
      userId: id,
      username: 'outboxer',
      displayName: 'Outboxer',
      email: 'o@example.com',
      role: 'user',
      auraScore: 100,
      createdAt: new Date().toISOString(),
    });
    // The write that stores the change and its event in one document; the process "dies" before publishing.
    await Thing.create({ _id: id, name: 'thing', [OUTBOX_FIELD]: toStoredOutbox([event]) });

    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    const relay = new OutboxRelay({ bus, logger, models: [Thing], intervalMs: 200 });
    try {
      relay.start(); // a new process starts and sweeps
      const record = await waitFor(() => recorder.records.find((r) => r.headers[Header.id] === event.id), {
        what: 'the relayed event',
      });
      expect(record.key).toBe(id);
      await waitFor(
        async () => {
          const doc = await Thing.findById(id).select(`+${OUTBOX_FIELD}`).lean<Record<string, unknown[]>>();
          return doc && (doc[OUTBOX_FIELD] ?? []).length === 0;
        },
        { what: 'the outbox to be emptied' },
      );
      const stored = await Thing.findById(id).lean<{ name: string }>();
      expect(stored?.name).toBe('thing');
    } finally {
      await relay.stop();
      await recorder.stop();
    }
  });
});
