// `npm test` after install, build and infrastructure: runs the tiers in order and prints one
// closing line "N passed, N failed".
//   unit      no I/O
//   chart     the Helm chart: helm lint, helm template validated against the Kubernetes schemas
//             offline, the committed rendered example checked for drift (deploy/tools/check-chart.sh;
//             the first run builds helm, several minutes, then it is cached: seconds)
//   service   chassis and services against the real MongoDB server, Kafka, Redis and S3
//   e2e       the running stack through the gateway (HTTP, socket.io), the stack in one process
//             (AURA_TARGET=all, what `npm start` runs; ADR 0014)
//   browser   Playwright + Debian's Chromium against the running stack
//   fuzz      Schemathesis from the OpenAPI document against the running stack, as a member and as
//             the super admin, for a fixed time budget (AURA_FUZZ_SECONDS each, default 90): fails on
//             any server error, undocumented status code or response outside its schema
//             (scripts/test/fuzz-api.mjs; Schemathesis is installed into the cache on first use)
//   e2e:each  the e2e tier again on a stack of one process per service (AURA_TARGET=each, as compose
//             and the chart deploy it): in the default list only when CI=true (.ci/run), ~6 minutes
//   chaos     not in the default list (npm run test:chaos; CI runs it after npm test): the whole
//             stack on private infrastructure of its own, 50 members active while Kafka, Redis, the
//             database, every service and the gateway fail; then the promises of docs/reliability.md
//             are checked (scripts/test/chaos/)
//   scale-out not in the default list (npm run test:scale-out; CI runs it after npm test): two
//             gateways and two instances of social, messaging and economy behind round-robin proxies
//             on private infrastructure, one instance of each killed under load, the same promises
//             checked, and that every instance took load and every message reached its socket
//             (scripts/test/chaos/scale-out.mjs), ~6 minutes
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, ensureSigningKey, repoRoot, stackEnv } from '../lib/env.mjs';
import { Stack } from '../lib/stack.mjs';
import { runChaos } from './chaos/run.mjs';
import { fuzzApi } from './fuzz-api.mjs';
import { startOtlpSink } from './otlp-sink.mjs';
import { takeStackSlot } from './stack-slots.mjs';

const runDir = join(
  cacheDir(process.env),
  'run',
  process.env.AURA_TEST_SLOT ? `test${process.env.AURA_TEST_SLOT}` : 'test',
);
// What an earlier run left goes, except the reports of the chaos and scale-out tiers: `npm test` runs
// them in invocations of their own, and each empties its own report when it runs (chaos/run.mjs), so
// the scale-out run's logs are still there after the chaos run.
const KEPT_REPORTS = new Set(['chaos', 'scale-out']);
mkdirSync(runDir, { recursive: true });
for (const entry of readdirSync(runDir))
  if (!KEPT_REPORTS.has(entry)) rmSync(join(runDir, entry), { recursive: true, force: true });

// The test stack runs beside a development stack: own ports, databases, consumer groups.
// AURA_TEST_SLOT=1..9 shifts every port and database once more, so that several test runs (e.g. two
// engineers' work trees on one machine) do not meet. Slot 0, the default, is what CI uses. Ports stay
// below 32768, outside Linux's range for outgoing connections, which could otherwise take one first.
const slot = Number(process.env.AURA_TEST_SLOT ?? 0);
if (!Number.isInteger(slot) || slot < 0 || slot > 9) throw new Error('AURA_TEST_SLOT must be 0..9');
const port = (base, step = 10) => String(base + slot * step);
const dbSuffix = slot === 0 ? 'test' : `test${slot}`;
const runId = Date.now().toString(36);
// The test stack's own Redis database (the development stack keeps database 0): its rate-limit
// counters, timelines and presence are cleared with its databases, before each stack starts.
const devRedisUrl = new URL(stackEnv().REDIS_URL);
const testRedisUrl = new URL(devRedisUrl);
testRedisUrl.pathname = `/${1 + slot}`;
const gatewayPort = port(18080, 1);
const otlpPort = port(14318, 1);
const env = stackEnv({
  AURA_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  AURA_DB_SUFFIX: dbSuffix,
  REDIS_URL: testRedisUrl.toString(),
  KAFKA_GROUP_PREFIX: `aura-${dbSuffix}-${runId}`,
  KAFKA_NEW_GROUP_START: 'latest',
  IDENTITY_GRPC_URL: `127.0.0.1:${port(21051)}`,
  IDENTITY_HTTP_PORT: port(18101),
  SOCIAL_GRPC_URL: `127.0.0.1:${port(21052)}`,
  SOCIAL_HTTP_PORT: port(18102),
  MESSAGING_GRPC_URL: `127.0.0.1:${port(21053)}`,
  MESSAGING_HTTP_PORT: port(18103),
  MEDIA_GRPC_URL: `127.0.0.1:${port(21056)}`,
  MEDIA_HTTP_PORT: port(18106),
  ECONOMY_GRPC_URL: `127.0.0.1:${port(21054)}`,
  ECONOMY_HTTP_PORT: port(18104),
  GENIES_GRPC_URL: `127.0.0.1:${port(21055)}`,
  GENIES_HTTP_PORT: port(18105),
  ADMIN_GRPC_URL: `127.0.0.1:${port(21057)}`,
  ADMIN_HTTP_PORT: port(18107),
  GATEWAY_PORT: gatewayPort,
  GATEWAY_HTTP_PORT: port(18108),
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
  AURA_RATE_LIMIT_REGISTER_PER_HOUR: '100000',
  AURA_RATE_LIMIT_LOGIN_PER_MINUTE: '20',
  AURA_TEST_SPANS_FILE: join(runDir, 'spans.jsonl'),
  AURA_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
  // The links in mail point at this run's gateway; localhost (not an IP address) is a valid WebAuthn RP ID.
  AURA_PUBLIC_URL: `http://localhost:${gatewayPort}`,
  AURA_RUN_DIR: runDir,
});
env.AURA_JWT_PRIVATE_KEY_FILE ??= ensureSigningKey(env);
// The shared test stack runs as `npm start` does: everything in one process.
env.AURA_TARGET ??= 'all';

