#!/usr/bin/env node
// Makes the Ed25519 private key (PKCS#8 PEM) that identity signs access tokens with when Aura runs
// under docker compose: deploy/docker/secrets/jwt-private.pem, mounted as the compose secret
// aura_jwt_private_key (AURA_JWT_PRIVATE_KEY_FILE). The secrets folder is ignored by git.
//
//   node deploy/docker/gen-jwt-key.mjs            keeps an existing key
//   node deploy/docker/gen-jwt-key.mjs --force    replaces it (every issued token stops verifying)
//   node deploy/docker/gen-jwt-key.mjs <file>     writes elsewhere
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const force = args.includes('--force');
const target =
  args.find((arg) => !arg.startsWith('--')) ??
  join(dirname(fileURLToPath(import.meta.url)), 'secrets', 'jwt-private.pem');
const shown = relative(process.cwd(), target) || target;

if (existsSync(target) && !force) {
  console.log(`${shown} exists: kept (--force replaces it)`);
  process.exit(0);
}

const { privateKey } = generateKeyPairSync('ed25519');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, privateKey.export({ type: 'pkcs8', format: 'pem' }));
// Compose bind-mounts secret files with their host owner and mode, and identity runs as the image's
// `node` user (uid 1000), which may not be the owner on the host: the file must be readable by others.
// This is a local development key; production keys live in a secret store (see charts/aura/README.md).
chmodSync(target, 0o644);
console.log(`wrote ${shown}`);
