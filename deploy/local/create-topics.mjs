// Creates every topic of proto/topics.json and its <topic>.dlq, idempotently (up.sh runs it on every start).
// Existing topics with fewer partitions than proto/topics.json asks for get more partitions.
//   KAFKA_BROKERS=127.0.0.1:9092 node deploy/local/create-topics.mjs
import { readFileSync } from 'node:fs';
import { Admin } from '@platformatic/kafka';

const catalog = JSON.parse(readFileSync(new URL('../../proto/topics.json', import.meta.url), 'utf8'));
const partitions = catalog.partitions;
const wanted = catalog.topics.flatMap((topic) => [topic, `${topic}.dlq`]);
const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',');

const admin = new Admin({ clientId: 'aura-deploy-local', bootstrapBrokers: brokers });
try {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((topic) => !existing.has(topic));
  if (missing.length > 0) {
    await admin.createTopics({ topics: missing, partitions, replicas: 1 });
    await waitForLeaders(missing);
  }
  const present = wanted.filter((topic) => existing.has(topic));
  const grown = [];
  if (present.length > 0) {
    const { topics } = await admin.metadata({ topics: present });
    const small = present.filter((topic) => topics.get(topic).partitionsCount < partitions);
    for (const [topic, { partitionsCount }] of topics) {
      if (partitionsCount > partitions) {
        console.warn(
          `kafka: ${topic} has ${partitionsCount} partitions, proto/topics.json says ${partitions}`,
        );
      }
    }
    if (small.length > 0) {
      await admin.createPartitions({ topics: small.map((name) => ({ name, count: partitions })) });
      grown.push(...small);
    }
  }
  console.log(
    `deploy/local: kafka topics: ${wanted.length} wanted (${partitions} partitions each), ` +
      `${missing.length} created, ${present.length} already there${grown.length ? `, ${grown.length} given more partitions` : ''}`,
  );
} finally {
  await admin.close();
}

/** Returns once every partition of the new topics has a leader: producing to them works from then on. */
async function waitForLeaders(topics) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const led = await admin
      .metadata({ topics, forceUpdate: true })
      .then((metadata) =>
        topics.every((topic) => metadata.topics.get(topic)?.partitions.every((p) => p.leader >= 0)),
      )
      .catch(() => false);
    if (led) return;
    if (Date.now() > deadline) throw new Error(`kafka: no leader for the partitions of ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
