// scripts/ops/replay-dlq.mjs against the local Kafka, on topics of its own (never the shared ones):
// dead letters go back to their source topic with their key, value and envelope headers, once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  Admin,
  compatibilityPartitioner,
  Consumer,
  Message,
  MessagesStream,
  ProduceAcks,
  Producer,
  stringDeserializers,
  stringSerializers,
} from '@platformatic/kafka';

const run = promisify(execFile);
const script = path.join(__dirname, 'replay-dlq.mjs');
const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',');
const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const topic = `aura-test-replay-${id}`;
const dlq = `${topic}.dlq`;
const group = `aura-test-replay-dlq-${id}`;

const client = { clientId: 'replay-dlq-test', bootstrapBrokers: brokers };
let admin: Admin;
let producer: Producer<string, string, string, string>;
let consumer: Consumer<string, string, string, string>;
let stream: MessagesStream<string, string, string, string>;
const received: Message<string, string, string, string>[] = [];

async function replay(...args: string[]) {
  const { stdout } = await run(process.execPath, [script, ...args, '--group', group], {
    env: { ...process.env, KAFKA_BROKERS: brokers.join(',') },
    timeout: 60_000,
  });
  return stdout;
}

/** A dead letter as the event bus writes it: the event's message plus the aura-dlq-* headers. */
async function deadLetter(n: number) {
  const headers = {
    'aura-event-id': `event-${n}`,
    'aura-event-type': 'test.happened',
    'aura-producer': 'replay-test',
    'aura-dlq-error': 'handler failed',
    'aura-dlq-source-topic': topic,
    'aura-dlq-source-partition': '0',
    'aura-dlq-source-offset': String(n),
    'aura-dlq-attempts': '5',
  };
  await producer.send({ messages: [{ topic: dlq, key: `key-${n}`, value: `value-${n}`, headers }] });
}

async function waitForReceived(count: number) {
  const deadline = Date.now() + 20_000;
  while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

beforeAll(async () => {
  admin = new Admin(client);
  await admin.createTopics({ topics: [topic, dlq], partitions: 2, replicas: 1 });
  producer = new Producer({
    ...client,
    acks: ProduceAcks.ALL,
    partitioner: compatibilityPartitioner,
    serializers: stringSerializers,
  });
  consumer = new Consumer({ ...client, groupId: `${group}-reader`, deserializers: stringDeserializers });
  stream = await consumer.consume({ topics: [topic], mode: 'committed', fallbackMode: 'earliest' });
  stream.on('data', (message) => received.push(message));
});

afterAll(async () => {
  await stream?.close();
  await consumer?.close();
  await producer?.close();
  await admin?.deleteTopics({ topics: [topic, dlq] }).catch(() => undefined);
  await admin?.deleteGroups({ groups: [group, `${group}-reader`] }).catch(() => undefined);
  await admin?.close();
});

describe('scripts/ops/replay-dlq.mjs', () => {
  it('lists the dead letters without replaying them', async () => {
    for (const n of [1, 2, 3]) await deadLetter(n);
    const listed = await replay('--list', '--topic', topic);
    expect(listed).toContain('3 message(s) not replayed yet');
    expect(listed.match(/test\.happened event-\d, error: handler failed/g)).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received).toHaveLength(0);
  });

  it('publishes each to its source topic with its key, value and envelope, without the dlq headers', async () => {
    expect(await replay('--topic', topic)).toContain('replayed 3 message(s)');
    await waitForReceived(3);
    const byKey = new Map(received.map((message) => [message.key, message]));
    expect([...byKey.keys()].sort()).toEqual(['key-1', 'key-2', 'key-3']);
    for (const n of [1, 2, 3]) {
      const message = byKey.get(`key-${n}`)!;
      expect(message.value).toBe(`value-${n}`);
      expect(Object.fromEntries(message.headers)).toEqual({
        'aura-event-id': `event-${n}`,
        'aura-event-type': 'test.happened',
        'aura-producer': 'replay-test',
      });
    }
  });

  it('replays each dead letter once: a second run finds nothing, a new one is replayed alone', async () => {
    expect(await replay('--topic', topic)).toContain('0 message(s) not replayed yet');
    await deadLetter(4);
    await deadLetter(5);
    const first = await replay('--topic', topic, '--max', '1');
    expect(first).toContain('2 message(s) not replayed yet');
    expect(first).toContain('replayed 1 message(s)');
    expect(await replay('--topic', topic)).toContain('replayed 1 message(s)');
    await waitForReceived(5);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.map((message) => message.key).sort()).toEqual([
      'key-1',
      'key-2',
      'key-3',
      'key-4',
      'key-5',
    ]);
  });

  it('refuses an unknown topic and a run that names nothing', async () => {
    await expect(replay('--topic', `${topic}-missing`)).rejects.toMatchObject({ code: 2 });
    await expect(replay()).rejects.toMatchObject({ code: 2 });
  });
});
