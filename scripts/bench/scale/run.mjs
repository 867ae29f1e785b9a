// `npm run bench -- scale`: the community at scale (issue 17). Loads a community in bulk (load.mjs;
// cached between runs by a marker), then measures the reads of reads.mjs through the gateway of a
// bench stack, with autocannon, by one member with a realistic amount of data of their own; and the
// same reads on an empty database (a small, freshly loaded community in which that member has the
// same data of their own), on a stack of its own, so that the table shows what size costs each read.
//
//   npm run bench -- scale                       issue 17's sizes (10,000 members, 200,000 posts, ...)
//   npm run bench -- scale --scale small         a tenth of them, for a quick check
//   npm run bench -- scale --reload              load again even if the marker says the data is there
//   npm run bench -- scale --only "profile,notifications" --connections 10 --duration 10 --warmup 2
//   npm run bench -- scale --idle 60             first watch the idle stack for 60 s (default 30)
//
// While it runs it holds every test-stack slot (scripts/test/stack-slots.mjs): test runs wait for it
// and it waits for them, so no test stack shares the two cores with a measurement or a bulk load.
// Writes $AURA_CACHE_DIR/run/bench/scale-<timestamp>.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cacheDir, repoRoot } from '../../lib/env.mjs';
import { Stack, stackProcesses } from '../../lib/stack.mjs';
import { takeAllStackSlots } from '../../test/stack-slots.mjs';
import { benchEnv, benchPorts, portOf } from '../bench-env.mjs';
import { listenerPid, runLoad, startCpuMeter, summarize } from '../load.mjs';
import { clearCopies, ensureCommunity } from './load.mjs';
import { PROFILES } from './plan.mjs';
import { READS } from './reads.mjs';

const MAX_DURATION_SEC = 30;
const log = (text) => process.stdout.write(text);

