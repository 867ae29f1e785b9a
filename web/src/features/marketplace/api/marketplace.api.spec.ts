import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createMarketplaceApi } from './marketplace.api';

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
}

function gateway(body: unknown) {
  const seen: Seen[] = [];
  const fetch = jest.fn(async (request: Request) => {
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
    });
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { marketplace: createMarketplaceApi(api), seen };
}

const ITEM = '3f1c2a4e-1b2c-5d3e-8f40-123456789abc';

describe('marketplace api (spec 001 §6, §7)', () => {
  it('reads the categories without the token (spec 001 §6), the items with it', async () => {
    const { marketplace, seen } = gateway([{ id: 'badges', name: 'Badges' }]);
    await expect(marketplace.categories()).resolves.toEqual([{ id: 'badges', name: 'Badges' }]);
    await marketplace.items();
    expect(seen.map((s) => [s.method, s.path, s.authorization])).toEqual([
      ['GET', '/api/marketplace/categories', null],
      ['GET', '/api/marketplace/items', 'Bearer t1'],
    ]);
  });

  it('buys with an Idempotency-Key, applies, removes, and reads purchases and applied items', async () => {
    const { marketplace, seen } = gateway([]);
    await marketplace.purchase(ITEM, 'key-1');
    await marketplace.apply(ITEM);
    await marketplace.remove(ITEM);
    await marketplace.purchases();
    await marketplace.applied('0123456789abcdef01234567');
    expect(seen.map((s) => [s.method, s.path, s.idempotencyKey])).toEqual([
      ['POST', `/api/marketplace/purchase/${ITEM}`, 'key-1'],
      ['POST', `/api/marketplace/items/${ITEM}/apply`, null],
      ['DELETE', `/api/marketplace/items/${ITEM}/apply`, null],
      ['GET', '/api/marketplace/purchases', null],
      ['GET', '/api/users/0123456789abcdef01234567/applied-items', null],
    ]);
    expect(seen.every((s) => s.authorization === 'Bearer t1')).toBe(true);
  });
});