// `node scripts/test/run-tests.mjs e2e` runs only the named tiers (extra jest args after --).
const separator = process.argv.indexOf('--');
const tierArgs = process.argv.slice(2, separator === -1 ? undefined : separator);
const jestArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
const tiers =
  tierArgs.length > 0
    ? tierArgs
    : [
        'unit',
        'chart',
        'service',
        'e2e',
        'browser',
        'fuzz',
        ...(process.env.CI === 'true' ? ['e2e:each'] : []),
      ];

const results = [];
// Jest loads an ES module required from CommonJS (@platformatic/kafka) only with the VM's module API.
const JEST_NODE_FLAGS = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];
// Async on purpose: the OTLP sink lives in this process and must keep answering while jest runs.
async function jest(project, { tier = project, jestEnv = env } = {}) {
  if (!tiers.includes(tier)) return;
  const outputFile = join(runDir, `jest-${tier}.json`);
  console.log(`\n==> ${tier} tests`);
  const child = spawn(
    process.execPath,
    [
      ...JEST_NODE_FLAGS,
      join(repoRoot, 'node_modules/jest/bin/jest.js'),
      '--selectProjects',
      project,
      '--runInBand',
      // A suite whose setup failed half-way can leave a connection open; the run must still end and
      // report (jest says "did not exit one second after the test run" when that happens).
      '--forceExit',
      '--json',
      `--outputFile=${outputFile}`,
      ...jestArgs,
    ],
    { cwd: repoRoot, env: jestEnv, stdio: 'inherit' },
  );
  const exitCode = await new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const summary = existsSync(outputFile) ? JSON.parse(readFileSync(outputFile, 'utf8')) : undefined;
  results.push({
    project: tier,
    passed: summary?.numPassedTests ?? 0,
    failed: (summary?.numFailedTests ?? 0) + (summary ? summary.numRuntimeErrorTestSuites : 1),
    exitCode,
  });
}

