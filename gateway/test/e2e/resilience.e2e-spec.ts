import { api, newMember } from './support/api';
import { OwnedProcess } from './support/processes';

// Its own identity and gateway on their own ports, so stopping identity does not disturb other tests.
const env = {
  ...process.env,
  IDENTITY_GRPC_URL: '127.0.0.1:51151',
  IDENTITY_HTTP_PORT: '18201',
  GATEWAY_PORT: '18180',
  KAFKA_GROUP_PREFIX: `${process.env.KAFKA_GROUP_PREFIX ?? 'aura-test'}-resilience`,
};
const base = 'http://127.0.0.1:18180';
const identity = new OwnedProcess(
  'resilience-identity',
  'services/identity/dist/main.js',
  env,
  'http://127.0.0.1:18201/health/ready',
);
const gateway = new OwnedProcess('resilience-gateway', 'gateway/dist/main.js', env, `${base}/api/health`);

describe('when identity goes away and comes back', () => {
  beforeAll(async () => {
    await identity.start();
    await gateway.start();
  }, 120000);

  afterAll(async () => {
    await gateway.stop();
    await identity.stop();
  });

  it('answers 503 {detail} without crashing, and heals by itself when identity returns', async () => {
    const member = newMember('res');
    expect((await api('POST', '/auth/register', { body: member, base })).status).toBe(201);

    await identity.stop('SIGKILL');
    const down = await api('POST', '/auth/login', {
      body: { username: member.username, password: member.password },
      base,
    });
    expect(down.status).toBe(503);
    expect(down.body.detail).toBe('Service temporarily unavailable. Please try again shortly.');
    const health = await api('GET', '/health', { base });
    expect(health.status).toBe(503);
    expect(health.body.detail).toMatch(/identity/);
    expect(gateway.running).toBe(true);

    await identity.start();
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt += 1) {
      status = (
        await api('POST', '/auth/login', {
          body: { username: member.username, password: member.password },
          base,
        })
      ).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await api('GET', '/health', { base })).status).toBe(200);
  }, 120000);
});
