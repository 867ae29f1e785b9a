import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createPostsApi } from './posts.api';

const POST_ID = '3f0c9a7e-2b1d-4c3a-9e8f-7a6b5c4d3e2f';

function gateway(answer: (request: Request) => Response) {
  const seen: { method: string; url: URL }[] = [];
  const fetch = jest.fn(async (request: Request) => {
    seen.push({ method: request.method, url: new URL(request.url) });
    return answer(request);
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { posts: createPostsApi(api), seen };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });

describe('posts api: saving and hiding', () => {
  it('saves and hides with PUT, unsaves and unhides with DELETE, on the post’s path', async () => {
    const { posts, seen } = gateway((request) =>
      json(
        request.url.endsWith('/save')
          ? { saved: request.method === 'PUT' }
          : { hidden: request.method === 'PUT' },
      ),
    );
    expect(await posts.save(POST_ID)).toEqual({ saved: true });
    expect(await posts.unsave(POST_ID)).toEqual({ saved: false });
    expect(await posts.hide(POST_ID)).toEqual({ hidden: true });
    expect(await posts.unhide(POST_ID)).toEqual({ hidden: false });
    expect(seen.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `PUT /api/posts/${POST_ID}/save`,
      `DELETE /api/posts/${POST_ID}/save`,
      `PUT /api/posts/${POST_ID}/hide`,
      `DELETE /api/posts/${POST_ID}/hide`,
    ]);
  });

  it('fails with the server’s words (the limit of saved posts)', async () => {
    const { posts } = gateway(
      () => new Response(JSON.stringify({ detail: 'You can save at most 1000 posts' }), { status: 409 }),
    );
    await expect(posts.save(POST_ID)).rejects.toMatchObject({
      status: 409,
      userMessage: 'You can save at most 1000 posts',
    });
  });
});

describe('posts api: the Saved list (cursor pages through X-Next-Cursor)', () => {
  it('asks for the first page without a cursor, then with the header’s cursor', async () => {
    const { posts, seen } = gateway((request) =>
      new URL(request.url).searchParams.get('cursor')
        ? json([])
        : json([{ id: 'a' }, { id: 'b' }], { 'X-Next-Cursor': 'next-1' }),
    );
    const first = await posts.savedPage(null);
    expect(seen[0]!.url.pathname).toBe('/api/saved-posts');
    expect(seen[0]!.url.search).toBe('?limit=20');
    expect(first).toEqual({ items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'next-1' });
    expect(await posts.savedPage('next-1')).toEqual({ items: [], nextCursor: null });
    expect(seen[1]!.url.searchParams.get('cursor')).toBe('next-1');
  });
});

describe('posts api: editing and deleting one’s own post', () => {
  it('edits with PATCH {content} and deletes with DELETE, on the post’s path', async () => {
    const sent: Request[] = [];
    const { posts, seen } = gateway((request) => {
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      sent.push(request.clone());
      return json({ id: POST_ID, content: 'New words', edited_at: '2026-11-29T06:00:00.000Z' });
    });
    expect(await posts.edit(POST_ID, 'New words')).toMatchObject({ content: 'New words' });
    await posts.remove(POST_ID);
    expect(seen.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `PATCH /api/posts/${POST_ID}`,
      `DELETE /api/posts/${POST_ID}`,
    ]);
    expect(await Promise.all(sent.map((request) => request.json()))).toEqual([{ content: 'New words' }]);
  });

  it('fails with the server’s words (another member’s post)', async () => {
    const { posts } = gateway(
      () => new Response(JSON.stringify({ detail: 'You can only edit your own posts' }), { status: 403 }),
    );
    await expect(posts.edit(POST_ID, 'x')).rejects.toMatchObject({
      status: 403,
      detail: 'You can only edit your own posts',
    });
  });
});