// The chart checks: one script, whose last line is "chart: N passed, N failed" (each check one test).
async function chartChecks() {
  if (!tiers.includes('chart')) return;
  console.log('\n==> chart checks');
  const child = spawn('bash', [join(repoRoot, 'deploy/tools/check-chart.sh')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const exitCode = await new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const counts = /^chart: (\d+) passed, (\d+) failed$/m.exec(output);
  results.push({
    project: 'chart',
    passed: counts ? Number(counts[1]) : 0,
    failed: counts ? Number(counts[2]) : 1,
    exitCode,
  });
}

// The schema fuzzing: one test per run (member, super admin). Last, as it changes data at random.
async function fuzz() {
  if (!tiers.includes('fuzz')) return;
  console.log('\n==> fuzz (schemathesis)');
  try {
    const runs = await fuzzApi({ baseUrl: env.AURA_BASE_URL, env, reportDir: runDir });
    const failed = runs.filter((r) => !r.passed).length;
    results.push({ project: 'fuzz', passed: runs.length - failed, failed, exitCode: failed > 0 ? 1 : 0 });
  } catch (error) {
    console.error(`fuzz: ${error.message}`);
    results.push({ project: 'fuzz', passed: 0, failed: 1, exitCode: 1 });
  }
}

// The chaos and scale-out tiers: infrastructure and a stack of their own (scripts/test/chaos/), one
// test per run.
async function chaos() {
  for (const tier of ['scale-out', 'chaos'].filter((t) => tiers.includes(t))) {
    console.log(
      `\n==> ${tier === 'chaos' ? 'chaos (faults under load)' : 'scale-out (two instances, one killed under load)'}`,
    );
    try {
      const { passed } = await runChaos(env, { slot, runDir, scaleOut: tier === 'scale-out' });
      results.push({
        project: tier,
        passed: passed ? 1 : 0,
        failed: passed ? 0 : 1,
        exitCode: passed ? 0 : 1,
      });
    } catch (error) {
      console.error(`${tier}: ${error.stack}`);
      results.push({ project: tier, passed: 0, failed: 1, exitCode: 1 });
    }
  }
}

/**
 * A clean slate for a stack: the test databases dropped and the test Redis database emptied. Each
 * stack starts from one, so that nothing an earlier tier did (the fuzzer's settings, a rate-limit
 * counter filled by the super admin) meets the next tier's tests.
 */
async function clearTestState() {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(env.MONGODB_URI);
  const { databases } = await client.db('admin').admin().listDatabases();
  for (const db of databases)
    if (db.name.startsWith('aura_') && db.name.endsWith(`_${dbSuffix}`))
      await client.db(db.name).dropDatabase();
  await client.close();
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}

// With a Docker engine, AURA_INFRA=testcontainers swaps deploy/local for containers.
const containers =
  process.env.AURA_INFRA === 'testcontainers'
    ? await (await import('./testcontainers.mjs')).startContainers(env)
    : undefined;
Object.assign(env, containers?.env ?? {});

const needsServices = tiers.some((tier) => !['unit', 'chart'].includes(tier));
const releaseSlot = needsServices
  ? await takeStackSlot(
      join(cacheDir(process.env), 'run', 'locks'),
      Number(process.env.AURA_TEST_STACKS ?? 2),
    )
  : () => {};
const sink = await startOtlpSink({ port: Number(otlpPort), file: env.AURA_TEST_SPANS_FILE });
const stack = new Stack(env, { logDir: join(runDir, 'logs') });
// e2e:each: the same ports, one process per service, after the shared stack has stopped.
// Consumer groups of its own: events the first stack left unconsumed belong to databases since dropped.
const eachEnv = { ...env, AURA_TARGET: 'each', KAFKA_GROUP_PREFIX: `${env.KAFKA_GROUP_PREFIX}-each` };
const eachStack = new Stack(eachEnv, { logDir: join(runDir, 'logs-each') });
let stackFailed = false;
// Stopped from outside (Ctrl-C, `timeout`): stop the stack too, or its services outlive the run and
// answer the next run's readiness checks on the same ports.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the test stack`);
    void Promise.all([stack.stop(), eachStack.stop()])
      .catch(() => {})
      .finally(() => {
        releaseSlot();
        process.exit(130);
      });
  });
try {
  if (tiers.some((tier) => !['unit', 'chart', 'chaos', 'scale-out'].includes(tier))) await clearTestState();
  await jest('unit');
  await chartChecks();
  await jest('service');
  if (tiers.includes('e2e') || tiers.includes('browser') || tiers.includes('fuzz')) {
    console.log('\n==> starting the test stack');
    try {
      await stack.start();
    } catch (error) {
      stackFailed = true;
      console.error(`the test stack did not start: ${error.message}`);
    }
    if (!stackFailed) {
      await jest('e2e');
      await jest('browser');
      await fuzz();
    }
  }
  await stack.stop();
  if (tiers.includes('e2e:each')) {
    console.log('\n==> starting the test stack, one process per service');
    try {
      await clearTestState();
      await eachStack.start();
      await jest('e2e', { tier: 'e2e:each', jestEnv: eachEnv });
    } catch (error) {
      stackFailed = true;
      console.error(`the per-service test stack did not start: ${error.message}`);
    }
    await eachStack.stop();
  }
  // After the shared test stack (same service ports): the chaos tier runs a stack of its own.
  await chaos();
} finally {
  await stack.stop();
  await eachStack.stop();
  sink.close();
  await containers?.stop();
  releaseSlot();
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0) + (stackFailed ? 1 : 0);
console.log('');
for (const r of results) console.log(`  ${r.project.padEnd(8)} ${r.passed} passed, ${r.failed} failed`);
const closingLine = `${passed} passed, ${failed} failed`;
console.log(`\n${closingLine}`);
writeFileSync(join(runDir, 'summary.txt'), `${closingLine}\n`);
process.exit(failed > 0 || results.some((r) => r.exitCode !== 0) ? 1 : 0);
