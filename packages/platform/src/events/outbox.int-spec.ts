import { randomUUID } from 'node:crypto';
import { Connection, Schema } from 'mongoose';
import pino from 'pino';
import { connectMongo } from '../mongo/connection';
import { explainFind, servedByIndex } from '../mongo/explain';
import { recordTopics, testConfig, waitFor } from '../testing';
import { createEvent, EventRecord, Header } from './event';
import { KafkaEventBus } from './kafka-event-bus';
import { OUTBOX_FIELD, OutboxModel, outboxPlugin, OutboxRelay, toStoredOutbox } from './outbox';
import { MongoProcessedEventStore } from './processed-event-store';

const config = testConfig();
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** An event to relay (any type does; the relay does not read payloads). */
const registered = (id: string, name = 'outboxer') =>
  createEvent('outbox-test', 'user.registered', id, {
    userId: id,
    username: `${name}${id.slice(0, 8)}`,
    displayName: name,
    email: `${name}@example.com`,
    role: 'user',
    auraScore: 100,
    createdAt: new Date().toISOString(),
  });

/** The relay's private sweep, to wait for the start-up one (start() runs it without returning it). */
const sweepOf = (relay: OutboxRelay) =>
  jest.spyOn(relay as unknown as { sweep(): Promise<boolean> }, 'sweep');

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
    const event = registered(id);
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

  it('publishes the documents writers name, read by _id, without querying the whole collection', async () => {
    const schema = new Schema(
      { _id: String, name: String },
      { versionKey: false, collection: 'outbox_hinted' },
    );
    schema.plugin(outboxPlugin);
    const Named = mongo.models.Named ?? mongo.model('Named', schema);
    const [id, other] = [randomUUID(), randomUUID()];
    const [event, otherEvent] = [registered(id, 'hinted'), registered(other, 'hinted too')];
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    // No periodic sweep during the test: after the start-up sweep, only the nudge can publish.
    const relay = new OutboxRelay({ bus, logger, models: [Named], intervalMs: 600_000 });
    const sweeps = sweepOf(relay);
    const finds = jest.spyOn(Named, 'find');
    try {
      relay.start();
      expect(sweeps).toHaveBeenCalledTimes(1);
      await sweeps.mock.results[0].value;
      finds.mockClear();
      await Named.create({ _id: id, name: 'named', [OUTBOX_FIELD]: toStoredOutbox([event]) });
      await Named.create({ _id: other, name: 'other', [OUTBOX_FIELD]: toStoredOutbox([otherEvent]) });
      relay.nudge({ model: Named, id });
      relay.nudge({ model: Named, id: other });
      await waitFor(
        () =>
          [event, otherEvent].every((each) => recorder.records.some((r) => r.headers[Header.id] === each.id)),
        { what: 'the hinted events' },
      );
      await waitFor(
        async () => {
          const doc = await Named.findById(id).select(`+${OUTBOX_FIELD}`).lean<Record<string, unknown[]>>();
          return doc !== null && (doc[OUTBOX_FIELD] ?? []).length === 0;
        },
        { what: 'the named outbox to be emptied' },
      );
      // Only reads by _id (one per pass), never the pending documents of the collection.
      expect(finds.mock.calls.length).toBeGreaterThan(0);
      for (const call of finds.mock.calls as unknown[][])
        expect(Object.keys((call[0] as object | undefined) ?? {})).toEqual(['_id']);
      expect(sweeps).toHaveBeenCalledTimes(1);
      expect((await Named.findById(id).lean<{ name: string }>())?.name).toBe('named');
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
    const ids = Array.from({ length: 130 }, () => randomUUID());
    const events = new Map(ids.map((id) => [id, [registered(id, 'backlog')]]));
    events.get(ids[0])!.push(registered(ids[0], 'backlog'), registered(ids[0], 'backlog')); // one document with three
    await Item.insertMany(
      ids.map((id) => ({ _id: id, name: 'item', [OUTBOX_FIELD]: toStoredOutbox(events.get(id)!) })),
    );
    const want = new Set([...events.values()].flat().map((event) => event.id));

    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    const relay = new OutboxRelay({ bus, logger, models: [Item], intervalMs: 60_000, batchSize: 50 });
    const pops = jest.spyOn(Item, 'updateMany');
    try {
      relay.start();
      await relay.stop(); // after the start-up sweep, which publishes the whole backlog
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

  describe('a collection whose documents only carry events (deleteWhenPublished)', () => {
    let Transfer: OutboxModel;

    beforeAll(async () => {
      // The shape of economy's ledger_outbox: one document per transfer, all its events written with it.
      const schema = new Schema(
        { _id: String, created_at: Date },
        { versionKey: false, strict: false, collection: 'outbox_deleted' },
      );
      schema.plugin(outboxPlugin, { deleteWhenPublished: true });
      Transfer = mongo.models.OutboxDeleted ?? mongo.model('OutboxDeleted', schema);
      // What an earlier run left would be published (and counted) with these tests' documents.
      await Transfer.deleteMany({});
    });

    /** Transfers as a transaction writes them (through the driver), with `perTransfer` events each. */
    async function transfers(count: number, perTransfer = 2): Promise<Map<string, EventRecord[]>> {
      const written = new Map(
        Array.from({ length: count }, () => randomUUID()).map((id) => [
          id,
          Array.from({ length: perTransfer }, () => registered(id, 'transfer')),
        ]),
      );
      await Transfer.collection.insertMany(
        [...written].map(([id, events]) => ({
          _id: id as never,
          created_at: new Date(),
          [OUTBOX_FIELD]: toStoredOutbox(events),
        })),
      );
      return written;
    }

    const left = (written: Map<string, EventRecord[]>) =>
      Transfer.countDocuments({ _id: { $in: [...written.keys()] } });

    it('publishes a batch of documents in one Kafka call, then deletes them in one call', async () => {
      const written = await transfers(130);
      const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
      const relay = new OutboxRelay({ bus, logger, models: [Transfer], intervalMs: 60_000, batchSize: 50 });
      const publishes = jest.spyOn(bus, 'publish');
      const deletes = jest.spyOn(Transfer, 'deleteMany');
      try {
        relay.start();
        await relay.stop(); // after the start-up sweep
        expect(await left(written)).toBe(0);
        expect(deletes).toHaveBeenCalledTimes(Math.ceil(written.size / 50));
        expect(publishes).toHaveBeenCalledTimes(deletes.mock.calls.length);
        // Every transfer's events went out, all of them in the call before the one that deleted it.
        deletes.mock.calls.forEach(([filter], call) => {
          const deleted = (filter as { _id: { $in: string[] } })._id.$in;
          const published = new Set(publishes.mock.calls[call][0].map((record) => record.id));
          expect(publishes.mock.invocationCallOrder[call]).toBeLessThan(
            deletes.mock.invocationCallOrder[call],
          );
          for (const id of deleted)
            for (const event of written.get(id)!) expect(published.has(event.id)).toBe(true);
        });
        const want = [...written.values()].flat().map((event) => event.id);
        expect(want).toHaveLength(260);
        await waitFor(() => want.every((id) => recorder.records.some((r) => r.headers[Header.id] === id)), {
          what: 'all 260 events',
        });
        // Every document is pending until it is deleted: no index but _id's.
        await Transfer.init();
        expect((await Transfer.collection.indexes()).map((index) => index.name)).toEqual(['_id_']);
      } finally {
        publishes.mockRestore();
        deletes.mockRestore();
        await relay.stop();
        await recorder.stop();
      }
    });

    it('publishes again, with the same event ids, what a crash between publish and delete left', async () => {
      const written = await transfers(3);
      const want = [...written.values()].flat().map((event) => event.id);
      const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
      const crashed = new OutboxRelay({ bus, logger, models: [Transfer], intervalMs: 600_000 });
      const deletes = jest.spyOn(Transfer, 'deleteMany').mockImplementationOnce(() => {
        throw new Error('the process died after the publish');
      });
      const restarted = new OutboxRelay({ bus, logger, models: [Transfer], intervalMs: 600_000 });
      try {
        crashed.start();
        await crashed.stop();
        await waitFor(() => want.every((id) => recorder.records.some((r) => r.headers[Header.id] === id)), {
          what: 'the first publish',
        });
        expect(await left(written)).toBe(written.size);
        restarted.start(); // the next process
        await restarted.stop();
        expect(await left(written)).toBe(0);
        await waitFor(
          () => want.every((id) => recorder.records.filter((r) => r.headers[Header.id] === id).length === 2),
          { what: 'every event published twice' },
        );
        expect(deletes).toHaveBeenCalledTimes(2);
      } finally {
        deletes.mockRestore();
        await crashed.stop();
        await restarted.stop();
        await recorder.stop();
      }
    });

    it('leaves the outbox alone while the relay was never started', async () => {
      const written = await transfers(2);
      const [first] = written.keys();
      const idle = new OutboxRelay({ bus, logger, models: [Transfer], intervalMs: 10 });
      const publishes = jest.spyOn(bus, 'publish');
      try {
        idle.nudge({ model: Transfer, id: first });
        idle.nudge();
        await idle.drain();
        await idle.stop();
        await idle.drain(); // ServiceRuntime.stop's last pass
        expect(publishes).not.toHaveBeenCalled();
        expect(await left(written)).toBe(written.size);
      } finally {
        publishes.mockRestore();
        await Transfer.deleteMany({ _id: { $in: [...written.keys()] } });
      }
    });

    it('publishes nothing while the bus is not ready, and all of it with the next nudge once it is', async () => {
      const before = await transfers(2);
      let ready = false;
      const isReady = jest.fn(() => ready);
      const publish = jest.fn((records: EventRecord[]) => bus.publish(records));
      const relay = new OutboxRelay({
        bus: { isReady, publish },
        logger,
        models: [Transfer],
        intervalMs: 600_000,
      });
      try {
        relay.start(); // its start-up sweep
        relay.nudge({ model: Transfer, id: [...before.keys()][0] });
        // The sweep and the named pass each asked, and stopped there.
        await waitFor(() => isReady.mock.calls.length >= 2, { what: 'both passes' });
        expect(publish).not.toHaveBeenCalled();
        expect(await left(before)).toBe(before.size);
        ready = true;
        // A later write names only its own document; the pass sweeps for what waited too.
        const after = await transfers(1);
        relay.nudge({ model: Transfer, id: [...after.keys()][0] });
        await waitFor(async () => (await left(before)) + (await left(after)) === 0, {
          what: 'every transfer published and deleted',
        });
        const published = new Set(
          publish.mock.calls.flatMap(([records]) => records.map((record) => record.id)),
        );
        for (const event of [...before.values(), ...after.values()].flat())
          expect(published.has(event.id)).toBe(true);
      } finally {
        await relay.stop();
      }
    });
  });
});
