// Internal calls in one process (AURA_TARGET=all, ADR 0014): no network, but the same rules as over
// mutual TLS (internal-calls.int-spec.ts) — each method admits only the services its policy names,
// the member is proven by the gateway's caller token, a refusal's code reaches the caller — and a
// server that stopped is unavailable.
import { common, identity } from '@aura/proto';
import { Metadata, ServiceError, status } from '@grpc/grpc-js';
import pino from 'pino';
import { testIdentity } from '../testing';
import { identityEchoService } from '../testing/identity-echo';
import { createClientOnChannelOf, createGrpcClient, unaryCall } from './client';
import { enableInProcessCalls } from './in-process';
import { CALLER_TOKEN, configureInternalCalls } from './internal-calls';
import { callerMetadata } from './metadata';
import { asyncService, errorCodeOf, GrpcServer } from './server';

const tlsDir = process.env.AURA_INTERNAL_TLS_DIR!;
let server: GrpcServer;

beforeAll(() => {
  enableInProcessCalls();
  configureInternalCalls({ service: 'identity', tlsDir });
  server = new GrpcServer('identity');
  server.add(
    identity.IdentityServiceService,
    asyncService(identity.IdentityServiceService, identityEchoService(), pino({ level: 'silent' })),
    { methods: { getUser: ['gateway', 'economy'] } },
  );
  server.add(
    common.HealthServiceService,
    asyncService(
      common.HealthServiceService,
      { check: async () => common.HealthStatus.fromPartial({ ready: true }) },
      pino({ level: 'silent' }),
    ),
    { others: ['*'] },
  );
});

/** A client made while `service` is the process's identity, as each service's clients are at start. */
const clientAs = (service: string) =>
  createGrpcClient(identity.IdentityServiceClient, 'in-process', 'identity', testIdentity(service));

async function ask(
  client: identity.IdentityServiceClient,
  metadata = new Metadata(),
  method: 'getUser' | 'listBlocked' = 'getUser',
): Promise<identity.User | { code: number }> {
  try {
    return await unaryCall(client, client[method] as never, { userId: 'x' } as never, metadata, 5000);
  } catch (error) {
    return { code: (error as ServiceError).code };
  }
}

const member = { userId: 'a1b2c3d4e5f6a1b2c3d4e5f6', role: 'user' as const };

describe('internal calls in one process', () => {
  it('admits the gateway with the member its caller token names', async () => {
    const gateway = testIdentity('gateway');
    expect(await ask(clientAs('gateway'), callerMetadata(member, undefined, gateway))).toMatchObject({
      id: member.userId,
      username: 'gateway',
    });
  });

  it('admits another service the method lists, anonymous; refuses one it does not list', async () => {
    expect(await ask(clientAs('economy'))).toMatchObject({ id: 'anonymous', username: 'economy' });
    expect(await ask(clientAs('media'))).toEqual({ code: status.PERMISSION_DENIED });
    expect(await ask(clientAs('economy'), new Metadata(), 'listBlocked')).toEqual({
      code: status.PERMISSION_DENIED,
    });
  });

  it('names no member without a valid caller token', async () => {
    const forged = new Metadata();
    forged.set('x-aura-user-id', member.userId);
    forged.set(CALLER_TOKEN, `${member.userId}.super_admin.9999999999.forged`);
    expect(await ask(clientAs('gateway'), forged)).toMatchObject({ id: 'anonymous' });
  });

  it('carries a refusal’s code to the caller in the aura-error-code trailer', async () => {
    const client = clientAs('gateway');
    const error = await unaryCall(client, client.listBlocked, {}, new Metadata(), 5000).then(
      () => undefined,
      (e: ServiceError) => e,
    );
    expect(error).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Take a breath — still want to send 25 AC?',
    });
    expect(errorCodeOf(error!)).toBe('pause_required');
  });

  it('asks the health service on the same server as the client it sits beside', async () => {
    const health = createClientOnChannelOf(common.HealthServiceClient, clientAs('gateway'));
    expect(await unaryCall(health, health.check, {}, new Metadata(), 2000)).toMatchObject({ ready: true });
  });

  it('answers UNAVAILABLE once the server has stopped, as a refused connection would', async () => {
    await server.close(1000);
    expect(await ask(clientAs('gateway'))).toEqual({ code: status.UNAVAILABLE });
  });
});
