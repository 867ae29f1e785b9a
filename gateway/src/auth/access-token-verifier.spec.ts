import { UnauthorizedException } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import type { Logger } from 'pino';
import type { IdentityClient } from '../clients/identity.client';
import { AccessTokenVerifier, TOKEN_AUDIENCE, TOKEN_ISSUER } from './access-token-verifier';

interface SigningKey {
  kid: string;
  privateKey: KeyLike;
  jwks: string;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return { kid, privateKey, jwks: JSON.stringify({ keys: [jwk] }) };
}

function token(key: SigningKey, expiresAtSec: number, sub = 'm1'): Promise<string> {
  return new SignJWT({ role: 'user', username: 'luna', sid: 's1' })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(expiresAtSec)
    .sign(key.privateKey);
}

const logger = { warn: jest.fn() } as unknown as Logger;
const nowSec = () => Math.floor(Date.now() / 1000);

/** Moves the clock (Date only: jose's checks and the verifier's both read it) by `ms`. */
function advanceClock(ms: number): number {
  const later = Date.now() + ms;
  jest.useFakeTimers({
    now: later,
    doNotFake: [
      'nextTick',
      'queueMicrotask',
      'setImmediate',
      'setTimeout',
      'setInterval',
      'hrtime',
      'performance',
    ],
  });
  return later;
}

describe('AccessTokenVerifier', () => {
  let keyA: SigningKey;
  let keyB: SigningKey;
  let published: SigningKey;
  let fetches: number;
  let verifier: AccessTokenVerifier;

  beforeAll(async () => {
    [keyA, keyB] = await Promise.all([signingKey('a'), signingKey('b')]);
  });

  beforeEach(() => {
    published = keyA;
    fetches = 0;
    const identity = {
      getSigningKeys: async () => {
        fetches += 1;
        return { jwksJson: published.jwks };
      },
    } as unknown as IdentityClient;
    verifier = new AccessTokenVerifier(identity, logger);
  });

  afterEach(() => jest.useRealTimers());

  it('answers the caller of a token, the same frozen caller again for the same token', async () => {
    const signed = await token(keyA, nowSec() + 900);
    const first = await verifier.verify(signed);
    expect(first).toMatchObject({ userId: 'm1', role: 'user', username: 'luna', sessionId: 's1' });
    expect(Object.isFrozen(first)).toBe(true);
    expect(await verifier.verify(signed)).toBe(first);
    expect(fetches).toBe(1);
  });

  it('refuses a remembered token once it has expired', async () => {
    const signed = await token(keyA, nowSec() + 60);
    await verifier.verify(signed);
    advanceClock(61_000);
    await expect(verifier.verify(signed)).rejects.toBeInstanceOf(UnauthorizedException);
  });

  it('refuses a token changed after a valid one was verified', async () => {
    const signed = await token(keyA, nowSec() + 900);
    await verifier.verify(signed);
    const [header, payload, signature] = signed.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'super_admin' }),
    ).toString('base64url');
    await expect(verifier.verify(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(
      UnauthorizedException,
    );
  });

  it('forgets every verified token when identity publishes new keys', async () => {
    const underA = await token(keyA, nowSec() + 900);
    await verifier.verify(underA);
    // Key A is withdrawn: identity now publishes B alone, seen when a token names B (30 s later).
    published = keyB;
    const later = advanceClock(31_000);
    const underB = await token(keyB, Math.floor(later / 1000) + 900, 'm2');
    expect((await verifier.verify(underB)).userId).toBe('m2');
    expect(fetches).toBe(2);
    await expect(verifier.verify(underA)).rejects.toBeInstanceOf(UnauthorizedException);
  });
});
