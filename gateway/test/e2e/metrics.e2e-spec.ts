// GET /metrics of every process of the test stack (the gateway's internal port, each service's health
// port) after some traffic: the names and labels Prometheus scrapes (dashboards and alerts rely on them).
// In one process (AURA_TARGET=all) each part's /metrics still shows only its own points, labelled with it.
// The gateway's public port has no /metrics.
import { waitFor } from '@aura/platform/testing';
import { api, baseUrl, newMember } from './support/api';

const services = {
  identity: process.env.IDENTITY_HTTP_PORT ?? '18101',
  social: process.env.SOCIAL_HTTP_PORT ?? '18102',
  messaging: process.env.MESSAGING_HTTP_PORT ?? '18103',
  economy: process.env.ECONOMY_HTTP_PORT ?? '18104',
  media: process.env.MEDIA_HTTP_PORT ?? '18106',
};

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
        labels[key] = value;
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return parse(await response.text());
}

const metricsOf = (service: keyof typeof services) => scrape(`http://127.0.0.1:${services[service]}/metrics`);
const gatewayInternal = `http://127.0.0.1:${process.env.GATEWAY_HTTP_PORT ?? '18108'}`;
const gatewayMetrics = () => scrape(`${gatewayInternal}/metrics`);

/** The name telemetry gives the process: "aura" when every part shares it (AURA_TARGET=all, ADR 0014). */
const processOf = (part: string) => ((process.env.AURA_TARGET ?? 'all') === 'all' ? 'aura' : part);

const named = (samples: Sample[], name: string) => samples.filter((s) => s.name === name);
const total = (samples: Sample[], name: string) => named(samples, name).reduce((sum, s) => sum + s.value, 0);

async function signUp(prefix: string) {
  const member = newMember(prefix);
  const answer = await api('POST', '/auth/register', { body: member });
  expect(answer.status).toBe(201);
  return { id: answer.body.user.id as string, token: answer.body.access_token as string };
}

let before: Record<string, Sample[]>;
let gatewayBefore: Sample[];

