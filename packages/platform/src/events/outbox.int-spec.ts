import { randomUUID } from 'node:crypto';
import { Connection, Schema } from 'mongoose';
import pino from 'pino';
import { connectMongo } from '../mongo/connection';
import { explainFind, servedByIndex } from '../mongo/explain';
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
  it('publishes the document a writer names by _id, without querying the whole collection', async () => {
    const schema = new Schema(
      { _id: String, name: String },
      { versionKey: false, collection: 'outbox_hinted' },
    );
    schema.plugin(outboxPlugin);
    const Named = mongo.models.Named ?? mongo.model('Named', schema);
    const id = randomUUID();
    const event = createEvent('outbox-test', 'user.registered', id, {
      userId: id,
      username: 'hinted',
      displayName: 'Hinted',
      email: 'h@example.com',
      role: 'user',
      auraScore: 100,
      createdAt: new Date().toISOString(),
    });
    await Named.create({ _id: id, name: 'named', [OUTBOX_FIELD]: toStoredOutbox([event]) });
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    // No periodic sweep during the test: only the nudge can publish.
    const relay = new OutboxRelay({ bus, logger, models: [Named], intervalMs: 600_000 });
    const finds = jest.spyOn(Named, 'find');
    try {
      relay.start();
      await waitFor(async () => finds.mock.calls.length > 0, { what: 'the start-up sweep' });
      await relay.stop();
      await Named.updateOne({ _id: id }, { $set: { [OUTBOX_FIELD]: toStoredOutbox([event]) } });
      finds.mockClear();
      const hinted = new OutboxRelay({ bus, logger, models: [Named], intervalMs: 600_000 });
      hinted.nudge({ model: Named, id });
      await waitFor(() => recorder.records.some((r) => r.headers[Header.id] === event.id), {
        what: 'the hinted event',
      });
      await waitFor(
        async () => {
          const doc = await Named.findById(id).select(`+${OUTBOX_FIELD}`).lean<Record<string, unknown[]>>();
          return doc !== null && (doc[OUTBOX_FIELD] ?? []).length === 0;
        },
        { what: 'the named outbox to be emptied' },
      );
      expect(finds).not.toHaveBeenCalled();
      expect((await Named.findById(id).lean<{ name: string }>())?.name).toBe('named');
      await hinted.stop();
    } finally {
      finds.mockRestore();
      await relay.stop();
      await recorder.stop();
    }
  });

  it('publishes a backlog in batches and clears every document, also those with several events', async () => {
    const schema = new Schema(
      { _id: String, name: String },
      { versionKey: false, collection: 'outbox_backlog' },
    );
    schema.plugin(outboxPlugin);
    const Item = mongo.models.Item ?? mongo.model('Item', schema);
    const registered = (id: string) =>
      createEvent('outbox-test', 'user.registered', id, {
        userId: id,
        username: `u${id.slice(0, 8)}`,
        displayName: 'Backlog',
        email: 'b@example.com',
        role: 'user',
        auraScore: 100,
        createdAt: new Date().toISOString(),
      });
    const ids = Array.from({ length: 130 }, () => randomUUID());
    const events = new Map(ids.map((id) => [id, [registered(id)]]));
    events.get(ids[0])!.push(registered(ids[0]), registered(ids[0])); // one document with three
    await Item.insertMany(
      ids.map((id) => ({ _id: id, name: 'item', [OUTBOX_FIELD]: toStoredOutbox(events.get(id)!) })),
    );
    const want = new Set([...events.values()].flat().map((event) => event.id));

    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    const relay = new OutboxRelay({ bus, logger, models: [Item], intervalMs: 60_000, batchSize: 50 });
    const pops = jest.spyOn(Item, 'updateMany');
    try {
      await relay.drain();
      // Each batch's outboxes are emptied by one write, the document with three events included.
      expect(pops).toHaveBeenCalledTimes(Math.ceil(ids.length / 50));
      await waitFor(
        () => [...want].every((id) => recorder.records.some((r) => r.headers[Header.id] === id)),
        { what: 'all 132 events' },
      );
      const left = await Item.countDocuments({ _id: { $in: ids }, [`${OUTBOX_FIELD}.0`]: { $exists: true } });
      expect(left).toBe(0);
      expect(await Item.countDocuments({ _id: { $in: ids }, name: 'item' })).toBe(ids.length);
      // The sweep reads only documents with unpublished events, through the outbox's sparse index.
      await Item.init();
      const plan = await explainFind(Item.collection as never, { [`${OUTBOX_FIELD}.id`]: { $exists: true } });
      expect(servedByIndex(plan)).toBe(true);
    } finally {
      pops.mockRestore();
      await relay.stop();
      await recorder.stop();
    }
  });
});
