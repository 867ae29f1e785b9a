// `npm run bench` after build and infrastructure: starts its own stack beside any dev or test stack
// (own ports, databases, consumer groups), runs each scenario of scripts/bench/scenarios/ with
// autocannon (a warm-up that is not reported, then the measured run), prints a table, writes
// $AURA_CACHE_DIR/run/bench/<timestamp>.json and stops the stack (also on Ctrl-C).
//
//   npm run bench                          every scenario
//   npm run bench -- auth-me               only the named scenarios
//   npm run bench -- --connections 50 --duration 10 --warmup 2
//   npm run bench -- --list                the scenarios and what they measure
//   npm run bench -- scale [--scale small]  the community at scale: a bulk-loaded community against an
//                                          empty one, on stacks of their own (scale/run.mjs)
//   npm run bench -- web [--runs 5]        the web app's first load: initial JS on the wire, caching,
//                                          LCP in Chromium signed out and in (web-load.mjs)
//
// A scenario is one module in scenarios/ exporting
//   name, description,
//   setup(baseUrl, run) → context         once, before the warm-up (run: { env, runId, pids })
//   request(context) → autocannon options  method, path, headers, body, or requests: [...]
//   check?(context, body)                  optional: throws if the probe's answer is not the expected one
//   teardown?(context)                     optional
//   unit?                                  optional: what one request is, e.g. 'uploads' (printed as uploads/s)
//   openLoop?(context, { baseUrl, durationSec, log, measure }) → rows
//                                          optional: the scenario drives its own open-loop load (fixed
//                                          offered rates) instead of autocannon's closed loop; each row
//                                          is one rate. `measure()` starts CPU and memory meters and
//                                          returns stop(requests) → { cpu, memory } for that row.
// Besides autocannon's figures, each scenario reports p95 latency and the memory of every process
// (peak RSS sampled every 100 ms while measuring, and the kernel's VmHWM).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cacheDir, repoRoot } from '../lib/env.mjs';
import { Stack, stackProcesses } from '../lib/stack.mjs';
import { formatProfile, profilesByPid, readProfile, summarizeProfile } from './cpu-profile.mjs';
import { benchEnv, benchPorts, portOf } from './bench-env.mjs';
import {
  formatCpu,
  formatOpenLoopTable,
  formatTable,
  listenerPid,
  runLoad,
  startCpuMeter,
  summarize,
} from './load.mjs';

const MAX_DURATION_SEC = 30;

if (process.argv[2] === 'scale') {
  const { runScale } = await import('./scale/run.mjs');
  process.exit(await runScale(process.argv.slice(3)));
}
if (process.argv[2] === 'web') {
  const { runWebLoad } = await import('./web-load.mjs');
  process.exit(await runWebLoad(process.argv.slice(3)));
}

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    list: { type: 'boolean', default: false },
    'skip-infra-check': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'heap-snapshot': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log(
    'usage: npm run bench -- [scenario...] [--connections N] [--duration S] [--warmup S] [--cpu-prof] [--heap-snapshot] [--list] [--skip-infra-check]',
  );
  process.exit(0);
}
const connections = positiveInt('connections', opts.connections);
const duration = positiveInt('duration', opts.duration);
const warmup = Number(opts.warmup);
if (duration > MAX_DURATION_SEC) fail(`--duration is at most ${MAX_DURATION_SEC} s`);
if (!Number.isInteger(warmup) || warmup < 0 || warmup > 10) fail('--warmup is 0-10 s');

const scenarios = await loadScenarios(positionals);
if (opts.list) {
  for (const s of scenarios) console.log(`${s.name.padEnd(16)} ${s.description}`);
  process.exit(0);
}

// The bench stack runs beside a development stack and the test stack: own ports, databases, groups.
const runId = Date.now().toString(36);
const env = benchEnv({ runId });
const baseUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
const outDir = join(cacheDir(env), 'run', 'bench');
// --cpu-prof: every stack process runs under V8's sampling profiler; after the run, each measured
// window's CPU is summarised per process (cpu-profile.mjs). The profiler costs throughput: take the
// figures from a run without it.
const profileDir = opts['cpu-prof'] ? join(outDir, `profiles-${runId}`) : undefined;
if (profileDir)
  env.NODE_OPTIONS = [env.NODE_OPTIONS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`]
    .filter(Boolean)
    .join(' ');
// --heap-snapshot: after the last scenario, each stack process writes a V8 heap snapshot (SIGUSR2),
// summarised by heap-summary.mjs: what the process keeps once the load has passed.
const heapDir = opts['heap-snapshot'] ? join(outDir, `heap-${runId}`) : undefined;
if (heapDir)
  env.NODE_OPTIONS = [env.NODE_OPTIONS, '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`]
    .filter(Boolean)
    .join(' ');
