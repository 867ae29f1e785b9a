import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createFeedApi } from './feed.api';

const post = (id: string) => ({ id, content: id, is_story: false, likes_count: 0, user: { id: 'u1' } });

function gateway(answer: (url: URL) => Response) {
  const seen: { url: URL; authorization: string | null }[] = [];
  const fetch = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    seen.push({ url, authorization: request.headers.get('Authorization') });
    return answer(url);
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { feed: createFeedApi(api), seen };
}

describe('feed api (cursor pages through X-Next-Cursor)', () => {
  it('asks for the first page without a cursor and reads the next cursor', async () => {
    const { feed, seen } = gateway(
      () =>
        new Response(JSON.stringify([post('a'), post('b')]), {
          headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'next-1' },
        }),
    );
    const page = await feed.page('high-aura', null);
    expect(seen[0]!.url.pathname).toBe('/api/posts/feed/high-aura');
    expect(seen[0]!.url.search).toBe('?limit=20');
    expect(seen[0]!.authorization).toBe('Bearer t1');
    expect(page.items.map((p) => p.id)).toEqual(['a', 'b']);
    expect(page.nextCursor).toBe('next-1');
  });

  it('sends the cursor for the next page; no header means the last page', async () => {
    const { feed, seen } = gateway(
      () => new Response(JSON.stringify([]), { headers: { 'Content-Type': 'application/json' } }),
    );
    const page = await feed.page('following', 'next-1');
    expect(seen[0]!.url.searchParams.get('cursor')).toBe('next-1');
    expect(seen[0]!.url.searchParams.get('limit')).toBe('20');
    expect(page).toEqual({ items: [], nextCursor: null });
  });

  it('fails with the catalogue error when the feed fails', async () => {
    const { feed } = gateway(() => new Response('{}', { status: 503 }));
    await expect(feed.page('aura', null)).rejects.toMatchObject({ status: 503 });
  });
});
