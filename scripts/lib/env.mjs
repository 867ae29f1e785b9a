// Loads deploy/aura.env (the one list of variables and local defaults) under the current environment.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInternalPki } from '../../deploy/local/pki.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** KEY=value lines; a value in double (or single) quotes loses them, as in a shell or dotenv. */
export function readEnvFile(file = join(repoRoot, 'deploy', 'aura.env')) {
  const values = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]] = match[2].replace(/^"(.*)"$|^'(.*)'$/, '$1$2');
  }
  return values;
}

export function cacheDir(env = process.env) {
  return env.AURA_CACHE_DIR || join(homedir(), '.cache', 'aura');
}

/**
 * Defaults from aura.env, then the caller's environment, then `overrides`. Empty values are dropped.
 * Without an internal PKI named, the local one (deploy/local/pki.mjs, made once in the cache).
 */
export function stackEnv(overrides = {}) {
  const merged = { ...readEnvFile(), ...process.env, ...overrides };
  for (const [key, value] of Object.entries(merged))
    if (value === '' || value === undefined) delete merged[key];
  if (!merged.AURA_INTERNAL_TLS_DIR) Object.assign(merged, ensureInternalPki(join(cacheDir(merged), 'pki')));
  return merged;
}

/** The local token signing key (Ed25519), made once and kept in the cache directory. */
export function ensureSigningKey(env = process.env) {
  const file = join(cacheDir(env), 'keys', 'jwt-ed25519.pem');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return file;
}
