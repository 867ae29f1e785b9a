// Internal calls over the network, as they are made in production: mutual TLS with the local internal
// PKI, each method admitting only the services its policy names, the member proven by the gateway's
// caller token. Everything else is refused or anonymous.
import { identity } from '@aura/proto';
import { credentials, Metadata, ServiceError, status } from '@grpc/grpc-js';
import { execFileSync } from 'node:child_process';
import { createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { testIdentity } from '../testing';
import { identityEchoService } from '../testing/identity-echo';
import { createGrpcClient, unaryCall } from './client';
import { CALLER_TOKEN, configureInternalCalls, InternalCalls } from './internal-calls';
import { callerMetadata } from './metadata';
import { asyncService, errorCodeOf, GrpcServer } from './server';

const tlsDir = process.env.AURA_INTERNAL_TLS_DIR!;
let server: GrpcServer;
let address: string;

beforeAll(async () => {
  configureInternalCalls({ service: 'identity', tlsDir });
  server = new GrpcServer();
  server.add(
    identity.IdentityServiceService,
    asyncService(identity.IdentityServiceService, identityEchoService(), pino({ level: 'silent' })),
    { methods: { getUser: ['gateway', 'economy'] } },
  );
  address = `127.0.0.1:${await server.listen('127.0.0.1:0')}`;
});

afterAll(async () => {
  await server?.close(1000);
});

const clientAs = (service: string, expected = 'identity', calls: InternalCalls = testIdentity(service)) =>
  createGrpcClient(identity.IdentityServiceClient, address, expected, calls);

async function ask(
  client: identity.IdentityServiceClient,
  metadata = new Metadata(),
  method: 'getUser' | 'listBlocked' = 'getUser',
): Promise<identity.User | { code: number }> {
  try {
    return await unaryCall(client, client[method] as never, { userId: 'x' } as never, metadata, 5000);
  } catch (error) {
    return { code: (error as ServiceError).code };
  } finally {
    client.close();
  }
}

/** A caller token signed with the gateway's key, with the claims given (to forge expired ones). */
function tokenWith(claims: string, key = join(tlsDir, 'gateway.key')): string {
  const signature = sign('sha256', Buffer.from(claims), createPrivateKey(readFileSync(key)));
  return `${claims}.${signature.toString('base64url')}`;
}

const withToken = (token: string) => {
  const metadata = new Metadata();
  metadata.set(CALLER_TOKEN, token);
  return metadata;
};

const member = { userId: 'a1b2c3d4e5f6a1b2c3d4e5f6', role: 'user' as const };
/** A whole second, so that the token's expiry (whole seconds) is exactly a minute later. */
const T0 = 1_800_000_000_000;

describe('internal calls', () => {
  it('admits the gateway with the member its caller token names', async () => {
    const gateway = testIdentity('gateway');
    expect(await ask(clientAs('gateway'), callerMetadata(member, undefined, gateway))).toMatchObject({
      id: member.userId,
      username: 'gateway',
    });
  });

  it('admits another service the method lists, anonymous', async () => {
    expect(await ask(clientAs('economy'))).toMatchObject({ id: 'anonymous', username: 'economy' });
  });

  it('refuses a valid certificate of a service the method does not admit', async () => {
    expect(await ask(clientAs('media'))).toEqual({ code: status.PERMISSION_DENIED });
    // Every other method admits the gateway only.
    expect(await ask(clientAs('economy'), new Metadata(), 'listBlocked')).toEqual({
      code: status.PERMISSION_DENIED,
    });
  });

  it('refuses a client without TLS, and one whose certificate is not of the internal CA', async () => {
    const plain = new identity.IdentityServiceClient(address, credentials.createInsecure());
    expect(await ask(plain)).toEqual({ code: status.UNAVAILABLE });
    const otherPki = mkdtempSync(join(tmpdir(), 'aura-other-pki-'));
    execFileSync(process.execPath, [
      join(__dirname, '../../../../deploy/local/pki.mjs'),
      join(otherPki, 'pki'),
    ]);
    const stranger = new InternalCalls({ service: 'gateway', tlsDir: join(otherPki, 'pki') });
    expect(await ask(clientAs('gateway', 'identity', stranger))).toEqual({ code: status.UNAVAILABLE });
  });

  it('does not reach a server that is not the service it meant to call', async () => {
    expect(await ask(clientAs('gateway', 'social'))).toEqual({ code: status.UNAVAILABLE });
  });

  it('names no member without a valid caller token: forged metadata, another key, expired, tampered', async () => {
    const forged = new Metadata();
    forged.set('x-aura-user-id', member.userId);
    forged.set('x-aura-user-role', 'super_admin');
    expect(await ask(clientAs('gateway'), forged)).toMatchObject({ id: 'anonymous' });
    const future = Math.floor(Date.now() / 1000) + 30;
    const past = Math.floor(Date.now() / 1000) - 120;
    const notTheGateway = tokenWith(`${member.userId}.super_admin.${future}`, join(tlsDir, 'economy.key'));
    expect(await ask(clientAs('gateway'), withToken(notTheGateway))).toMatchObject({ id: 'anonymous' });
    const expired = tokenWith(`${member.userId}.user.${past}`);
    expect(await ask(clientAs('gateway'), withToken(expired))).toMatchObject({ id: 'anonymous' });
    const valid = tokenWith(`${member.userId}.user.${future}`);
    expect(await ask(clientAs('gateway'), withToken(valid))).toMatchObject({ id: member.userId });
    const promoted = valid.replace('.user.', '.super_admin.');
    expect(await ask(clientAs('gateway'), withToken(promoted))).toMatchObject({ id: 'anonymous' });
  });

  it('carries a refusal’s code to the caller in the aura-error-code trailer', async () => {
    const client = clientAs('gateway');
    try {
      await unaryCall(client, client.listBlocked, {}, new Metadata(), 5000);
      throw new Error('answered');
    } catch (error) {
      expect(error).toMatchObject({
        code: status.ALREADY_EXISTS,
        details: 'Take a breath — still want to send 25 AC?',
      });
      expect(errorCodeOf(error as ServiceError)).toBe('pause_required');
    } finally {
      client.close();
    }
  });

  it('reuses a member’s caller token for the first half of its minute, one token per role', () => {
    const gateway = testIdentity('gateway');
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(T0);
      const first = gateway.signCaller(member);
      expect(gateway.signCaller({ ...member })).toBe(first);
      const asAdmin = gateway.signCaller({ ...member, role: 'admin' });
      expect(asAdmin).not.toBe(first);
      expect(testIdentity('identity').verifyCaller(asAdmin)).toEqual({ ...member, role: 'admin' });
      clock.mockReturnValue(T0 + 29_000);
      expect(gateway.signCaller(member)).toBe(first);
      clock.mockReturnValue(T0 + 31_000);
      const second = gateway.signCaller(member);
      expect(second).not.toBe(first);
      expect(testIdentity('identity').verifyCaller(second)).toEqual(member);
    } finally {
      clock.mockRestore();
    }
  });

  it('names no member once a token it verified before has expired, as if it had never seen it', () => {
    const service = testIdentity('identity');
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(T0);
      const token = testIdentity('gateway').signCaller(member);
      expect(service.verifyCaller(token)).toEqual(member);
      // Valid until its expiry (a minute) plus the clock skew allowed (30 s), remembered or not.
      clock.mockReturnValue(T0 + 90_000);
      expect(service.verifyCaller(token)).toEqual(member);
      expect(testIdentity('economy').verifyCaller(token)).toEqual(member);
      clock.mockReturnValue(T0 + 91_000);
      expect(service.verifyCaller(token)).toBeUndefined();
      expect(service.verifyCaller(token)).toBeUndefined();
      expect(testIdentity('economy').verifyCaller(token)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('lets only the gateway sign caller tokens', () => {
    expect(() => testIdentity('genies').signCaller(member)).toThrow(/only the gateway/);
  });
});
