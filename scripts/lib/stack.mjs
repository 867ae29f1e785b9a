// Starts Aura's Node processes (services, then the gateway), waits for each to be ready, and stops
// them in reverse order. Used by `npm start` and by `npm test`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './env.mjs';

/**
 * Every process of the stack, in start order. AURA_TARGET=all (what `npm start` runs): one process,
 * the gateway and every service in it (server/, ADR 0014); AURA_TARGET=each: one process per service.
 */
export function stackProcesses(env) {
  if ((env.AURA_TARGET ?? 'all') === 'all')
    return [
      {
        name: 'aura',
        entry: 'server/dist/main.js',
        ready: `http://127.0.0.1:${env.GATEWAY_PORT}/api/health`,
        // Its eight parts stop one after the other, each within a few seconds.
        stopTimeoutMs: 30000,
      },
    ];
  return [
    {
      name: 'identity',
      entry: 'services/identity/dist/main.js',
      ready: `http://127.0.0.1:${env.IDENTITY_HTTP_PORT}/health/ready`,
    },
    {
      name: 'social',
      entry: 'services/social/dist/main.js',
      ready: `http://127.0.0.1:${env.SOCIAL_HTTP_PORT}/health/ready`,
    },
    {
      name: 'messaging',
      entry: 'services/messaging/dist/main.js',
      ready: `http://127.0.0.1:${env.MESSAGING_HTTP_PORT}/health/ready`,
    },
    {
      name: 'media',
      entry: 'services/media/dist/main.js',
      ready: `http://127.0.0.1:${env.MEDIA_HTTP_PORT}/health/ready`,
    },
    {
      name: 'economy',
      entry: 'services/economy/dist/main.js',
      ready: `http://127.0.0.1:${env.ECONOMY_HTTP_PORT}/health/ready`,
    },
    {
      name: 'genies',
      entry: 'services/genies/dist/main.js',
      ready: `http://127.0.0.1:${env.GENIES_HTTP_PORT}/health/ready`,
    },
    {
      name: 'admin',
      entry: 'services/admin/dist/main.js',
      ready: `http://127.0.0.1:${env.ADMIN_HTTP_PORT}/health/ready`,
    },
    {
      name: 'gateway',
      entry: 'gateway/dist/main.js',
      ready: `http://127.0.0.1:${env.GATEWAY_PORT}/api/health`,
    },
  ];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForReady(url, { timeoutMs = 60000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(300);
  }
  throw new Error(`not ready after ${timeoutMs} ms (${url}: ${last})`);
}

export class Stack {
  constructor(env, { logDir, echo = false } = {}) {
    this.env = env;
    this.logDir = logDir;
    this.echo = echo;
    this.children = new Map();
  }

  async start(names) {
    const all = stackProcesses(this.env);
    for (const proc of all.filter((p) => !names || names.includes(p.name))) await this.startOne(proc);
  }

  async startOne(proc) {
    mkdirSync(this.logDir, { recursive: true });
    const log = createWriteStream(join(this.logDir, `${proc.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [join(repoRoot, proc.entry)], {
      cwd: repoRoot,
      env: { ...this.env, OTEL_SERVICE_NAME: proc.name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipe(log, { end: false });
      if (this.echo) stream.on('data', (chunk) => process.stdout.write(prefixLines(proc.name, chunk)));
    }
    this.children.set(proc.name, { proc, child });
    try {
      await waitForReady(proc.ready, { child });
    } catch (error) {
      throw new Error(`${proc.name} ${error.message}; see ${join(this.logDir, `${proc.name}.log`)}`);
    }
  }

  /** Stops one process (SIGTERM, then SIGKILL after 10 s, or the process's stopTimeoutMs). */
  async stopOne(name) {
    const entry = this.children.get(name);
    if (!entry) return;
    this.children.delete(name);
    const { child, proc } = entry;
    // Already gone (exited, or killed by a signal such as a terminal's Ctrl-C): no exit event will come.
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), proc.stopTimeoutMs ?? 10000);
    await exited;
    clearTimeout(timer);
  }

  async stop() {
    for (const name of [...this.children.keys()].reverse()) await this.stopOne(name);
  }
}

function prefixLines(name, chunk) {
  const text = chunk.toString();
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => `${name.padEnd(9)}| ${line}\n`)
    .join('');
}
