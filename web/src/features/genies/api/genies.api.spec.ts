import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createGeniesApi } from './genies.api';

interface Seen {
  method: string;
  url: URL;
  key: string | null;
  auth: string | null;
  body: unknown;
}

function gateway(answer: { status?: number; body: unknown }) {
  const seen: Seen[] = [];
  const fetch = jest.fn(async (request: Request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      key: request.headers.get('Idempotency-Key'),
      auth: request.headers.get('Authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { genies: createGeniesApi(api), seen };
}

describe('genies api (spec 001 §7)', () => {
  it("buys bottles with the quantity and the attempt's Idempotency-Key, with the bearer token", async () => {
    const { genies, seen } = gateway({ body: { message: 'Purchased 2 Genie bottles for 600.0 AuraCoin' } });
    await expect(genies.purchaseBottles(2, 'key-1')).resolves.toMatchObject({
      message: 'Purchased 2 Genie bottles for 600.0 AuraCoin',
    });
    expect(seen[0]).toMatchObject({ method: 'POST', key: 'key-1', auth: 'Bearer t1', body: { quantity: 2 } });
    expect(seen[0]!.url.pathname).toBe('/api/genies/purchase-bottle');
  });

  it('addresses a genie by its UserGenie id and sends the recipient username trimmed', async () => {
    const { genies, seen } = gateway({ body: { message: 'ok' } });
    await genies.setNickname('g1', 'Sparky');
    await genies.setFeatured('g1');
    await genies.send('g1', { recipientUsername: ' luna ', message: 'For you' });
    expect(seen.map((s) => [s.method, s.url.pathname, s.body])).toEqual([
      ['PUT', '/api/genies/g1/nickname', { nickname: 'Sparky' }],
      ['POST', '/api/genies/g1/set-featured', undefined],
      ['POST', '/api/genies/g1/send', { recipient_username: 'luna', message: 'For you' }],
    ]);
  });

  it("reads a member's featured genie by member id, and none (404) as null", async () => {
    const featured = { id: 'g1', nickname: null, genie: { name: 'Ember', rarity: 'rare' } };
    const found = gateway({ body: featured });
    await expect(found.genies.featured('u1')).resolves.toEqual(featured);
    expect(found.seen[0]!.url.pathname).toBe('/api/genies/u1/featured');

    const none = gateway({ status: 404, body: { detail: 'No featured genie' } });
    await expect(none.genies.featured('u2')).resolves.toBeNull();
    const broken = gateway({ status: 500, body: {} });
    await expect(broken.genies.featured('u3')).rejects.toMatchObject({ status: 500 });
  });

  it('reads lists as lists, whatever else comes back', async () => {
    const { genies, seen } = gateway({ body: { unexpected: true } });
    await expect(genies.collection()).resolves.toEqual([]);
    await expect(genies.memberGenies('u9')).resolves.toEqual([]);
    expect(seen.map((s) => s.url.pathname)).toEqual(['/api/genies/collection', '/api/users/u9/genies']);
  });
});