/** The measured windows, on the monotonic clock of the profiles' timestamps (µs). */
const windows = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

// Preconditions: infrastructure up, builds present, bench ports free.
if (!opts['skip-infra-check']) {
  const status = spawnSync('bash', [join(repoRoot, 'deploy/local/status.sh'), '--quiet'], {
    env,
    stdio: 'ignore',
  });
  if (status.status !== 0) fail('the infrastructure is not running: start it with npm run infra:up');
}
for (const proc of stackProcesses(env))
  if (!existsSync(join(repoRoot, proc.entry))) fail(`${proc.entry} is missing: run npm run build`);
for (const port of benchPorts(env))
  if (await portAnswers(port)) fail(`port ${port} is in use (is another npm run bench still running?)`);

const stack = new Stack(env, { logDir: join(outDir, 'logs') });
let current; // the running autocannon instance
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  current?.stop();
  // On Ctrl-C the terminal signals the services too; forget the ones that already exited.
  for (const [name, { child }] of stack.children)
    if (child.exitCode !== null || child.signalCode !== null) stack.children.delete(name);
  await stack.stop();
  process.exit(code);
}
process.on('SIGINT', () => {
  console.log('\ninterrupted: stopping the bench stack');
  void shutdown(130);
});
process.on('SIGTERM', () => void shutdown(143));

