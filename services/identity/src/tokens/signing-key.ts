import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { calculateJwkThumbprint, exportJWK, JWK } from 'jose';
import type { Logger } from 'pino';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
}

/**
 * The Ed25519 key that signs access tokens. Production must configure one (file or PEM variable);
 * development and tests fall back to a key made at start, which only that process knows.
 */
export async function loadSigningKey(
  config: { AURA_ENV: string; AURA_JWT_PRIVATE_KEY_FILE?: string; AURA_JWT_PRIVATE_KEY?: string },
  logger: Logger,
): Promise<SigningKey> {
  let privateKey: KeyObject;
  if (config.AURA_JWT_PRIVATE_KEY_FILE) {
    privateKey = createPrivateKey(readFileSync(config.AURA_JWT_PRIVATE_KEY_FILE));
  } else if (config.AURA_JWT_PRIVATE_KEY) {
    privateKey = createPrivateKey(config.AURA_JWT_PRIVATE_KEY.replace(/\\n/g, '\n'));
  } else if (config.AURA_ENV === 'production') {
    throw new Error('AURA_JWT_PRIVATE_KEY_FILE or AURA_JWT_PRIVATE_KEY is required in production');
  } else {
    logger.warn('no token signing key configured: using a key made for this process only');
    privateKey = generateKeyPairSync('ed25519').privateKey;
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the token signing key must be Ed25519');
  const publicJwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' } };
}