/** Runs the scenario with the command line after `scale`; answers the exit code. */
export async function runScale(argv) {
  const options = parseOptions(argv);
  if (options === 'help') return 0;
  if (!options) return 1;
  const runId = Date.now().toString(36);
  const outDir = join(cacheDir(process.env), 'run', 'bench');
  const phases = [
    ...(options.skipEmpty
      ? []
      : [{ label: 'empty', profile: 'empty', suffix: 'bench_scale_empty', reload: true }]),
    {
      label: options.scale,
      profile: options.scale,
      suffix: options.scale === 'full' ? 'bench_scale' : `bench_scale_${options.scale}`,
      reload: options.reload,
    },
  ];
  const firstEnv = benchEnv({ runId, dbSuffix: phases[0].suffix });
  const problem = await preconditions(firstEnv, options);
  if (problem) {
    console.error(problem);
    return 1;
  }

  const lockDir = join(cacheDir(process.env), 'run', 'locks');
  const slots = Number(process.env.AURA_TEST_STACKS ?? 2);
  log(`taking all ${slots} test-stack slots (test runs wait until this bench is done) ... `);
  const release = await takeAllStackSlots(lockDir, slots, (text) => log(`\n  ${text} ... `));
  log('done\n');

  let stack;
  let stopping = false;
  const stopAll = async () => {
    await stack?.stop();
    stack = undefined;
    release();
  };
  const onSignal = (code) => () => {
    if (stopping) return;
    stopping = true;
    log('\ninterrupted: stopping the bench stack\n');
    void stopAll().then(() => process.exit(code));
  };
  process.on('SIGINT', onSignal(130));
  process.on('SIGTERM', onSignal(143));

  const report = { date: new Date().toISOString(), settings: options, phases: [] };
  try {
    for (const phase of phases) {
      if (stopping) break;
      log(`\n==> ${phase.label} community (databases aura_*_${phase.suffix})\n`);
      const env = benchEnv({ runId, dbSuffix: phase.suffix });
      const { marker, loaded } = await ensureCommunity({
        env,
        profile: phase.profile,
        suffix: phase.suffix,
        reload: phase.reload,
        maxAgeHours: options.maxAgeHours,
        log,
      });
      if (!loaded)
        log(`  deleted ${await clearCopies(env, phase.suffix)} Redis copies of the last run (cold start)\n`);
      stack = new Stack(env, { logDir: join(outDir, 'logs') });
      log(`  starting the bench stack on http://127.0.0.1:${env.GATEWAY_PORT} ... `);
      await stack.start();
      log('ready\n');
      const loadAverage = os.loadavg();
      const { idle, results } = await measureReads(env, stack, marker, options);
      await stack.stop();
      stack = undefined;
      report.phases.push({ ...phase, loadedNow: loaded, marker, loadAverage, idle, results });
    }
  } catch (error) {
    console.error(`\nbench failed: ${error.stack ?? error.message}`);
    await stopAll();
    return 1;
  }
  await stopAll();
  if (stopping) return 130;

  report.machine = machine();
  report.commit = git(['rev-parse', 'HEAD']);
  report.dirty = git(['status', '--porcelain']) !== '';
  console.log(`\n${formatComparison(report.phases)}\n`);
  for (const phase of report.phases)
    if (phase.idle)
      console.log(
        `idle stack (${phase.label}), cores: ${Object.entries(phase.idle.processes)
          .filter(([, p]) => p.cores >= 0.01)
          .map(([name, p]) => `${name} ${p.cores}`)
          .join(', ')}`,
      );
  const loads = report.phases.filter((phase) => phase.loadedNow);
  for (const phase of loads) console.log(`loaded the ${phase.label} community in ${phase.marker.seconds} s`);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `scale-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results: ${file}`);
  return 0;
}

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: 'full' },
      connections: { type: 'string', default: '10' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      only: { type: 'string' },
      reload: { type: 'boolean', default: false },
      'skip-empty': { type: 'boolean', default: false },
      'max-age-hours': { type: 'string', default: '6' },
      idle: { type: 'string', default: '30' },
      'skip-infra-check': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: npm run bench -- scale [--scale full|small] [--reload] [--skip-empty] [--only "read,read"]\n' +
        '       [--connections N] [--duration S] [--warmup S] [--idle S] [--max-age-hours H] [--skip-infra-check]\n' +
        `reads: ${READS.map((read) => read.name).join(', ')}`,
    );
    return 'help';
  }
  const options = {
    scale: values.scale,
    connections: Number(values.connections),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    maxAgeHours: Number(values['max-age-hours']),
    idle: Number(values.idle),
    reload: values.reload,
    skipEmpty: values['skip-empty'],
    skipInfraCheck: values['skip-infra-check'],
    only: values.only ? values.only.split(',').map((name) => name.trim()) : undefined,
  };
  const wrong = [
    !PROFILES[options.scale] || options.scale === 'empty' ? `--scale is full or small` : '',
    Number.isInteger(options.connections) && options.connections > 0
      ? ''
      : '--connections must be a positive integer',
    options.duration > 0 && options.duration <= MAX_DURATION_SEC
      ? ''
      : `--duration is 1-${MAX_DURATION_SEC} s`,
    options.warmup >= 0 && options.warmup <= 10 ? '' : '--warmup is 0-10 s',
    options.maxAgeHours > 0 ? '' : '--max-age-hours must be positive',
    options.idle >= 0 && options.idle <= 300 ? '' : '--idle is 0-300 s',
    ...(options.only ?? []).map((name) =>
      READS.some((read) => read.name === name) ? '' : `unknown read "${name}"`,
    ),
  ].filter(Boolean);
  if (wrong.length > 0) {
    console.error(wrong.join('\n'));
    return undefined;
  }
  return options;
}

/** Infrastructure up, builds present, bench ports free: else what is wrong. */
async function preconditions(env, options) {
  if (!options.skipInfraCheck) {
    const status = spawnSync('bash', [join(repoRoot, 'deploy/local/status.sh'), '--quiet'], {
      env,
      stdio: 'ignore',
    });
    if (status.status !== 0) return 'the infrastructure is not running: start it with npm run infra:up';
  }
  for (const proc of stackProcesses(env))
    if (!existsSync(join(repoRoot, proc.entry))) return `${proc.entry} is missing: run npm run build`;
  for (const port of benchPorts(env))
    if (await portAnswers(port)) return `port ${port} is in use (is another npm run bench still running?)`;
  return '';
}