const results = [];
let mongodbServer;
try {
  mongodbServer = await dropBenchDatabases();
  process.stdout.write(`starting the bench stack on ${baseUrl} ... `);
  await stack.start();
  console.log('ready');
  const pids = { 'load generator': process.pid };
  for (const [name, { child }] of stack.children) pids[name] = child.pid;
  const databasePid = listenerPid(portOf(env.MONGODB_URI, 27017));
  if (databasePid) pids.mongodb = databasePid;

  for (const scenario of scenarios) {
    if (stopping) break;
    console.log(`\n==> ${scenario.name}: ${scenario.description}`);
    const context = await scenario.setup(baseUrl, { env, runId, pids });
    // autocannon takes the path from `url` (a top-level `path` would be ignored).
    const { path = '/', ...request } = scenario.request(context);
    const base = { ...request, url: `${baseUrl}${path}`, connections };
    await probe(scenario, context, base);
    if (scenario.openLoop) {
      const rows = await scenario.openLoop(context, {
        baseUrl,
        durationSec: duration,
        log: (text) => process.stdout.write(text),
        measure: () => {
          const cpuMeter = startCpuMeter(pids);
          const memoryMeter = startMemoryMeter(pids);
          const window = { scenario: scenario.name, fromUs: nowUs() };
          windows.push(window);
          return (requests) => {
            window.toUs = nowUs();
            return { cpu: cpuMeter(requests), memory: memoryMeter() };
          };
        },
      });
      for (const [i, window] of windows.filter((w) => w.scenario === scenario.name).entries())
        window.label = `${scenario.name} @${rows[i]?.offeredPerSec}/s`;
      for (const row of rows) {
        if (row.cpu) console.log(`  @${row.offeredPerSec}/s${formatCpu(row.cpu).slice(1)}`);
        results.push({
          scenario: `${scenario.name} @${row.offeredPerSec}/s`,
          description: scenario.description,
          openLoop: row,
        });
      }
      await scenario.teardown?.(context);
      continue;
    }
    if (warmup > 0) {
      process.stdout.write(`  warm-up ${warmup} s ... `);
      await runLoad({ ...base, duration: warmup }, (i) => (current = i));
      if (stopping) break;
      console.log('done');
    }
    if (stopping) break;
    process.stdout.write(`  measuring ${duration} s with ${connections} connections ... `);
    const meter = startCpuMeter(pids);
    const memoryMeter = startMemoryMeter(pids);
    const window = { scenario: scenario.name, label: scenario.name, fromUs: nowUs() };
    windows.push(window);
    const latencies = [];
    const raw = await runLoad({ ...base, duration }, (i) => {
      current = i;
      // Every response's time, for percentiles autocannon does not give (p95).
      i.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    current = undefined;
    window.toUs = nowUs();
    const memory = memoryMeter();
    if (stopping) break;
    const summary = summarize(raw);
    summary.latencyMs.p95 = percentile(latencies, 95); // ms, rounded like autocannon's
    const cpu = meter(summary.requests);
    console.log('done');
    console.log(formatCpu(cpu));
    console.log(formatRate(scenario, summary));
    console.log(formatMemory(memory));
    results.push({ scenario: scenario.name, description: scenario.description, summary, cpu, memory, raw });
    await scenario.teardown?.(context);
  }
} catch (error) {
  console.error(`\nbench failed: ${error.message}`);
  await shutdown(1);
}

if (!stopping) {
  if (results.length > 0) {
    const closed = results.filter((row) => row.summary);
    const open = results.filter((row) => row.openLoop);
    if (closed.length > 0) console.log(`\n${formatTable(closed)}`);
    if (open.length > 0)
      console.log(
        `\nopen loop (latency from the moment each request was due):\n${formatOpenLoopTable(open)}`,
      );
    console.log('');
    const file = writeResults(results);
    console.log(`results: ${file}`);
    if (heapDir) await writeHeapSnapshots();
    if (profileDir) {
      // The profiles are written as each process exits.
      const pids = Object.fromEntries([...stack.children].map(([name, { child }]) => [child.pid, name]));
      await stack.stop();
      stack.children.clear();
      writeProfiles(file.replace(/\.json$/, '.profiles.json'), pids);
    }
  }
  await shutdown(0);
}

/** Has every stack process write a heap snapshot, waits for each file, and prints its summary. */
async function writeHeapSnapshots() {
  mkdirSync(heapDir, { recursive: true });
  for (const [name, { child }] of stack.children) {
    const before = new Set(readdirSync(heapDir));
    child.kill('SIGUSR2');
    const snapshot = await finishedSnapshot(child.pid, before);
    if (!snapshot) {
      console.log(`heap snapshot of ${name}: none written`);
      continue;
    }
    console.log(`\nheap snapshot of ${name} (pid ${child.pid}):`);
    spawnSync(process.execPath, [join(repoRoot, 'scripts/bench/heap-summary.mjs'), snapshot, '20'], {
      stdio: 'inherit',
    });
  }
}

/** The new snapshot file in heapDir once the process has closed it (null after two minutes). */
async function finishedSnapshot(pid, before) {
  for (let waited = 0; waited < 120_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const name = readdirSync(heapDir).find((file) => !before.has(file) && file.endsWith('.heapsnapshot'));
    if (!name) continue;
    const path = join(heapDir, name);
    if (!openBy(pid, path)) return path;
  }
  return null;
}

function openBy(pid, path) {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** Prints and writes, per measured window and process, where the CPU went. */
function writeProfiles(file, namesByPid) {
  const summaries = [];
  for (const [pid, profileFile] of profilesByPid(profileDir)) {
    const name = namesByPid[pid] ?? `pid ${pid}`;
    const profile = readProfile(profileFile);
    for (const window of windows.filter((w) => w.toUs)) {
      const summary = summarizeProfile(profile, window);
      // A helper process of the stack's (not one of its parts) that was not running then.
      if (summary.sampledMs === 0) continue;
      summaries.push({ window: window.label, process: name, profile: profileFile, ...summary });
      console.log(`\nCPU profile, ${window.label}:\n${formatProfile(name, summary)}`);
    }
  }
  writeFileSync(file, `${JSON.stringify(summaries, null, 2)}\n`);
  console.log(`\nprofiles: ${profileDir}\nsummaries: ${file}`);
}

/** Nearest-rank percentile of response times, in whole ms; null without any. */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]);
}

