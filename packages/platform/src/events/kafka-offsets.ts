import type { Admin } from '@platformatic/kafka';

const LATEST = -1n;
const EARLIEST = -2n;

/** Each partition's offset of the topics, at their end ('latest', the high watermark) or start. */
export async function topicOffsets(
  admin: Admin,
  topics: string[],
  at: 'latest' | 'earliest' = 'latest',
): Promise<Map<string, bigint[]>> {
  if (topics.length === 0) return new Map();
  const metadata = await admin.metadata({ topics });
  const listed = await admin.listOffsets({
    topics: topics.map((name) => ({
      name,
      partitions: Array.from({ length: metadata.topics.get(name)?.partitionsCount ?? 0 }, (_, index) => ({
        partitionIndex: index,
        timestamp: at === 'latest' ? LATEST : EARLIEST,
      })),
    })),
  });
  const offsets = new Map<string, bigint[]>();
  for (const { name, partitions } of listed) {
    const list: bigint[] = [];
    for (const { partitionIndex, offset } of partitions) list[partitionIndex] = offset;
    offsets.set(name, list);
  }
  return offsets;
}

/** The group's committed offset of each partition of the topics (-1 where it has none). */
export async function committedOffsets(
  admin: Admin,
  groupId: string,
  topics: string[],
): Promise<Map<string, Map<number, bigint>>> {
  const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const committed = new Map<string, Map<number, bigint>>();
  for (const { name, partitions } of group?.topics ?? [])
    if (topics.includes(name))
      committed.set(name, new Map(partitions.map((p) => [p.partitionIndex, p.committedOffset])));
  return committed;
}

/**
 * Pins where a consumer group that has no committed offsets starts: at the current end of each topic.
 * A consumer told to start at "latest" resolves it only after it has joined its group, after
 * subscribe() returned, so an event published in between would be skipped; committing the end
 * offsets first closes that gap. A group that has members already is not new (an earlier instance
 * pinned it before joining) and is left as it is.
 */
export async function pinNewGroupAtEnd(admin: Admin, groupId: string, topics: string[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await pinOnce(admin, groupId, topics);
    } catch (error) {
      // Right after a group's coordinator moved or was created, the broker answers NOT_COORDINATOR
      // (or COORDINATOR_LOAD_IN_PROGRESS) until its metadata settles: a retriable error, asked again.
      if (!canRetry(error) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function canRetry(error: unknown): boolean {
  const { canRetry: retriable, errors } = error as { canRetry?: boolean; errors?: unknown[] };
  return retriable === true || (Array.isArray(errors) && errors.some(canRetry));
}

async function pinOnce(admin: Admin, groupId: string, topics: string[]): Promise<void> {
  const committed = await committedOffsets(admin, groupId, topics);
  const fresh = topics.filter((topic) =>
    [...(committed.get(topic)?.values() ?? [])].every((offset) => offset < 0n),
  );
  if (fresh.length === 0) return;
  const groups = await admin.describeGroups({ groups: [groupId] });
  const state = groups.get(groupId)?.state;
  if (state !== undefined && state !== 'Empty' && state !== 'Dead') return;
  const ends = await topicOffsets(admin, fresh);
  await admin.alterConsumerGroupOffsets({
    groupId,
    topics: fresh.map((name) => ({
      name,
      partitionOffsets: (ends.get(name) ?? []).map((offset, partition) => ({ partition, offset })),
    })),
  });
}