beforeAll(async () => {
  before = Object.fromEntries(
    await Promise.all(
      Object.keys(services).map(async (s) => [s, await metricsOf(s as keyof typeof services)]),
    ),
  );
  gatewayBefore = await gatewayMetrics();
  // Traffic: sign-ups, a post and its comments, a tip and a transfer (funded by the super admin), a failing request.
  const login = await api('POST', '/auth/login', {
    body: {
      username: process.env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: process.env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
  });
  expect(login.status).toBe(200);
  const [alice, bob] = [await signUp('met'), await signUp('met')];
  const funded = await api('POST', `/admin/wallets/${alice.id}/adjust`, {
    token: login.body.access_token,
    body: { amount: 10, reason: 'metrics test' },
  });
  expect(funded.status).toBe(200);
  const post = await api('POST', '/posts', {
    token: alice.token,
    body: { content: 'Counting things', content_type: 'text', category: 'lifestyle', is_story: false },
  });
  expect(post.status).toBe(201);
  expect((await api('GET', `/posts/${post.body.id}/comments`, { token: bob.token })).status).toBe(200);
  const tip = await api('POST', '/tips/send', {
    token: alice.token,
    body: { recipient_id: bob.id, amount: 1 },
  });
  expect(tip.status).toBe(200);
  const transfer = await api('POST', '/payments/transfer', {
    token: alice.token,
    body: { recipient_id: bob.id, amount: 2 },
  });
  expect(transfer.status).toBe(200);
  expect((await api('GET', '/wallet')).status).toBe(401);
});

describe('GET /metrics', () => {
  it('is not on the public port (nor anything like it), only on the internal one', async () => {
    for (const path of ['/metrics', '/metrics/', '/api/metrics', '/METRICS', '/metrics?x=1']) {
      const response = await fetch(`${baseUrl}${path}`);
      const text = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(text).not.toMatch(/http_server_request_duration_seconds|aura_socket_connections/);
    }
    const internal = await fetch(`${gatewayInternal}/metrics`);
    expect(internal.status).toBe(200);
  });

  it('of the gateway: request duration per route template, method and status; socket connections', async () => {
    const samples = await gatewayMetrics();
    const requests = named(samples, 'http_server_request_duration_seconds_count');
    expect(requests.length).toBeGreaterThan(0);
    for (const sample of requests) expect(sample.labels.service).toBe('gateway');
    const postGets = requests.filter(
      (s) => s.labels.http_route === '/api/posts/:id/comments' && s.labels.http_request_method === 'GET',
    );
    expect(postGets.map((s) => s.labels.http_response_status_code)).toContain('200');
    // Never raw paths: no route carries an id.
    expect(requests.filter((s) => /[0-9a-f]{24}|[0-9a-f-]{36}/.test(s.labels.http_route ?? ''))).toEqual([]);
    const denied = requests.find(
      (s) => s.labels.http_route === '/api/wallet' && s.labels.http_response_status_code === '401',
    );
    expect(denied?.value).toBeGreaterThan(0);
    expect(named(samples, 'http_server_request_duration_seconds_bucket').length).toBeGreaterThan(0);
    expect(named(samples, 'aura_socket_connections')).toEqual([
      expect.objectContaining({ labels: { service: 'gateway' } }),
    ]);
    // The realtime consumer's group, sampled every 15 s.
    const lag = await waitFor(
      async () => {
        const found = named(await gatewayMetrics(), 'aura_kafka_consumer_lag');
        return found.length > 0 ? found : undefined;
      },
      { what: 'aura_kafka_consumer_lag of the gateway', timeoutMs: 30000, intervalMs: 1000 },
    );
    expect(lag[0].labels).toEqual({
      service: 'gateway',
      group: expect.stringMatching(/\S/),
      topic: expect.stringMatching(/^aura\./),
      partition: expect.stringMatching(/^\d+$/),
    });
    expect(total(samples, 'http_server_request_duration_seconds_count')).toBeGreaterThan(
      total(gatewayBefore, 'http_server_request_duration_seconds_count'),
    );
  });

  it.each(Object.keys(services))(
    'of %s: gRPC duration by method and status code, with its service label',
    async (service) => {
      const samples = await metricsOf(service as keyof typeof services);
      const target = named(samples, 'target_info')[0];
      expect(target?.labels.service_name).toBe(processOf(service));
      for (const sample of samples.filter((s) => s.name !== 'target_info'))
        expect(sample.labels.service).toBe(service);
      if (service === 'media') return; // no media call in this traffic
      const calls = named(samples, 'rpc_server_duration_seconds_count');
      expect(calls.length).toBeGreaterThan(0);
      expect(calls[0].labels).toEqual({
        service,
        rpc_method: expect.stringMatching(/^[A-Z]\w+$/),
        rpc_grpc_status_code: expect.stringMatching(/^\d+$/),
      });
    },
  );

  it('counts the business: sign-ups, posts, tips and transfers (top-ups from 0)', async () => {
    const [identity, social, economy] = await Promise.all([
      metricsOf('identity'),
      metricsOf('social'),
      metricsOf('economy'),
    ]);
    expect(
      total(identity, 'aura_signups_total') - total(before.identity, 'aura_signups_total'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      total(social, 'aura_posts_created_total') - total(before.social, 'aura_posts_created_total'),
    ).toBeGreaterThanOrEqual(1);
    const grew = (name: string) => total(economy, name) - total(before.economy, name);
    expect(grew('aura_tips_total')).toBeGreaterThanOrEqual(1);
    expect(grew('aura_tips_micro_total')).toBeGreaterThanOrEqual(1_000_000);
    expect(grew('aura_transfers_total')).toBeGreaterThanOrEqual(1);
    expect(named(economy, 'aura_topups_total')).toHaveLength(1);
    expect(named(economy, 'aura_topups_micro_total')).toHaveLength(1);
  });

  it('of economy: the ledger check (run at start) is balanced', async () => {
    const economy = await waitFor(
      async () => {
        const samples = await metricsOf('economy');
        return named(samples, 'aura_ledger_check_ok').length > 0 ? samples : undefined;
      },
      { what: 'the first ledger check', timeoutMs: 30000, intervalMs: 500 },
    );
    expect(total(economy, 'aura_ledger_check_ok')).toBe(1);
    expect(total(economy, 'aura_ledger_sum_micro')).toBe(0);
    expect(total(economy, 'aura_ledger_check_mismatches')).toBe(0);
    expect(named(economy, 'aura_ledger_members_total_micro')).toHaveLength(1);
  });

  it('of the consuming services: consumer lag per group and partition, dead letters per topic', async () => {
    for (const service of ['social', 'messaging', 'economy'] as const) {
      const samples = await waitFor(
        async () => {
          const found = await metricsOf(service);
          return named(found, 'aura_kafka_consumer_lag').length > 0 ? found : undefined;
        },
        { what: `aura_kafka_consumer_lag of ${service}`, timeoutMs: 30000, intervalMs: 1000 },
      );
      for (const lag of named(samples, 'aura_kafka_consumer_lag')) {
        expect(lag.labels).toEqual({
          service,
          group: expect.stringMatching(/\S/),
          topic: expect.stringMatching(/^aura\./),
          partition: expect.stringMatching(/^\d+$/),
        });
        expect(lag.value).toBeGreaterThanOrEqual(0);
      }
      const deadLetters = named(samples, 'aura_kafka_dead_letters_total');
      expect(deadLetters.length).toBeGreaterThan(0);
      for (const sample of deadLetters)
        expect(sample.labels).toEqual({ service, topic: expect.stringMatching(/^aura\./) });
    }
  });
});
