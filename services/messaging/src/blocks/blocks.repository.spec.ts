import type { Connection } from 'mongoose';
import type { MessagingCache } from '../common/cache';
import { BlocksRepository } from './blocks.repository';

/** A Redis whose pipelines answer `results` (the blocks were loaded: the marker exists). */
function repositoryAnswering(results: [Error | null, unknown][]) {
  const pipeline = {
    smembers: () => pipeline,
    sismember: () => pipeline,
    exec: async () => results,
  };
  const cache = { prefix: 'test', redis: { exists: async () => 1, pipeline: () => pipeline } };
  const connection = { models: { BlockState: {} } } as unknown as Connection;
  return new BlocksRepository(connection, cache as unknown as MessagingCache);
}

describe('BlocksRepository', () => {
  it('names the members who block the member or whom the member blocks', async () => {
    // a's own set holds b; c's set holds a; d blocks nobody.
    const blocks = repositoryAnswering([
      [null, ['b']],
      [null, 0],
      [null, 1],
      [null, 0],
    ]);
    expect(await blocks.eitherWayMany('a', ['b', 'c', 'd'])).toEqual(new Set(['b', 'c']));
  });

  it('fails when a block could not be read, rather than taking it for no block', async () => {
    const down = new Error('READONLY You can’t write against a read only replica.');
    const many = repositoryAnswering([
      [null, []],
      [down, null],
    ]);
    await expect(many.eitherWayMany('a', ['b'])).rejects.toBe(down);
    await expect(many.eitherWay('a', 'b')).rejects.toBe(down);
    const each = repositoryAnswering([
      [null, 0],
      [down, null],
    ]);
    await expect(each.eitherWayEach([['a', 'b']])).rejects.toBe(down);
  });
});
