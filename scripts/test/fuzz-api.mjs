// The `fuzz` tier of scripts/test/run-tests.mjs: Schemathesis (PyPI) generates requests from the
// gateway's OpenAPI document (/api/docs/openapi.json) and sends them to the running test stack, once
// with a member's token and once with the super admin's, each for a fixed time budget. A run fails on
// any server error (5xx other than the documented 503 of an unavailable service), on a status code
// the document does not list for the operation, and on a response outside its schema.
//
//   node scripts/test/fuzz-api.mjs            against AURA_BASE_URL (a running stack: `npm start`)
//   AURA_FUZZ_SECONDS=60 ...                  the budget of each of the two runs (default 90 s)
//
// Schemathesis is installed on first use into a venv of the cache ($AURA_CACHE_DIR/venv/, like
// deploy/tools' Python tools), then reused: seconds.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir } from '../lib/env.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';

/** Operations left out: signing out would end the very session the run uses. */
const EXCLUDED_PATHS = ['/api/auth/logout'];

/** The checks that fail the run. */
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance'];

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', () => resolve(127));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The venv with Schemathesis, installed once (the stamp is written last). */
export async function ensureSchemathesis(env = process.env) {
  const venv = join(cacheDir(env), 'venv', `schemathesis-${SCHEMATHESIS_VERSION}`);
  const st = join(venv, 'bin', 'st');
  if (existsSync(join(venv, '.installed')) && existsSync(st)) return st;
  console.log(`==> installing schemathesis ${SCHEMATHESIS_VERSION} (PyPI) into ${venv}`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(join(cacheDir(env), 'venv'), { recursive: true });
  // Debian's python3 makes venvs only with python3-venv (ensurepip), as deploy/tools/chart-tools.sh.
  if ((await run('python3', ['-c', 'import ensurepip'], { stdio: 'ignore' })) !== 0) {
    if (
      process.getuid?.() === 0 &&
      (await run('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' })) === 0
    )
      await run('sh', [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv',
      ]);
  }
  if ((await run('python3', ['-m', 'venv', venv])) !== 0)
    throw new Error('python3 -m venv failed (Debian: apt-get install -y python3-venv)');
  const pip = join(venv, 'bin', 'pip');
  if (
    (await run(pip, [
      'install',
      '--disable-pip-version-check',
      '-q',
      `schemathesis==${SCHEMATHESIS_VERSION}`,
    ])) !== 0
  ) {
    rmSync(venv, { recursive: true, force: true });
    throw new Error(`pip install schemathesis==${SCHEMATHESIS_VERSION} failed`);
  }
  writeFileSync(join(venv, '.installed'), `${SCHEMATHESIS_VERSION}\n`);
  return st;
}

async function post(baseUrl, path, body, headers) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** A fresh member's token and the super admin's, each from an address of its own. */
async function tokens(baseUrl, env) {
  const name = `fuzz_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const member = await post(
    baseUrl,
    '/auth/register',
    { username: name, email: `${name}@example.com`, password: 'correct horse battery' },
    { 'x-forwarded-for': '198.18.0.1' },
  );
  const admin = await post(
    baseUrl,
    '/auth/login',
    {
      username: env.AURA_SUPER_ADMIN_USERNAME ?? 'superadmin',
      password: env.AURA_SUPER_ADMIN_PASSWORD ?? 'aura-super-admin',
    },
    { 'x-forwarded-for': '198.18.0.2' },
  );
  return [
    { who: 'member', token: member.access_token, address: '198.18.1.1' },
    { who: 'admin', token: admin.access_token, address: '198.18.1.2' },
  ];
}

/**
 * Runs Schemathesis against `baseUrl` as a member and as the super admin. Returns one result per
 * run: { who, passed }.
 */
export async function fuzzApi({ baseUrl, env = process.env, reportDir, seconds }) {
  const st = await ensureSchemathesis(env);
  const budget = Number(seconds ?? env.AURA_FUZZ_SECONDS ?? 90);
  const results = [];
  for (const { who, token, address } of await tokens(baseUrl, env)) {
    console.log(`\n==> schemathesis as the ${who}, ${budget} s`);
    const dir = join(reportDir, `schemathesis-${who}`);
    mkdirSync(dir, { recursive: true });
    const code = await run(
      st,
      [
        'run',
        `${baseUrl}/api/docs/openapi.json`,
        '--url',
        baseUrl,
        '--checks',
        CHECKS.join(','),
        '--max-time',
        String(budget),
        // One worker: Hypothesis' lambda descriptions call ast.parse, which CPython 3.11 before 3.11.8
        // (Debian 12's python3) cannot run in two threads at once ("AST constructor recursion depth
        // mismatch", python/cpython#106905).
        '--workers',
        '1',
        '--request-timeout',
        '15',
        '--max-failures',
        '50',
        '--header',
        `Authorization: Bearer ${token}`,
        // Rate limits count per address: the run's own, not a test's.
        '--header',
        `X-Forwarded-For: ${address}`,
        ...EXCLUDED_PATHS.flatMap((path) => ['--exclude-path', path]),
        '--suppress-health-check',
        'all',
        '--report',
        'junit',
        '--report-dir',
        dir,
        '--no-color',
      ],
      { env: { ...env, SCHEMATHESIS_HOOKS: '' } },
    );
    results.push({ who, passed: code === 0 });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.env.AURA_BASE_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
  const reportDir = join(cacheDir(process.env), 'run', 'fuzz');
  const results = await fuzzApi({ baseUrl, reportDir });
  const failed = results.filter((r) => !r.passed).length;
  console.log(`\nfuzz: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