/** Signs the focus member in, then measures every read: first (cold) request, warm-up, measured run. */
async function measureReads(env, stack, marker, options) {
  const baseUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const pids = { 'load generator': process.pid };
  for (const [name, { child }] of stack.children) pids[name] = child.pid;
  const mongodbPid = listenerPid(portOf(env.MONGODB_URI, 27017));
  if (mongodbPid) pids.mongodb = mongodbPid;
  const idle = await measureIdle(pids, options.idle);
  const token = await signIn(baseUrl, marker.focus.username, marker.password);
  const context = { focus: marker.focus, star: marker.star };
  const headers = { authorization: `Bearer ${token}` };
  const results = [];
  for (const read of READS.filter((r) => !options.only || options.only.includes(r.name))) {
    const url = `${baseUrl}${read.path(context)}`;
    log(`  ${read.name.padEnd(24)} `);
    const firstMs = await probe(url, headers, read);
    const load = read.load ?? { connections: options.connections, duration: options.duration };
    if (options.warmup > 0 && !read.load)
      await runLoad({ url, headers, connections: options.connections, duration: options.warmup });
    const meter = startCpuMeter(pids);
    const summary = summarize(await runLoad({ url, headers, ...load }));
    const cpu = meter(summary.requests);
    const { p50, p99 } = summary.latencyMs;
    const perSec = summary.ok2xx / summary.durationSec;
    log(
      `first ${firstMs} ms; ${perSec.toFixed(0)}/s, p50 ${p50} ms, p99 ${p99} ms` +
        `${summary.non2xx + summary.errors > 0 ? `, ${summary.non2xx} non-2xx, ${summary.errors} errors` : ''}` +
        `; cpu ms/req: ${formatCpuPerRequest(cpu)}\n`,
    );
    results.push({ read: read.name, what: read.what, path: read.path(context), load, firstMs, summary, cpu });
  }
  return { idle, results };
}

/**
 * The stack's own work with no request at all (periodic sweeps and relays), in cores per process,
 * over `seconds` after start: what the measured reads share the machine with.
 */
async function measureIdle(pids, seconds) {
  if (seconds <= 0) return undefined;
  log(`  idle for ${seconds} s (the stack's background work) ... `);
  const meter = startCpuMeter(pids);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu = meter(0);
  const busiest = Object.entries(cpu.processes)
    .filter(([, p]) => p.cores >= 0.01)
    .sort((a, b) => b[1].cores - a[1].cores)
    .map(([name, p]) => `${name} ${p.cores}`)
    .join(', ');
  log(`cores: ${busiest || 'none'}\n`);
  return cpu;
}

async function signIn(baseUrl, username, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.access_token)
    throw new Error(`signing in as ${username}: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The first request of a read (Redis copies still to build): its time in ms; throws on a wrong answer. */
async function probe(url, headers, read) {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  if (!response.ok) throw new Error(`${read.name}: ${response.status} ${text.slice(0, 300)}`);
  read.check(JSON.parse(text));
  return ms;
}

function formatCpuPerRequest(cpu) {
  return Object.entries(cpu.processes)
    .filter(([, p]) => p.cpuMsPerRequest >= 0.05)
    .sort((a, b) => b[1].cpuMsPerRequest - a[1].cpuMsPerRequest)
    .map(([name, p]) => `${name} ${p.cpuMsPerRequest}`)
    .join(', ');
}

/** The table: each read on the empty database and at size, and how much slower it got. */
function formatComparison(phases) {
  const [base, sized] = phases.length === 2 ? phases : [undefined, phases[0]];
  const header = ['read', 'first ms', 'req/s', 'p50 ms', 'p99 ms'];
  const columns = base
    ? [
        'read',
        ...header.slice(1).map((h) => `${h} (empty)`),
        ...header.slice(1).map((h) => `${h} (${sized.label})`),
        'p50 ×',
        'p99 ×',
      ]
    : header;
  const figures = (row) => [
    String(row.firstMs),
    (row.summary.ok2xx / row.summary.durationSec).toFixed(0),
    String(row.summary.latencyMs.p50),
    String(row.summary.latencyMs.p99),
  ];
  const ratio = (a, b) => (a > 0 ? (b / a).toFixed(2) : '-');
  const lines = sized.results.map((row) => {
    const before = base?.results.find((r) => r.read === row.read);
    if (!base) return [row.read, ...figures(row)];
    if (!before) return [row.read, '', '', '', '', ...figures(row), '', ''];
    return [
      row.read,
      ...figures(before),
      ...figures(row),
      ratio(before.summary.latencyMs.p50, row.summary.latencyMs.p50),
      ratio(before.summary.latencyMs.p99, row.summary.latencyMs.p99),
    ];
  });
  const widths = columns.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [format(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg(),
    node: process.version,
  };
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

function git(args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
