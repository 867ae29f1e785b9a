import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createWalletApi } from './wallet.api';

interface Seen {
  method: string;
  url: URL;
  key: string | null;
  body: unknown;
}

function gateway(body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetch = jest.fn(async (request: Request) => {
    const text = await request.text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      key: request.headers.get('Idempotency-Key'),
      body: text ? JSON.parse(text) : undefined,
    });
    return new Response(JSON.stringify(body), {
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { wallet: createWalletApi(api), seen };
}

describe('wallet api', () => {
  it('pages the history by X-Next-Cursor', async () => {
    const { wallet, seen } = gateway([{ id: 't1' }], { 'X-Next-Cursor': 'c2' });
    await expect(wallet.transactions(null)).resolves.toEqual({ items: [{ id: 't1' }], nextCursor: 'c2' });
    await wallet.transactions('c2');
    expect(seen.map((s) => s.url.search)).toEqual(['?limit=20', '?cursor=c2&limit=20']);
  });

  it('sends a tip in AC with the attempt’s Idempotency-Key, the amount as typed', async () => {
    const { wallet, seen } = gateway({ message: 'Sent' });
    await wallet.tip({ recipientId: 'u2', amount: ' 0.3 ', message: 'hi' }, 'key-1');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      key: 'key-1',
      body: { recipient_id: 'u2', amount: '0.3', currency: 'AC', message: 'hi' },
    });
    expect(seen[0]!.url.pathname).toBe('/api/tips/send');
  });

  it('answers the spending pause with confirm_pause, and reads and changes the spending settings', async () => {
    const { wallet, seen } = gateway({ message: 'Sent' });
    await wallet.tip({ recipientId: 'u2', amount: '25', message: '', confirmPause: true }, 'key-4');
    await wallet.transfer({ recipientId: 'u2', amount: '25', message: '', confirmPause: true }, 'key-5');
    await wallet.spendingSettings();
    await wallet.updateSpendingSettings({ daily_limit: '50', pause_threshold: null });
    await wallet.startCoolingOff();
    expect(seen.map((s) => [s.method, s.url.pathname, s.body])).toEqual([
      [
        'POST',
        '/api/tips/send',
        { recipient_id: 'u2', amount: '25', currency: 'AC', message: '', confirm_pause: true },
      ],
      ['POST', '/api/payments/transfer', { recipient_id: 'u2', amount: '25', confirm_pause: true }],
      ['GET', '/api/wallet/spending-settings', undefined],
      ['PUT', '/api/wallet/spending-settings', { daily_limit: '50', pause_threshold: null }],
      ['POST', '/api/wallet/spending-settings/cooling-off', undefined],
    ]);
  });

  it('sends a transfer without an empty message, and a withdrawal in USD', async () => {
    const { wallet, seen } = gateway({ message: 'ok' });
    await wallet.transfer({ recipientId: 'u2', amount: '2', message: '' }, 'key-2');
    await wallet.requestWithdrawal(
      { amount: '10', paypalEmail: ' me@example.com ', password: ' secret pass ' },
      'key-3',
    );
    expect(seen.map((s) => [s.url.pathname, s.key, s.body])).toEqual([
      ['/api/payments/transfer', 'key-2', { recipient_id: 'u2', amount: '2' }],
      [
        '/api/withdrawals/request',
        'key-3',
        { amount: '10', paypal_email: 'me@example.com', password: ' secret pass ' },
      ],
    ]);
  });

  it('finds recipients among members only', async () => {
    const { wallet, seen } = gateway([{ id: 'u1' }]);
    await expect(wallet.searchMembers('lun a')).resolves.toEqual([{ id: 'u1' }]);
    expect(seen[0]!.url.pathname).toBe('/api/users/search/lun%20a');
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({ limit: '6' });
  });

  it('reads a month’s statement', async () => {
    const { wallet, seen } = gateway({ month: '2026-11', lines: [] });
    await expect(wallet.statement('2026-11')).resolves.toEqual({ month: '2026-11', lines: [] });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url.pathname).toBe('/api/wallet/statements/2026-11');
  });
});

describe('statement files', () => {
  function files(body: string, type: string, disposition?: string) {
    const seen: { url: URL; authorization: string | null }[] = [];
    const fetch = jest.fn(async (request: Request) => {
      seen.push({ url: new URL(request.url), authorization: request.headers.get('Authorization') });
      const headers: Record<string, string> = { 'Content-Type': type };
      if (disposition) headers['Content-Disposition'] = disposition;
      return new Response(body, { headers });
    });
    const api = createApiClient({
      baseUrl: 'http://gateway.test',
      tokenStore: createMemoryTokenStore('t1'),
      fetch,
    });
    return { wallet: createWalletApi(api), seen };
  }

  it('downloads the CSV with the token, under the server’s name', async () => {
    const { wallet, seen } = files(
      'date,description\r\n',
      'text/csv',
      'attachment; filename="aura-statement-2026-11.csv"',
    );
    const file = await wallet.statementFile('2026-11', 'csv');
    expect(file.filename).toBe('aura-statement-2026-11.csv');
    expect(await file.blob.text()).toBe('date,description\r\n');
    expect(seen).toEqual([
      { url: new URL('http://gateway.test/api/wallet/statements/2026-11/csv'), authorization: 'Bearer t1' },
    ]);
  });

  it('downloads the PDF, named after the month when the server gives no name', async () => {
    const { wallet, seen } = files('%PDF-1.3', 'application/pdf');
    const file = await wallet.statementFile('2026-10', 'pdf');
    expect(file.filename).toBe('aura-statement-2026-10.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.3');
    expect(seen[0]!.url.pathname).toBe('/api/wallet/statements/2026-10/pdf');
  });
});
