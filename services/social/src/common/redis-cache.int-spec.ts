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
