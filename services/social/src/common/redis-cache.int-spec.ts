// The generation-guarded Redis copies against a real Redis: what a rebuild stores when writers race it.
import { randomUUID } from 'node:crypto';
import { Harness, startHarness } from '../test-support/harness';
import { SENTINEL } from './redis-cache';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('cache');
});

afterAll(async () => {
  await h?.close();
});

const stored = async (key: string) =>
  (await h.cache.redis.zrange(key, 0, -1)).filter((id) => id !== SENTINEL).sort();

describe('sorted-set copies', () => {
  it('an add while it loaded keeps the rebuild from being stored; the next reader rebuilds', async () => {
    const key = `test:zset:${randomUUID()}`;
    let loads = 0;
    const load = async () => {
      loads += 1;
      // A fan-out lands while the first rebuild reads MongoDB: the copy is missing, so the add only
      // moves the generation.
      if (loads === 1)
        expect(await h.cache.addToZset(key, [{ id: 'added-meanwhile', score: 3 }], 10)).toBe(0);
      return [
        { id: 'loaded-1', score: 1 },
        { id: 'loaded-2', score: 2 },
        ...(loads > 1 ? [{ id: 'added-meanwhile', score: 3 }] : []),
      ];
    };
    const first = await h.cache.zsetPage(key, 60, load, undefined, 10);
    expect(first.map((item) => item.id)).toEqual(['loaded-2', 'loaded-1']);
    expect(await h.cache.redis.exists(key)).toBe(0);
    const second = await h.cache.zsetPage(key, 60, load, undefined, 10);
    expect(second.map((item) => item.id)).toEqual(['added-meanwhile', 'loaded-2', 'loaded-1']);
    expect(await stored(key)).toEqual(['added-meanwhile', 'loaded-1', 'loaded-2']);
    // Once the copy exists, adds go straight into it, capped.
    await h.cache.addToZset(key, [{ id: 'newest', score: 4 }], 3);
    expect(await stored(key)).toEqual(['added-meanwhile', 'loaded-2', 'newest']);
  });

  it('a removal while it loaded keeps the rebuild from being stored', async () => {
    const key = `test:zset:${randomUUID()}`;
    await h.cache.zsetPage(
      key,
      60,
      async () => {
        await h.cache.removeFromZset(key, 'loaded-1');
        return [{ id: 'loaded-1', score: 1 }];
      },
      undefined,
      10,
    );
    expect(await h.cache.redis.exists(key)).toBe(0);
  });

  it('one entry added to many copies in one call: each capped, a missing copy only moves its generation', async () => {
    const [big, small, missing] = [0, 1, 2].map(() => `test:zset:${randomUUID()}`);
    const fill = (key: string, items: { id: string; score: number }[]) =>
      h.cache.zsetPage(key, 60, async () => items, undefined, 10);
    await fill(big, [
      { id: 'a', score: 1 },
      { id: 'b', score: 2 },
    ]);
    await fill(small, [
      { id: 'a', score: 1 },
      { id: 'b', score: 2 },
    ]);
    const generation = async (key: string) => Number((await h.cache.redis.get(`${key}:gen`)) ?? 0);
    const before = await Promise.all([big, small, missing].map(generation));
    const added = await h.cache.addToZsets({ id: 'c', score: 3 }, [
      { key: big, cap: 0 },
      { key: small, cap: 2 },
      { key: missing, cap: 2 },
    ]);
    expect(added).toBe(2);
    expect(await stored(big)).toEqual(['a', 'b', 'c']);
    expect(await stored(small)).toEqual(['b', 'c']);
    expect(await h.cache.redis.exists(missing)).toBe(0);
    expect(await Promise.all([big, small, missing].map(generation))).toEqual(before.map((g) => g + 1));
    expect(await h.cache.redis.ttl(`${missing}:gen`)).toBeGreaterThan(0);
    expect(await h.cache.addToZsets({ id: 'd', score: 4 }, [])).toBe(0);
  });

  it('readers of one missing copy share one load', async () => {
    const key = `test:zset:${randomUUID()}`;
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return [{ id: 'only', score: 1 }];
    };
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => h.cache.zsetPage(key, 60, load, undefined, 10)),
    );
    expect(pages.every((page) => page.length === 1 && page[0].id === 'only')).toBe(true);
    expect(loads).toBe(1);
  });
});
