// Creates every topic of proto/topics.json and its <topic>.dlq, idempotently (up.sh runs it on every start).
// Existing topics with fewer partitions than proto/topics.json asks for get more partitions.
//   KAFKA_BROKERS=127.0.0.1:9092 node deploy/local/create-topics.mjs
import { readFileSync } from 'node:fs';
import kafkajs from 'kafkajs';

const { Kafka, logLevel } = kafkajs;
const catalog = JSON.parse(readFileSync(new URL('../../proto/topics.json', import.meta.url), 'utf8'));
const partitions = catalog.partitions;
const wanted = catalog.topics.flatMap((topic) => [topic, `${topic}.dlq`]);
const brokers = (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',');

const admin = new Kafka({ clientId: 'aura-deploy-local', brokers, logLevel: logLevel.WARN }).admin();
await admin.connect();
try {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((topic) => !existing.has(topic));
  if (missing.length > 0) {
    await admin.createTopics({
      topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: 1 })),
      waitForLeaders: true,
    });
  }
  const present = wanted.filter((topic) => existing.has(topic));
  const grown = [];
  if (present.length > 0) {
    const { topics } = await admin.fetchTopicMetadata({ topics: present });
    const small = topics.filter((topic) => topic.partitions.length < partitions);
    for (const topic of topics) {
      if (topic.partitions.length > partitions) {
        console.warn(
          `kafka: ${topic.name} has ${topic.partitions.length} partitions, proto/topics.json says ${partitions}`,
        );
      }
    }
    if (small.length > 0) {
      await admin.createPartitions({
        topicPartitions: small.map((topic) => ({ topic: topic.name, count: partitions })),
      });
      grown.push(...small.map((topic) => topic.name));
    }
  }
  console.log(
    `deploy/local: kafka topics: ${wanted.length} wanted (${partitions} partitions each), ` +
      `${missing.length} created, ${present.length} already there${grown.length ? `, ${grown.length} given more partitions` : ''}`,
  );
} finally {
  await admin.disconnect();
}
