import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createSuperAuraApi } from '../../superaura/api/superaura.api';
import { createPaymentsApi } from './payments.api';

interface Seen {
  method: string;
  url: URL;
  authorization: string | null;
  body: unknown;
}

function gateway(body: unknown) {
  const seen: Seen[] = [];
  const fetch = jest.fn(async (request: Request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      authorization: request.headers.get('Authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { payments: createPaymentsApi(api), superAura: createSuperAuraApi(api), seen };
}

describe('payments api (spec 001 §6, §7)', () => {
  it('reads the packages without the token', async () => {
    const { payments, seen } = gateway([{ id: 'plus' }]);
    await expect(payments.packages()).resolves.toEqual([{ id: 'plus' }]);
    expect(seen[0]).toMatchObject({ method: 'GET', authorization: null });
    expect(seen[0]!.url.pathname).toBe('/api/payments/packages');
  });

  it('starts a checkout with the package and the return address, and reads its status, with the token', async () => {
    const { payments, seen } = gateway({ checkout_url: 'https://pay.test/cs_1', session_id: 'cs_1' });
    await payments.startCheckout('plus', 'http://aura.test/');
    await payments.checkoutStatus('cs_1');
    expect(seen.map((s) => [s.method, s.url.pathname, s.authorization, s.body])).toEqual([
      [
        'POST',
        '/api/payments/checkout/session',
        'Bearer t1',
        { package_id: 'plus', origin_url: 'http://aura.test/' },
      ],
      ['GET', '/api/payments/checkout/status/cs_1', 'Bearer t1', undefined],
    ]);
  });
});

describe('SuperAura api', () => {
  it('checks out a plan, reads the status and cancels', async () => {
    const { superAura, seen } = gateway({ checkout_url: 'https://pay.test/cs_2' });
    await superAura.checkout('annual', 'http://aura.test/?purchase=superaura');
    await superAura.status();
    await superAura.cancel();
    expect(seen.map((s) => [s.method, s.url.pathname, s.authorization, s.body])).toEqual([
      [
        'POST',
        '/api/superaura/checkout',
        'Bearer t1',
        { plan: 'annual', origin_url: 'http://aura.test/?purchase=superaura' },
      ],
      ['GET', '/api/superaura/status', 'Bearer t1', undefined],
      ['POST', '/api/superaura/cancel', 'Bearer t1', undefined],
    ]);
  });
});
