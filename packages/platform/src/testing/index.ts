// Helpers for tests that run against the real local infrastructure (deploy/local).
import { randomUUID } from 'node:crypto';
import { Admin, Consumer, ListOffsetTimestamps, stringDeserializer } from '@platformatic/kafka';
import { baseConfigSchema, BaseConfig } from '../config/config';
import type { EventRecord } from '../events/event';
import type { EventBus } from '../events/event-bus';
import { pinNewGroupAtEnd } from '../events/kafka-offsets';

export function testConfig(overrides: Record<string, string> = {}): BaseConfig {
  return baseConfigSchema.parse({
    ...process.env,
    AURA_ENV: 'test',
    AURA_DB_SUFFIX: process.env.AURA_DB_SUFFIX || 'test',
    // Shared local topics hold every earlier run's events: test groups start at the end.
    KAFKA_NEW_GROUP_START: process.env.KAFKA_NEW_GROUP_START || 'latest',
    ...overrides,
  });
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 15000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Publishes `records` and waits until the consumer group `group` (its full id, with the prefix) of this
 * process is done with every one of them (EventBus.onHandled).
 */
export async function publishAndWaitHandled(
  bus: EventBus,
  records: EventRecord[],
  group: string,
  { timeoutMs = 60_000, what = `${records.length} events handled by ${group}` } = {},
): Promise<void> {
  const wanted = new Set(records.map((record) => record.id));
  const stopListening = bus.onHandled((handled) => {
    if (handled.group === group) wanted.delete(handled.eventId);
  });
  try {
    await bus.publish(records);
    await waitFor(() => wanted.size === 0, { timeoutMs, intervalMs: 50, what });
  } finally {
    stopListening();
  }
}

export interface ReceivedRecord {
  topic: string;
  key: string;
  headers: Record<string, string>;
  value: Buffer;
}

/**
 * Records every record published to some topics from now on (a fresh consumer group pinned to the
 * current end of each topic: the shared local topics hold every earlier run's events).
 */
export async function recordTopics(brokers: string[], topics: string[]) {
  const client = { clientId: `test-${randomUUID()}`, bootstrapBrokers: brokers };
  const groupId = `test-recorder-${randomUUID()}`;
  const admin = new Admin(client);
  try {
    await pinNewGroupAtEnd(admin, groupId, topics);
  } finally {
    await admin.close();
  }
  const consumer = new Consumer({
    ...client,
    groupId,
    deserializers: { headerKey: stringDeserializer, headerValue: stringDeserializer },
  });
  const records: ReceivedRecord[] = [];
  const stream = await consumer.consume({ topics, mode: 'committed', fallbackMode: 'earliest' });
  stream.on('data', (message) => {
    records.push({
      topic: message.topic,
      key: message.key?.toString() ?? '',
      headers: Object.fromEntries(message.headers),
      value: message.value ?? Buffer.alloc(0),
    });
  });
  const stop = async () => {
    await stream.close();
    await consumer.close();
  };
  return { records, stop };
}

/** Commits the group's offsets at the current end of each topic (before the group's first start). */
export async function seekToEnd(brokers: string[], groupId: string, topics: string[]): Promise<void> {
  const admin = new Admin({ clientId: `test-${randomUUID()}`, bootstrapBrokers: brokers });
  try {
    const ends = await endOffsets(admin, topics);
    await admin.alterConsumerGroupOffsets({
      groupId,
      topics: topics.map((name) => ({
        name,
        partitionOffsets: ends.get(name)!.map((offset, partition) => ({ partition, offset: BigInt(offset) })),
      })),
    });
  } finally {
    await admin.close();
  }
}

/** The offset the next record of each partition of the topics will get: topic -> [partition] -> offset. */
async function endOffsets(admin: Admin, topics: string[]): Promise<Map<string, number[]>> {
  if (topics.length === 0) return new Map();
  const metadata = await admin.metadata({ topics });
  const listed = await admin.listOffsets({
    topics: topics.map((name) => ({
      name,
      partitions: Array.from({ length: metadata.topics.get(name)!.partitionsCount }, (_, partitionIndex) => ({
        partitionIndex,
        timestamp: ListOffsetTimestamps.LATEST,
      })),
    })),
  });
  const ends = new Map<string, number[]>();
  for (const { name, partitions } of listed) {
    const offsets: number[] = [];
    for (const { partitionIndex, offset } of partitions) offsets[partitionIndex] = Number(offset);
    ends.set(name, offsets);
  }
  return ends;
}

/**
 * Waits until the consumer groups of one stack (those named `<groupPrefix>.`) have consumed every event
 * published so far: a test that starts a burst of work right after an earlier one waits here for the
 * earlier one's events (rewards, notifications, read models) to be handled first.
 */
export async function eventsConsumed(
  brokers: string[],
  groupPrefix: string,
  { timeoutMs = 60_000, what = `the events of ${groupPrefix} consumed` } = {},
): Promise<void> {
  const admin = new Admin({ clientId: `test-${randomUUID()}`, bootstrapBrokers: brokers });
  try {
    const topics = (await admin.listTopics()).filter((topic) => !topic.startsWith('__'));
    const ours = [...(await admin.listGroups()).keys()].filter((id) => id.startsWith(`${groupPrefix}.`));
    const behind = async () => {
      if (ours.length === 0) return 0;
      const ends = await endOffsets(admin, topics);
      let total = 0;
      // Only the topics a group reads have its committed offsets.
      for (const group of await admin.listConsumerGroupOffsets({ groups: ours })) {
        for (const { name, partitions } of group.topics) {
          for (const { partitionIndex, committedOffset } of partitions) {
            const end = ends.get(name)?.[partitionIndex];
            if (end !== undefined && committedOffset >= 0n)
              total += Math.max(0, end - Number(committedOffset));
          }
        }
      }
      return total;
    };
    await waitFor(async () => (await behind()) === 0, { timeoutMs, intervalMs: 250, what });
  } finally {
    await admin.close();
  }
}

export { closeEarnings, earn } from './earnings';
export { testIdentity } from './test-identity';
export { lastMailTo, linkIn, mailpitUrl, type Mail, type MailQuery } from './mailbox';
export { closeTestClock, runAccountDeletionsAt } from './test-clock';
export { readZip } from './zip';
