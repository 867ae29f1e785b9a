#!/usr/bin/env node
// Replays dead-lettered events: reads <topic>.dlq and publishes each message again to the topic it
// came from (the aura-dlq-source-topic header), with its key, value and envelope headers, without the
// aura-dlq-* headers. Every consumer group of that topic sees it again; the groups that had handled it
// skip it (consumers dedupe by event id in their processed_events collection), the one that failed
// handles it now. Run it after the cause is fixed (docs/operations.md).
//
//   node scripts/ops/replay-dlq.mjs --list                     what waits in every .dlq (replays nothing)
//   node scripts/ops/replay-dlq.mjs --topic aura.social.content   replay that topic's dead letters
//   node scripts/ops/replay-dlq.mjs --all                      replay every topic's dead letters
//   options: --max N (at most N messages), --group G (the replay's consumer group, default aura-ops-replay-dlq)
//
// What was replayed is remembered as the committed offsets of the replay's consumer group: a second run
// replays only what arrived since. Messages are read up to the end each .dlq had when the run began.
// KAFKA_BROKERS: the brokers (deploy/aura.env's variable; default 127.0.0.1:9092).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { offsetsAt } from '../lib/kafka-offsets.mjs';
import {
  Admin,
  compatibilityPartitioner,
  Consumer,
  ListOffsetTimestamps,
  Producer,
  ProduceAcks,
  stringDeserializer,
  stringSerializer,
} from '@platformatic/kafka';

const DLQ_HEADER_PREFIX = 'aura-dlq-';
const SOURCE_TOPIC_HEADER = 'aura-dlq-source-topic';

const { values: args } = parseArgs({
  options: {
    topic: { type: 'string', multiple: true, default: [] },
    all: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    max: { type: 'string' },
    group: { type: 'string', default: 'aura-ops-replay-dlq' },
    'idle-timeout-ms': { type: 'string', default: '30000' },
  },
});
const max = args.max === undefined ? Infinity : Number(args.max);
if (!(max > 0)) fail('--max must be a positive number');
if (!args.list && !args.all && args.topic.length === 0)
  fail('name the topics (--topic <topic>, repeatable), or --all, or --list');

function fail(message) {
  console.error(`replay-dlq: ${message}`);
  process.exit(2);
}

const catalog = JSON.parse(readFileSync(new URL('../../proto/topics.json', import.meta.url), 'utf8'));
const dlqOf = (topic) => (topic.endsWith('.dlq') ? topic : `${topic}.dlq`);
const wanted = (args.topic.length > 0 ? args.topic : catalog.topics).map(dlqOf);

const client = {
  clientId: 'aura-ops-replay-dlq',
  bootstrapBrokers: (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(','),
};
const admin = new Admin(client);

try {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((topic) => !existing.has(topic));
  if (args.topic.length > 0 && missing.length > 0) fail(`no such topic: ${missing.join(', ')}`);
  const topics = wanted.filter((topic) => existing.has(topic));

  // Where each partition ends now, and how far the replay group got: what is left to replay.
  const pending = new Map(); // "topic/partition" -> { from, to } (offsets, to exclusive)
  const [{ topics: committed }] = await admin.listConsumerGroupOffsets({ groups: [args.group] });
  const lows = await offsetsAt(admin, topics, ListOffsetTimestamps.EARLIEST);
  const highs = await offsetsAt(admin, topics, ListOffsetTimestamps.LATEST);
  for (const topic of topics) {
    const done = committed.find((entry) => entry.name === topic)?.partitions ?? [];
    highs.get(topic).forEach((high, partition) => {
      const replayed = Number(
        done.find((entry) => entry.partitionIndex === partition)?.committedOffset ?? -1,
      );
      const from = Math.max(lows.get(topic)[partition], replayed);
      if (from < high) pending.set(`${topic}/${partition}`, { from, to: high });
    });
  }
  const total = [...pending.values()].reduce((sum, { from, to }) => sum + (to - from), 0);
  console.log(
    `replay-dlq: ${topics.length} dead-letter topic(s), ${total} message(s) not replayed yet (group ${args.group})`,
  );
  if (total === 0) process.exit(0);

  if (args.list) {
    // A throwaway group reads them (the replay group's offsets stay as they are), then goes.
    const listGroup = `${args.group}-list-${Date.now().toString(36)}`;
    await consume(
      topics,
      pending,
      Math.min(max, total),
      listGroup,
      async (_producer, topic, partition, message) =>
        console.log(`  ${topic}/${partition}@${message.offset} (${describe(message)})`),
    );
    await admin.deleteGroups({ groups: [listGroup] }).catch(() => undefined);
  } else {
    const replayed = await replay(topics, pending, Math.min(max, total));
    console.log(`replay-dlq: replayed ${replayed} message(s)`);
  }
} finally {
  await admin.close();
}

/** Republishes each pending message to its source topic, committing its offset once the broker has it. */
async function replay(topics, pending, limit) {
  return consume(topics, pending, limit, args.group, async (producer, topic, partition, message) => {
    const headers = new Map([...message.headers].filter(([name]) => !name.startsWith(DLQ_HEADER_PREFIX)));
    const source = message.headers.get(SOURCE_TOPIC_HEADER)?.toString() || topic.replace(/\.dlq$/, '');
    await producer.send({ messages: [{ topic: source, key: message.key, value: message.value, headers }] });
    console.log(`  ${topic}/${partition}@${message.offset} -> ${source} (${describe(message)})`);
  });
}

function describe(message) {
  const header = (name) => message.headers.get(name)?.toString() ?? '?';
  return `${header('aura-event-type')} ${header('aura-event-id')}, error: ${header('aura-dlq-error')}`;
}

async function consume(topics, pending, limit, groupId, handle) {
  // The services' producer settings: the same partitioner, so a key goes back to its partition.
  const producer = new Producer({
    ...client,
    idempotent: true,
    acks: ProduceAcks.ALL,
    partitioner: compatibilityPartitioner,
    serializers: { headerKey: stringSerializer },
  });
  const consumer = new Consumer({ ...client, groupId, deserializers: { headerKey: stringDeserializer } });
  let count = 0;
  let idle;
  let timedOut = false;
  const wait = () => {
    idle = setTimeout(() => {
      timedOut = true;
      stream.close().catch(() => undefined);
    }, Number(args['idle-timeout-ms']));
  };
  const stream = await consumer.consume({
    topics,
    mode: 'committed',
    fallbackMode: 'earliest',
    autocommit: false,
  });
  try {
    wait();
    for await (const message of stream) {
      if (timedOut) break;
      const { topic, partition } = message;
      const range = pending.get(`${topic}/${partition}`);
      const offset = Number(message.offset);
      if (!range || offset < range.from || offset >= range.to) continue;
      clearTimeout(idle);
      await handle(producer, topic, partition, message);
      await message.commit();
      count += 1;
      if (offset + 1 >= range.to) pending.delete(`${topic}/${partition}`);
      if (pending.size === 0 || count >= limit) break;
      wait();
    }
    if (timedOut)
      throw new Error(`no message for too long: ${count} replayed, ${pending.size} partition(s) unfinished`);
    return count;
  } finally {
    clearTimeout(idle);
    await stream.close();
    await consumer.close();
    await producer.close();
  }
}
