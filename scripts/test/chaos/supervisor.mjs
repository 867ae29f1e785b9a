// The chaos tier's process supervisor: every service and the gateway as a separate OS process, restarted
// whenever it exits (a kill -9 of ours, or a crash of its own), as Kubernetes restarts a pod's container
// (restartPolicy: Always, with a short back-off while it keeps crashing). Each start, exit and
// readiness is recorded with its time for the report.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../lib/env.mjs';
import { stackProcesses } from '../../lib/stack.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function isReady(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** How many of a process's last output lines a crash report shows. */
const TAIL_LINES = 30;

/** The last `size` lines of a process's output (long lines cut). */
class OutputTail {
  constructor(size) {
    this.size = size;
    this.kept = [];
    this.partial = '';
  }

  add(chunk) {
    const parts = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = parts.pop().slice(-2000);
    for (const line of parts) if (line.trim()) this.kept.push(line.slice(0, 2000));
    if (this.kept.length > this.size) this.kept.splice(0, this.kept.length - this.size);
  }

  lines() {
    return this.partial.trim() ? [...this.kept, this.partial] : this.kept;
  }
}

export class Supervisor {
  /**
   * `processes`: the stack's (one per service), or the scale-out topology's instances, each with an
   * `env` of its own on top of `env` and the `part` it runs.
   */
  constructor(env, logDir, log = console.log, processes = stackProcesses(env)) {
    this.env = env;
    this.logDir = logDir;
    this.log = log;
    this.procs = new Map(processes.map((p) => [p.name, { part: p.name, ...p, starts: 0, crashes: [] }]));
    this.events = [];
    this.stopping = false;
    mkdirSync(logDir, { recursive: true });
  }

  names() {
    return [...this.procs.keys()];
  }

  record(name, what, extra = {}) {
    this.events.push({ at: Date.now(), name, what, ...extra });
  }

  spawnOne(name) {
    const proc = this.procs.get(name);
    proc.starts += 1;
    const log = createWriteStream(join(this.logDir, `${name}.log`), { flags: 'a' });
    log.write(`\n==== chaos: start ${proc.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, [join(repoRoot, proc.entry)], {
      cwd: repoRoot,
      env: { ...this.env, ...proc.env, OTEL_SERVICE_NAME: proc.part },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    // The last lines it wrote, printed if it exits by itself (the log file is written asynchronously,
    // and a later tier of the same run may remove it).
    const tail = new OutputTail(TAIL_LINES);
    child.stdout.on('data', (chunk) => tail.add(chunk));
    child.stderr.on('data', (chunk) => tail.add(chunk));
    proc.child = child;
    proc.startedAt = Date.now();
    proc.readyAt = undefined;
    this.record(name, 'start', { pid: child.pid });
    // Its log ends once its output is read to the end ('close' comes after 'exit').
    child.once('close', () => log.end());
    child.once('exit', (code, signal) => {
      const expected = proc.killing;
      proc.killing = false;
      this.record(name, expected ? 'killed' : 'exit', { code, signal });
      if (!expected && !this.stopping) {
        proc.crashes.push({ at: Date.now(), code, signal });
        child.once('close', () =>
          this.log(
            `chaos: ${name} exited by itself (code ${code}, signal ${signal}): restarting it; its last lines:\n` +
              tail
                .lines()
                .map((line) => `    ${name} | ${line}`)
                .join('\n'),
          ),
        );
      }
      if (this.stopping) return;
      // Back-off: 1 s, or longer while it keeps dying within 10 s of its start (CrashLoopBackOff).
      const quick = Date.now() - proc.startedAt < 10_000;
      proc.backoff = quick ? Math.min((proc.backoff ?? 500) * 2, 8000) : 1000;
      const delay = proc.nextDelay ?? proc.backoff;
      proc.nextDelay = undefined;
      setTimeout(() => {
        if (!this.stopping) this.spawnOne(name);
      }, delay);
    });
    void this.watchReady(name, child);
    return child;
  }

  async watchReady(name, child) {
    const proc = this.procs.get(name);
    while (!this.stopping && proc.child === child && child.exitCode === null && child.signalCode === null) {
      if (await isReady(proc.ready)) {
        proc.readyAt = Date.now();
        this.record(name, 'ready', { afterMs: proc.readyAt - proc.startedAt });
        return;
      }
      await sleep(200);
    }
  }

  /** Starts every process (the services together, then the gateways) and waits until all are ready. */
  async start(timeoutMs = 180_000) {
    const gateways = this.names().filter((n) => this.procs.get(n).part === 'gateway');
    const services = this.names().filter((n) => !gateways.includes(n));
    for (const name of services) this.spawnOne(name);
    await this.waitReady(services, timeoutMs);
    for (const name of gateways) this.spawnOne(name);
    await this.waitReady(gateways, timeoutMs);
  }

  async waitReady(names, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const waiting = names.filter((n) => !this.procs.get(n).readyAt);
      if (waiting.length === 0) return;
      if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms: ${waiting.join(', ')}`);
      await sleep(200);
    }
  }

  /** kill -9; the supervisor starts it again after `downMs` (its back-off); answers when it is ready again. */
  async kill(name, { downMs = 1000 } = {}) {
    const proc = this.procs.get(name);
    const child = proc.child;
    proc.killing = true;
    proc.nextDelay = downMs;
    const killedAt = Date.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.record(name, 'kill -9', { pid: child.pid });
    const deadline = Date.now() + 180_000;
    while (proc.child === child || !proc.readyAt) {
      if (Date.now() > deadline) throw new Error(`${name} not ready 180 s after its kill`);
      await sleep(100);
    }
    return { killedAt, restartedAt: proc.startedAt, readyAt: proc.readyAt };
  }

  async stop() {
    this.stopping = true;
    const order = this.names().reverse();
    for (const name of order) {
      const child = this.procs.get(name).child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }

  crashes() {
    return [...this.procs.values()].flatMap((p) => p.crashes.map((c) => ({ name: p.name, ...c })));
  }
}
