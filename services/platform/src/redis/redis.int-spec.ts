import { testConfig } from '../testing';
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
});
