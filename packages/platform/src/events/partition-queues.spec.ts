import { PartitionQueues, Positioned } from './partition-queues';

interface Held {
  run: Positioned[];
  done: () => void;
  fail: (error: Error) => void;
}

function queues(options: { runSize?: number; concurrency?: number; highWater?: number } = {}) {
  const held: Held[] = [];
  const events: string[] = [];
  const failures: unknown[] = [];
  const q = new PartitionQueues<Positioned>({
    runSize: options.runSize ?? 1,
    concurrency: options.concurrency ?? 2,
    highWater: options.highWater ?? 100,
    full: () => events.push('full'),
    room: () => events.push('room'),
    failed: (error) => failures.push(error),
    work: (run) => new Promise<void>((resolve, reject) => held.push({ run, done: resolve, fail: reject })),
  });
  return { q, held, events, failures };
}

const at = (partition: number, offset: number): Positioned => ({
  topic: 't',
  partition,
  offset: BigInt(offset),
});
const offsets = (run: Positioned[]) => run.map((m) => `${m.partition}:${m.offset}`);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PartitionQueues', () => {
  it("keeps a partition's order, one run at a time, partitions side by side up to the concurrency", async () => {
    const { q, held } = queues({ concurrency: 2 });
    [at(0, 1), at(0, 2), at(1, 1), at(2, 1)].forEach((m) => q.push(m));
    expect(held.map((h) => offsets(h.run))).toEqual([['0:1'], ['1:1']]);
    held[0]!.done();
    await settle();
    // Partition 2 had waited longest for a slot; partition 0's next event waits its turn.
    expect(held.map((h) => offsets(h.run))).toEqual([['0:1'], ['1:1'], ['2:1']]);
    held[1]!.done();
    await settle();
    expect(offsets(held[3]!.run)).toEqual(['0:2']);
  });

  it('gives a run up to runSize waiting events of one partition', async () => {
    const { q, held } = queues({ runSize: 2, concurrency: 1 });
    [at(0, 1), at(0, 2), at(0, 3), at(0, 4)].forEach((m) => q.push(m));
    expect(offsets(held[0]!.run)).toEqual(['0:1']);
    held[0]!.done();
    await settle();
    expect(offsets(held[1]!.run)).toEqual(['0:2', '0:3']);
  });

  it('drops an offset it has queued already (a refetch after a rejoin)', async () => {
    const { q, held } = queues({ concurrency: 1 });
    [at(0, 1), at(0, 2), at(0, 1), at(0, 2), at(0, 3)].forEach((m) => q.push(m));
    for (let i = 0; i < 3; i += 1) {
      held[i]!.done();
      await settle();
    }
    expect(held.map((h) => offsets(h.run))).toEqual([['0:1'], ['0:2'], ['0:3']]);
  });

  it('pauses fetching at the high water mark and resumes at half of it', async () => {
    const { q, held, events } = queues({ concurrency: 1, highWater: 4 });
    [1, 2, 3, 4, 5].forEach((offset) => q.push(at(0, offset)));
    expect(events).toEqual(['full']);
    held[0]!.done();
    await settle();
    expect(events).toEqual(['full']);
    held[1]!.done();
    await settle();
    expect(events).toEqual(['full', 'room']);
  });

  it('drops what waits for partitions taken away by a rebalance, and starts them afresh when they come back', async () => {
    const { q, held } = queues({ concurrency: 1 });
    [at(0, 1), at(1, 1), at(1, 2)].forEach((m) => q.push(m));
    q.retain((_topic, partition) => partition === 0);
    held[0]!.done();
    await settle();
    expect(held).toHaveLength(1);
    q.push(at(1, 1));
    expect(offsets(held[1]!.run)).toEqual(['1:1']);
  });

  it('stops at a failed run and reports it: nothing after it is handled', async () => {
    const { q, held, failures } = queues({ concurrency: 2 });
    [at(0, 1), at(0, 2), at(1, 1), at(1, 2)].forEach((m) => q.push(m));
    held[0]!.fail(new Error('handler failed'));
    await settle();
    held[1]!.done();
    await settle();
    q.push(at(2, 1));
    expect(held).toHaveLength(2);
    expect(failures).toEqual([new Error('handler failed')]);
  });
});
