import type { Kafka } from 'kafkajs';

/**
 * Pins where a consumer group that has no committed offsets starts: at the current end of each topic.
 * kafkajs resolves "latest" only at a new group's first fetch, after subscribe() returned, so an event
 * published in between would be skipped; committing the end offsets first closes that gap.
 */
export async function pinNewGroupAtEnd(kafka: Kafka, groupId: string, topics: string[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await pinOnce(kafka, groupId, topics);
    } catch (error) {
      // Right after a group's coordinator moved or was created, the broker answers NOT_COORDINATOR
      // (or COORDINATOR_LOAD_IN_PROGRESS) until its metadata settles: a retriable error, asked again.
      if ((error as { retriable?: boolean }).retriable !== true || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function pinOnce(kafka: Kafka, groupId: string, topics: string[]): Promise<void> {
  const ends: { topic: string; partition: number; offset: string }[] = [];
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
      if (partitions.some((p) => p.offset !== '-1')) continue;
      for (const { partition, high } of await admin.fetchTopicOffsets(topic))
        ends.push({ topic, partition, offset: high });
    }
  } finally {
    await admin.disconnect();
  }
  if (ends.length > 0) await commitAsNewMember(kafka, groupId, ends);
}

/**
 * Commits `offsets` for the group as a member of its own, then leaves. (kafkajs's admin.setOffsets does
 * the same one topic at a time and waits out a whole empty fetch each time, 5 s: a group on eight
 * topics took 40 s to pin, and its service as long to start.) A group that has members already is
 * not new: an earlier instance pinned it before joining (or the session of a process just killed is
 * still open), and it is left as it is.
 */
async function commitAsNewMember(
  kafka: Kafka,
  groupId: string,
  offsets: { topic: string; partition: number; offset: string }[],
): Promise<void> {
  const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    const topics = [...new Set(offsets.map((o) => o.topic))];
    const { state } = await consumer.describeGroup();
    if (state !== 'Empty' && state !== 'Dead') return;
    await consumer.subscribe({ topics, fromBeginning: false });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({ eachBatchAutoResolve: false, eachBatch: async () => undefined });
    await joined;
    // Nothing is to be read: committed straight from the join, before any event could be fetched.
    consumer.pause(topics.map((topic) => ({ topic })));
    await consumer.commitOffsets(offsets);
  } finally {
    await consumer.disconnect();
  }
}
