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
import kafkajs from 'kafkajs';

const { Kafka, logLevel, Partitioners } = kafkajs;
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

const kafka = new Kafka({
  clientId: 'aura-ops-replay-dlq',
  brokers: (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(','),
  logLevel: logLevel.WARN,
});
const admin = kafka.admin();
await admin.connect();

try {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((topic) => !existing.has(topic));
  if (args.topic.length > 0 && missing.length > 0) fail(`no such topic: ${missing.join(', ')}`);
  const topics = wanted.filter((topic) => existing.has(topic));

  // Where each partition ends now, and how far the replay group got: what is left to replay.
  const pending = new Map(); // "topic/partition" -> { from, to } (offsets, to exclusive)
  const committed = await admin.fetchOffsets({ groupId: args.group, topics });
  for (const topic of topics) {
    const ends = await admin.fetchTopicOffsets(topic);
    const done = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
    for (const { partition, low, high } of ends) {
      const replayed = Number(done.find((entry) => entry.partition === partition)?.offset ?? -1);
      const from = Math.max(Number(low), replayed);
      if (from < Number(high)) pending.set(`${topic}/${partition}`, { from, to: Number(high) });
    }
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
    await admin.deleteGroups([listGroup]).catch(() => undefined);
  } else {
    const replayed = await replay(topics, pending, Math.min(max, total));
    console.log(`replay-dlq: replayed ${replayed} message(s)`);
  }
} finally {
  await admin.disconnect();
}

/** Republishes each pending message to its source topic, committing its offset once the broker has it. */
async function replay(topics, pending, limit) {
  return consume(topics, pending, limit, args.group, async (producer, topic, partition, message) => {
    const headers = Object.fromEntries(
      Object.entries(message.headers ?? {}).filter(([name]) => !name.startsWith(DLQ_HEADER_PREFIX)),
    );
    const source = message.headers?.[SOURCE_TOPIC_HEADER]?.toString() || topic.replace(/\.dlq$/, '');
    await producer.send({
      topic: source,
      acks: -1,
      messages: [{ key: message.key, value: message.value, headers }],
    });
    console.log(`  ${topic}/${partition}@${message.offset} -> ${source} (${describe(message)})`);
  });
}

function describe(message) {
  const header = (name) => message.headers?.[name]?.toString() ?? '?';
  return `${header('aura-event-type')} ${header('aura-event-id')}, error: ${header('aura-dlq-error')}`;
}

async function consume(topics, pending, limit, groupId, handle) {
  // The services' producer settings: the same partitioner, so a key goes back to its partition.
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
  await consumer.connect();
  let count = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  let idle = setTimeout(() => finish(new Error('no message for too long')), Number(args['idle-timeout-ms']));
  try {
    for (const topic of topics) await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        const range = pending.get(`${topic}/${partition}`);
        const offset = Number(message.offset);
        if (!range || offset < range.from || offset >= range.to || count >= limit) return;
        clearTimeout(idle);
        await handle(producer, topic, partition, message);
        await consumer.commitOffsets([{ topic, partition, offset: String(offset + 1) }]);
        count += 1;
        if (offset + 1 >= range.to) pending.delete(`${topic}/${partition}`);
        if (pending.size === 0 || count >= limit) finish();
        else
          idle = setTimeout(
            () => finish(new Error('no message for too long')),
            Number(args['idle-timeout-ms']),
          );
      },
    });
    const error = await finished;
    if (error)
      throw new Error(`${error.message}: ${count} replayed, ${pending.size} partition(s) unfinished`);
    return count;
  } finally {
    clearTimeout(idle);
    await consumer.disconnect();
    await producer.disconnect();
  }
}
