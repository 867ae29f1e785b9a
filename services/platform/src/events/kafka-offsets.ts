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
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
      if (partitions.some((p) => p.offset !== '-1')) continue;
      const ends = await admin.fetchTopicOffsets(topic);
      try {
        await admin.setOffsets({
          groupId,
          topic,
          partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
        });
      } catch (error) {
        // The group has members (e.g. the session of a process that was just killed, until it
        // expires): an earlier instance pinned it before joining, so it is not new. Offsets can only
        // be set on an empty group anyway.
        if (/no running instances/i.test((error as Error).message)) continue;
        throw error;
      }
    }
  } finally {
    await admin.disconnect();
  }
}
