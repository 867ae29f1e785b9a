// Helpers for tests that run against the real local infrastructure (deploy/local).
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { baseConfigSchema, BaseConfig } from '../config/config';
import type { EventRecord } from '../events/event';
import type { EventBus } from '../events/event-bus';
import { pinNewGroupAtEnd } from '../events/kafka-offsets';
import { InternalCalls } from '../grpc/internal-calls';

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

/**
 * A test's identity for internal calls, as the service it plays (default: the gateway, which signs
 * caller tokens), from the local PKI the test runner points AURA_INTERNAL_TLS_DIR at.
 */
export function testIdentity(service = 'gateway', env: NodeJS.ProcessEnv = process.env): InternalCalls {
  const tlsDir = env.AURA_INTERNAL_TLS_DIR;
  if (!tlsDir)
    throw new Error('AURA_INTERNAL_TLS_DIR is not set: run the tests with scripts/test/run-tests.mjs');
  return new InternalCalls({ service, tlsDir });
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
  const kafka = new Kafka({ clientId: `test-${randomUUID()}`, brokers, logLevel: logLevel.NOTHING });
  const groupId = `test-recorder-${randomUUID()}`;
  await pinNewGroupAtEnd(kafka, groupId, topics);
  const consumer = kafka.consumer({ groupId });
  const records: ReceivedRecord[] = [];
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ topic, message }) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
      records.push({
        topic,
        key: message.key?.toString() ?? '',
        headers,
        value: message.value ?? Buffer.alloc(0),
      });
    },
  });
  return { records, stop: () => consumer.disconnect() };
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
  const kafka = new Kafka({ clientId: `test-${randomUUID()}`, brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => !topic.startsWith('__'));
    const { groups } = await admin.listGroups();
    const ours = groups.map((group) => group.groupId).filter((id) => id.startsWith(`${groupPrefix}.`));
    const behind = async () => {
      const ends = new Map<string, Map<number, number>>();
      for (const topic of topics) {
        const offsets = await admin.fetchTopicOffsets(topic);
        ends.set(topic, new Map(offsets.map((end) => [end.partition, Number(end.high)])));
      }
      let total = 0;
      for (const groupId of ours) {
        for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
          for (const { partition, offset } of partitions) {
            // -1: the group does not read this topic.
            if (Number(offset) >= 0) total += Math.max(0, ends.get(topic)!.get(partition)! - Number(offset));
          }
        }
      }
      return total;
    };
    await waitFor(async () => (await behind()) === 0, { timeoutMs, intervalMs: 250, what });
  } finally {
    await admin.disconnect();
  }
}

export { closeEarnings, earn } from './earnings';
export { lastMailTo, linkIn, mailpitUrl, type Mail, type MailQuery } from './mailbox';
export { closeTestClock, runAccountDeletionsAt } from './test-clock';
export { readZip } from './zip';
