import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createSupportApi } from './support.api';

function gateway(body: unknown) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  const fetch = jest.fn(async (request: Request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { support: createSupportApi(api), seen };
}

describe('support api (spec 000 §7)', () => {
  it('submits a ticket trimmed, with its priority', async () => {
    const { support, seen } = gateway({ id: 't1' });
    await support.createTicket({ subject: ' Login ', message: ' It fails \n', priority: 'high' });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/support/tickets',
        body: { subject: 'Login', message: 'It fails', priority: 'high' },
      },
    ]);
  });

  it("reads the member's tickets, a missing responses list as empty", async () => {
    const { support, seen } = gateway([
      { id: 't1', status: 'open', responses: [{ message: 'Hi' }] },
      { id: 't2', status: 'resolved' },
    ]);
    const tickets = await support.myTickets();
    expect(tickets.map((t) => t.responses)).toEqual([[{ message: 'Hi' }], []]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/support/tickets/user' });
  });

  it('reads the support e-mail from the public configuration', async () => {
    const { support, seen } = gateway({ support_email: 'help@aura.test' });
    await expect(support.publicConfig()).resolves.toEqual({ support_email: 'help@aura.test' });
    expect(seen[0]!.path).toBe('/api/public/config');
  });
});
