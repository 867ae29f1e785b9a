import { createApiClient } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createReportsApi } from './moderation.api';

function gateway(status: number, body: unknown) {
  const seen: { method: string; path: string; auth: string | null; body: unknown }[] = [];
  const fetch = jest.fn(async (request: Request) => {
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      auth: request.headers.get('Authorization'),
      body: JSON.parse(await request.text()),
    });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { reports: createReportsApi(api), seen };
}

describe('reports api (issue 21 §3)', () => {
  it('posts the report with the bearer token and answers the receipt', async () => {
    const receipt = {
      message: 'Thanks for letting us know. Our moderators will review it.',
      report_id: 'r1',
    };
    const { reports, seen } = gateway(201, receipt);
    const body = { target_type: 'post' as const, target_id: 'p1', reason: 'spam' as const };
    await expect(reports.report(body)).resolves.toEqual(receipt);
    expect(seen).toEqual([{ method: 'POST', path: '/api/reports', auth: 'Bearer t1', body }]);
  });

  it('fails with the status and the server detail (409: already reported)', async () => {
    const { reports } = gateway(409, { detail: 'You have already reported this' });
    const failure = await reports
      .report({ target_type: 'member', target_id: 'u1', reason: 'other' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, detail: 'You have already reported this' });
  });
});
