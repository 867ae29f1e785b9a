import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createExploreApi } from './explore.api';

function gateway(body: unknown) {
  const seen: { url: URL; authorization: string | null }[] = [];
  const fetch = jest.fn(async (request: Request) => {
    seen.push({ url: new URL(request.url), authorization: request.headers.get('Authorization') });
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { explore: createExploreApi(api), seen };
}

describe('explore api (spec 000 §7 "Explore")', () => {
  it('searches with query, content_type, category and limit 20', async () => {
    const { explore, seen } = gateway({ users: [], posts: [{ id: 'p1' }] });
    const results = await explore.search('#calm', 'all', 'wellness');
    const url = seen[0]!.url;
    expect(url.pathname).toBe('/api/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: '#calm',
      content_type: 'all',
      category: 'wellness',
      limit: '20',
    });
    expect(results.posts).toHaveLength(1);
    expect(results.stories).toEqual([]);
  });

  it('asks for 20 trending tags of 7 days, without a token', async () => {
    const { explore, seen } = gateway([{ tag: 'calm', count: 2 }]);
    await expect(explore.trendingTags()).resolves.toEqual([{ tag: 'calm', count: 2 }]);
    expect(seen[0]!.url.search).toBe('?period=7d&limit=20');
    expect(seen[0]!.authorization).toBeNull();
  });

  it('asks the top lists for 10 of the period', async () => {
    const { explore, seen } = gateway([]);
    await explore.topTipped('weekly');
    await explore.topRising('30d');
    expect(seen.map((s) => `${s.url.pathname}${s.url.search}`)).toEqual([
      '/api/creators/top-tipped?period=weekly&limit=10',
      '/api/creators/top-rising?period=30d&limit=10',
    ]);
  });
});