/** One `kB` field of /proc/<pid>/status (VmRSS, VmHWM) in KiB; undefined if unknown. */
function procStatusKiB(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Samples the resident memory (VmRSS) of the named processes every 100 ms until the returned function
 * is called; it gives, per process, RSS at the start, the peak sampled and at the end, and VmHWM (the
 * kernel's own peak RSS over the process's life, warm-up included), in MiB.
 */
function startMemoryMeter(pids) {
  const mib = (kib) => (kib === undefined ? null : Math.round((kib / 1024) * 10) / 10);
  const start = {};
  const peak = {};
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const rss = procStatusKiB(pid, 'VmRSS');
      if (rss === undefined) continue;
      start[name] ??= rss;
      peak[name] = Math.max(peak[name] ?? 0, rss);
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return Object.fromEntries(
      Object.entries(pids)
        .filter(([name]) => start[name] !== undefined)
        .map(([name, pid]) => [
          name,
          {
            pid,
            startRssMiB: mib(start[name]),
            peakRssMiB: mib(peak[name]),
            endRssMiB: mib(procStatusKiB(pid, 'VmRSS')),
            hwmMiB: mib(procStatusKiB(pid, 'VmHWM')),
          },
        ]),
    );
  };
}

/** "  uploads/s 41.2, latency p50 430 / p95 610 / p99 700 ms" (a scenario may name its unit). */
function formatRate(scenario, summary) {
  const { p50, p95, p99 } = summary.latencyMs;
  const perSec = summary.durationSec > 0 ? summary.ok2xx / summary.durationSec : 0;
  return `  ${scenario.unit ?? 'requests'}/s ${perSec.toFixed(1)} (2xx), latency p50 ${p50} / p95 ${p95} / p99 ${p99} ms`;
}

/** The peak memory line of one scenario. */
function formatMemory(memory) {
  const parts = Object.entries(memory).map(
    ([name, m]) => `${name} ${m.peakRssMiB} (${m.startRssMiB} → ${m.endRssMiB}, VmHWM ${m.hwmMiB})`,
  );
  return `  peak RSS MiB while measuring (start → end, lifetime VmHWM): ${parts.join(', ')}`;
}

function writeResults(rows) {
  const date = new Date();
  const cpus = os.cpus();
  const report = {
    date: date.toISOString(),
    commit: git(['rev-parse', 'HEAD']),
    dirty: git(['status', '--porcelain']) !== '',
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
    },
    infra: {
      mongodb: mongodbServer,
      mongodbAddress: env.MONGODB_URI.replace(/\/\/[^@/]*@/, '//'),
      kafka: env.KAFKA_BROKERS,
      redis: env.REDIS_URL.replace(/\/\/[^@/]*@/, '//'),
    },
    settings: { connections, durationSec: duration, warmupSec: warmup, baseUrl },
    results: rows,
  };
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${date.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/**
 * One request with fetch before any load: it must answer 2xx (and pass the scenario's optional
 * check(context, body)), or the figures would measure an error page.
 */
async function probe(scenario, context, options) {
  if (options.requests) return; // a sequence: autocannon's non-2xx count tells
  const method = options.method ?? 'GET';
  const response = await fetch(options.url, {
    method,
    headers: options.headers,
    body: options.body,
    signal: AbortSignal.timeout(10000),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`probe ${method} ${options.url}: ${response.status} ${text.slice(0, 300)}`);
  if (scenario.check) {
    let body = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the check gets the text
    }
    scenario.check(context, body);
  }
}

async function loadScenarios(names) {
  const dir = join(repoRoot, 'scripts', 'bench', 'scenarios');
  const all = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const mod = await import(join(dir, file));
    for (const key of ['name', 'description', 'setup', 'request'])
      if (!mod[key]) fail(`scenarios/${file} does not export ${key}`);
    all.push(mod);
  }
  const unknown = names.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length > 0)
    fail(`unknown scenario ${unknown.join(', ')} (known: ${all.map((s) => s.name).join(', ')})`);
  return names.length > 0 ? all.filter((s) => names.includes(s.name)) : all;
}

/** Starts from empty bench databases; returns what the MongoDB server says it is. */
async function dropBenchDatabases() {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases();
    for (const db of databases) if (/^aura_.*_bench$/.test(db.name)) await client.db(db.name).dropDatabase();
    const info = await client.db('admin').command({ buildInfo: 1 });
    return info.secantusVersion ? `SecantusDB ${info.secantusVersion}` : `MongoDB ${info.version}`;
  } finally {
    await client.close();
  }
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

function positiveInt(name, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a positive integer`);
  return n;
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
