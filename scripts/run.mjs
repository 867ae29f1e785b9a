// `npm start` after install, build and infrastructure: starts every process, seeds demo data,
// prints where to go, and stops everything on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cacheDir, ensureSigningKey, repoRoot, stackEnv } from './lib/env.mjs';
import { Stack } from './lib/stack.mjs';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed/members.mjs';
import { seed } from './seed/index.mjs';

// Everything in one process unless AURA_TARGET=each asks for one process per service (ADR 0014).
const env = stackEnv();
env.AURA_TARGET ??= 'all';
env.AURA_JWT_PRIVATE_KEY_FILE ??= ensureSigningKey(env);
const stack = new Stack(env, {
  logDir: join(cacheDir(env), 'run', 'app'),
  echo: process.env.AURA_ECHO_LOGS === '1',
});

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Aura...');
  await stack.stop();
  if (process.env.AURA_KEEP_INFRA !== '1')
    spawnSync('bash', [join(repoRoot, 'deploy/local/down.sh')], { stdio: 'inherit' });
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  await stack.start();
  const baseUrl = `http://localhost:${env.GATEWAY_PORT}`;
  await seed(`http://127.0.0.1:${env.GATEWAY_PORT}`);
  console.log(`
  Aura is running: ${baseUrl}
  API docs:        ${baseUrl}/api/docs
  Logs:            ${join(cacheDir(env), 'run', 'app')}

  Demo logins (username / password):
    ${env.AURA_SUPER_ADMIN_USERNAME} / ${env.AURA_SUPER_ADMIN_PASSWORD}   (super admin)
${DEMO_MEMBERS.map((m) => `    ${m.username} / ${DEMO_PASSWORD}`).join('\n')}

  Press Ctrl-C to stop everything.
`);
} catch (error) {
  console.error(`Aura failed to start: ${error.message}`);
  await stopAll(1);
}
