// One service down leaves the rest of the site up: its calls fail fast with 503, everything else
// answers, and the gateway stays ready (its readiness, on the internal port, depends only on Redis).
// Each scenario runs gateways (and an identity) of its own on ports of its own (ownPort: apart from
// every test stack's, per slot).
import { waitFor } from '@aura/platform/testing';
import { api, newMember } from './support/api';
import { OwnedProcess, ownPort } from './support/processes';

const SERVICE_DOWN = 'Service temporarily unavailable. Please try again shortly.';

/** A gateway of this test (on ownPort(k) and ownPort(k + 1)): its base URL and internal readiness. */
function ownGateway(name: string, k: number, env: NodeJS.ProcessEnv) {
  const port = ownPort(k);
  const httpPort = ownPort(k + 1);
  const ready = `http://127.0.0.1:${httpPort}/health/ready`;
  const process_ = new OwnedProcess(
    name,
    'gateway/dist/main.js',
    {
      ...env,
      GATEWAY_PORT: String(port),
      GATEWAY_HTTP_PORT: String(httpPort),
      KAFKA_GROUP_PREFIX: `${process.env.KAFKA_GROUP_PREFIX ?? 'aura-test'}-${name}`,
    },
    ready,
  );
  return { process: process_, base: `http://127.0.0.1:${port}`, ready };
}

const readiness = async (url: string) => (await fetch(url)).status;

async function signUp(base?: string) {
  const member = newMember('res');
  const answer = await api('POST', '/auth/register', { body: member, base });
  expect(answer.status).toBe(201);
  return { ...member, id: answer.body.user.id as string, token: answer.body.access_token as string };
}

describe('when identity goes away and comes back', () => {
  // Its own identity, so that stopping it does not disturb other tests.
  const identityEnv = {
    ...process.env,
    IDENTITY_GRPC_URL: `127.0.0.1:${ownPort(0)}`,
    IDENTITY_HTTP_PORT: String(ownPort(1)),
  };
  const identity = new OwnedProcess(
    'resilience-identity',
    'services/identity/dist/main.js',
    identityEnv,
    `http://127.0.0.1:${ownPort(1)}/health/ready`,
  );
  const gateway = ownGateway('resilience-gateway', 2, identityEnv);
  const base = gateway.base;

  beforeAll(async () => {
    await identity.start();
    await gateway.process.start();
  }, 120000);

  afterAll(async () => {
    await gateway.process.stop();
    await identity.stop();
  });

  it('answers 503 {detail} for what needs identity, keeps the rest up, and heals by itself', async () => {
    const member = await signUp(base);
    // Signed in before the outage: the keys are known, so tokens verify without identity.
    expect((await api('GET', '/wallet', { token: member.token, base })).status).toBe(200);

    await identity.stop('SIGKILL');
    const down = await api('POST', '/auth/login', {
      body: { username: member.username, password: member.password },
      base,
    });
    expect(down.status).toBe(503);
    expect(down.body.detail).toBe(SERVICE_DOWN);
    const health = await api('GET', '/health', { base });
    expect(health.status).toBe(503);
    expect(health.body.detail).toMatch(/identity/);
    // The rest of the site: the gateway stays ready, other services' calls answer.
    expect(await readiness(gateway.ready)).toBe(200);
    expect((await api('GET', '/wallet', { token: member.token, base })).status).toBe(200);
    expect((await api('GET', '/public/stats', { base })).status).toBe(200);
    expect(gateway.process.running).toBe(true);

    await identity.start();
    await waitFor(
      async () =>
        (
          await api('POST', '/auth/login', {
            body: { username: member.username, password: member.password },
            base,
          })
        ).status === 200,
      { what: 'sign-in through the gateway after identity returned', timeoutMs: 20000, intervalMs: 250 },
    );
    expect((await api('GET', '/health', { base })).status).toBe(200);
  }, 120000);
});

describe('when one service (economy) cannot be reached at all', () => {
  // A gateway whose economy address has nothing listening: the economy is down for it.
  const gateway = ownGateway('resilience-no-economy', 4, {
    ...process.env,
    ECONOMY_GRPC_URL: `127.0.0.1:${ownPort(6)}`,
  });
  const base = gateway.base;

  beforeAll(async () => {
    await gateway.process.start();
  }, 120000);

  afterAll(async () => {
    await gateway.process.stop();
  });

  it('is ready and serves the rest of the site; economy calls fail fast with 503', async () => {
    expect(await readiness(gateway.ready)).toBe(200);
    const member = await signUp(base);

    const started = Date.now();
    const wallet = await api('GET', '/wallet', { token: member.token, base });
    expect(wallet.status).toBe(503);
    expect(wallet.body.detail).toBe(SERVICE_DOWN);
    expect(wallet.headers.get('retry-after')).toBe('2');
    expect(Date.now() - started).toBeLessThan(3000);
    const price = await api('GET', '/auracoin/price/current', { base });
    expect(price.status).toBe(503);

    // Everything that does not need economy answers as usual.
    expect((await api('GET', '/auth/me', { token: member.token, base })).status).toBe(200);
    expect((await api('GET', '/posts/feed/discovery', { token: member.token, base })).status).toBe(200);
    expect((await api('GET', '/public/feed/preview', { base })).status).toBe(200);
    const post = await api('POST', '/posts', {
      token: member.token,
      base,
      body: { content: 'Still here', content_type: 'text', category: 'general', is_story: false },
    });
    expect(post.status).toBe(201);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);

    // The site's status names the missing service; the gateway is still in rotation.
    const health = await api('GET', '/health', { base });
    expect(health.status).toBe(503);
    expect(health.body.detail).toMatch(/economy unreachable/);
    expect(await readiness(gateway.ready)).toBe(200);
  }, 60000);
});
