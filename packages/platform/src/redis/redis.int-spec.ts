import { testConfig } from '../testing';
import { LuaScript } from './lua-script';
import { createRedis } from './redis';

describe('Redis client against the local server', () => {
  const redis = createRedis(testConfig().REDIS_URL, 'platform-test');
  afterAll(() => redis.quit());

  it('keeps keys with an expiry', async () => {
    await redis.set('test:presence', 'online', 'PX', 5000);
    expect(await redis.get('test:presence')).toBe('online');
    const ttl = await redis.pttl('test:presence');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it('runs a Lua script with its keys and arguments, also after Redis forgot every script', async () => {
    const incrementBy = new LuaScript(`return redis.call('INCRBY', KEYS[1], ARGV[1])`);
    const key = `test:lua:${process.pid}:${Date.now()}`;
    expect(await incrementBy.run<number>(redis, [key], [2])).toBe(2);
    await redis.script('FLUSH');
    expect(await incrementBy.run<number>(redis, [key], [3])).toBe(5);
    await redis.del(key);
  });
});
