/**
 * Each partition's offset at `timestamp` (@platformatic/kafka's ListOffsetTimestamps: EARLIEST, LATEST),
 * per topic: topic -> [partition] -> offset. For the scripts; the services use the platform's
 * topicOffsets (packages/platform/src/events/kafka-offsets.ts).
 */
export async function offsetsAt(admin, topics, timestamp) {
  if (topics.length === 0) return new Map();
  const metadata = await admin.metadata({ topics });
  const listed = await admin.listOffsets({
    topics: topics.map((name) => ({
      name,
      partitions: Array.from({ length: metadata.topics.get(name).partitionsCount }, (_, partitionIndex) => ({
        partitionIndex,
        timestamp,
      })),
    })),
  });
  const offsets = new Map(topics.map((name) => [name, []]));
  for (const { name, partitions } of listed)
    for (const { partitionIndex, offset } of partitions) offsets.get(name)[partitionIndex] = Number(offset);
  return offsets;
}
