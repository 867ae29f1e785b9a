// Blocks against the real local MongoDB server and Kafka (deploy/local): repository, rules and the events
// that tell the other services.
import { randomBytes } from 'node:crypto';
import {
  connectMongo,
  databaseName,
  decodePayload,
  Header,
  KafkaEventBus,
  MongoProcessedEventStore,
  NotFound,
  OutboxModel,
  OutboxRelay,
  RuleViolation,
} from '@aura/platform';
import { recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import type { Connection } from 'mongoose';
import pino from 'pino';
import { UsersRepository } from '../users/users.repository';
import { BlocksRepository } from './blocks.repository';
import { BlockMessages, BlocksService } from './blocks.service';

const config = testConfig();
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let mongo: Connection;
let bus: KafkaEventBus;
let relay: OutboxRelay;
let users: UsersRepository;
let blocks: BlocksRepository;
let service: BlocksService;
const outboxModels: OutboxModel[] = [];

const runtime = {
  service: 'identity',
  registerOutbox: (...models: OutboxModel[]) => void outboxModels.push(...models),
  eventsStored: () => relay?.nudge(),
};

async function newMember(): Promise<string> {
  const username = `blk_${randomBytes(5).toString('hex')}`;
  const user = await users.create({
    username,
    email: `${username}@example.com`,
    displayName: username,
    passwordHash: 'x',
    role: 'user',
  });
  return user.id;
}

const as = (userId: string) => ({ userId, role: 'user' as const });

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the runtime's outbox face only
  users = new UsersRepository(mongo, runtime as any);
  blocks = new BlocksRepository(mongo, runtime);
  await blocks.ensureIndexes();
  service = new BlocksService(blocks, users);
  bus = new KafkaEventBus({
    clientId: 'identity-blocks-test',
    brokers: config.KAFKA_BROKERS,
    groupPrefix: `test-${Date.now()}`,
    logger,
    processed: new MongoProcessedEventStore(mongo),
  });
  await bus.connect();
  relay = new OutboxRelay({ bus, logger, models: outboxModels, intervalMs: 200 });
  relay.start();
});

afterAll(async () => {
  await relay?.stop();
  await bus?.close();
  await mongo?.close();
});

describe('blocks', () => {
  it('a member blocks another once, however many times it is asked at the same moment', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await Promise.all(Array.from({ length: 8 }, () => service.block(as(a), b, 'spam')));
    const list = await service.list(as(a));
    expect(list.map((entry) => entry.user.id)).toEqual([b]);
    expect(list[0].reason).toBe('spam');
    expect(await service.between(a, b)).toEqual({ aBlocksB: true, bBlocksA: false });
    expect(await service.between(b, a)).toEqual({ aBlocksB: false, bBlocksA: true });
  });

  it('publishes user.blocked then user.unblocked, keyed by the blocker, exactly once each', async () => {
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    try {
      const [a, b] = [await newMember(), await newMember()];
      await service.block(as(a), b, '');
      await service.block(as(a), b, ''); // a repeat: no second event
      await service.unblock(as(a), b);
      await service.unblock(as(a), b); // a repeat: no second event
      const mine = () =>
        recorder.records.filter(
          (record) =>
            record.key === a &&
            ['user.blocked', 'user.unblocked'].includes(record.headers[Header.type] ?? ''),
        );
      await waitFor(() => mine().length >= 2, { what: 'both block events' });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // no duplicates trickle in
      const records = mine();
      // One of each (their publish order is not promised; changed_at orders them, ADR 0001).
      expect(records.map((record) => record.headers[Header.type]).sort()).toEqual([
        'user.blocked',
        'user.unblocked',
      ]);
      const of = (type: string) => records.find((record) => record.headers[Header.type] === type)!;
      const payload = decodePayload('user.unblocked', of('user.unblocked').value);
      expect(payload).toMatchObject({ blockerId: a, blockedId: b });
      expect(Date.parse(payload.changedAt)).toBeGreaterThanOrEqual(
        Date.parse(decodePayload('user.blocked', of('user.blocked').value).changedAt),
      );
      expect(await service.list(as(a))).toEqual([]);
      expect(await service.between(a, b)).toEqual({ aBlocksB: false, bBlocksA: false });
    } finally {
      await recorder.stop();
    }
  });

  it('blocks both ways independently; unblocking one side leaves the other', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await service.block(as(a), b);
    await service.block(as(b), a);
    expect(await service.between(a, b)).toEqual({ aBlocksB: true, bBlocksA: true });
    await service.unblock(as(a), b);
    expect(await service.between(a, b)).toEqual({ aBlocksB: false, bBlocksA: true });
  });

  it('refuses blocking oneself, unknown members and over-long reasons', async () => {
    const a = await newMember();
    await expect(service.block(as(a), a)).rejects.toThrow(new RuleViolation(BlockMessages.notYourself));
    await expect(service.block(as(a), '0123456789abcdef01234567')).rejects.toThrow(
      new NotFound(BlockMessages.userNotFound),
    );
    await expect(service.unblock(as(a), '0123456789abcdef01234567')).rejects.toThrow(NotFound);
    const b = await newMember();
    await expect(service.block(as(a), b, 'x'.repeat(501))).rejects.toThrow(BlockMessages.reasonTooLong);
    await expect(service.block(undefined, b)).rejects.toThrow(BlockMessages.signInRequired);
  });

  it('a block after an unblock is a new block with its own events', async () => {
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    try {
      const [a, b] = [await newMember(), await newMember()];
      await service.block(as(a), b);
      await service.unblock(as(a), b);
      await new Promise((resolve) => setTimeout(resolve, 5)); // a new block time
      await service.block(as(a), b);
      const types = () =>
        recorder.records
          .filter((record) => record.key === a && record.headers[Header.type] !== 'user.registered')
          .map((record) => record.headers[Header.type]);
      await waitFor(() => types().length >= 3, { what: 'three block events' });
      // Each change has its own event. Their publish order is not promised: the outbox relay's passes
      // (and, in production, the relays of several replicas) may publish a later event first, so
      // consumers order by changed_at (ADR 0001).
      expect([...types()].sort()).toEqual(['user.blocked', 'user.blocked', 'user.unblocked']);
      expect(await service.between(a, b)).toEqual({ aBlocksB: true, bBlocksA: false });
    } finally {
      await recorder.stop();
    }
  });
});
