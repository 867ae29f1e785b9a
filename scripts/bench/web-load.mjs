/* global window */
// `npm run bench -- web`: the web app's first load on the local stack (issue 19, last row of the goals).
// Starts the bench stack (as `npm run bench` does; the gateway serves web/dist, so build it first), then
//   1. reads index.html as a browser gets it and fetches what it loads before the first render (the
//      entry script, its modulepreloads, the stylesheets) with `Accept-Encoding: br, gzip`, reporting
//      each one's bytes on the wire, its encoding and its Cache-Control;
//   2. opens the app in Chromium (Playwright, Debian's chromium) N times with an empty cache, signed out
//      (the landing page) and signed in (the home feed), and reports Largest Contentful Paint and First
//      Contentful Paint (median and worst), the JavaScript bytes the browser transferred before LCP, and
//      a second, warm load (every hashed asset from the cache).
// Prints a table and writes $AURA_CACHE_DIR/run/bench/web-<timestamp>.json.
//
//   npm run bench -- web [--runs 5]
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cacheDir, repoRoot } from '../lib/env.mjs';
import { Stack, stackProcesses } from '../lib/stack.mjs';
import { benchEnv } from './bench-env.mjs';

const GOAL_INITIAL_JS_BYTES = 150 * 1024;
const GOAL_LCP_MS = 1000;

/**
 * GET `path` as a browser would (`Accept-Encoding: br, gzip`, or `encodings`), without decoding: the
 * bytes on the wire and the headers.
 */
function rawGet(baseUrl, path, encodings = 'br, gzip') {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}${path}`,
      { headers: { 'accept-encoding': encodings, accept: '*/*' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** What index.html makes the browser load before it renders: entry module, modulepreloads, CSS. */
export function initialAssets(html) {
  const assets = [];
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    assets.push({ path: match[1], kind: 'js' });
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    assets.push({ path: match[1], kind: 'js' });
  for (const match of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g))
    assets.push({ path: match[1], kind: 'css' });
  return assets;
}

async function measureAssets(baseUrl) {
  const page = await rawGet(baseUrl, '/');
  const encoding = page.headers['content-encoding'];
  const decoded =
    encoding === 'br'
      ? brotliDecompressSync(page.bytes)
      : encoding === 'gzip'
        ? gunzipSync(page.bytes)
        : page.bytes;
  const html = decoded.toString('utf8');
  const rows = [
    {
      path: '/',
      kind: 'html',
      wireBytes: page.bytes.length,
      gzipBytes: null,
      encoding: page.headers['content-encoding'] ?? 'identity',
      cacheControl: page.headers['cache-control'] ?? '',
    },
  ];
  for (const asset of initialAssets(html)) {
    const answer = await rawGet(baseUrl, asset.path);
    if (answer.status !== 200) throw new Error(`${asset.path} answered ${answer.status}`);
    // The same file for a client that takes gzip only (the goal is stated in gzip bytes).
    const gzipped = await rawGet(baseUrl, asset.path, 'gzip');
    rows.push({
      ...asset,
      wireBytes: answer.bytes.length,
      gzipBytes: gzipped.headers['content-encoding'] === 'gzip' ? gzipped.bytes.length : null,
      encoding: answer.headers['content-encoding'] ?? 'identity',
      cacheControl: answer.headers['cache-control'] ?? '',
    });
  }
  return rows;
}

/** Collects LCP and FCP as the page reports them (buffered, so entries before the script count). */
const PAINT_OBSERVER = () => {
  window.__paints = { lcp: 0, fcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paints.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__paints.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

async function loadOnce(context, baseUrl, readyText) {
  const page = await context.newPage();
  await page.addInitScript(PAINT_OBSERVER);
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.getByText(readyText, { exact: false }).first().waitFor({ timeout: 15_000 });
  // LCP is final once the page is idle; a short settle lets a late image report.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const figures = await page.evaluate(() => {
    const lcp = window.__paints.lcp;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    const before = scripts.filter((entry) => entry.startTime <= lcp);
    return {
      lcpMs: Math.round(lcp),
      fcpMs: Math.round(window.__paints.fcp),
      jsBytesBeforeLcp: before.reduce((sum, entry) => sum + entry.transferSize, 0),
      jsBytesTotal: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  });
  await page.close();
  return figures;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measurePaints(baseUrl, runs) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const results = {};
  try {
    const cases = {
      'signed out (landing)': { signIn: false, readyText: 'Sign In' },
      'signed in (home feed)': { signIn: true },
    };
    for (const [name, options] of Object.entries(cases)) {
      const cold = [];
      let warm;
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
        let readyText = options.readyText;
        if (options.signIn) {
          // Signed in as the app keeps a session: the access token in localStorage (its refresh
          // cookie too, set by the answer in this context).
          const username = `web_${Date.now().toString(36)}_${run}`;
          const answer = await context.request.post(`${baseUrl}/api/auth/register`, {
            data: {
              username,
              email: `${username}@example.test`,
              password: 'a-long-test-password-1',
              display_name: 'Web Bench',
            },
          });
          if (!answer.ok()) throw new Error(`register answered ${answer.status()}`);
          const { access_token: token } = await answer.json();
          await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
          readyText = `@${username}`;
        }
        cold.push(await loadOnce(context, baseUrl, readyText));
        if (run === 0) warm = await loadOnce(context, baseUrl, readyText);
        await context.close();
      }
      results[name] = {
        runs,
        lcpMedianMs: median(cold.map((row) => row.lcpMs)),
        lcpWorstMs: Math.max(...cold.map((row) => row.lcpMs)),
        fcpMedianMs: median(cold.map((row) => row.fcpMs)),
        jsBytesBeforeLcp: median(cold.map((row) => row.jsBytesBeforeLcp)),
        jsBytesTotal: median(cold.map((row) => row.jsBytesTotal)),
        warm,
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function runWebLoad(args) {
  const { values } = parseArgs({ args, options: { runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs is 1-20');
  if (!existsSync(join(repoRoot, 'web/dist/index.html')))
    throw new Error('web/dist is missing: npm run build -w web');
  const env = benchEnv({ runId: Date.now().toString(36) });
  for (const proc of stackProcesses(env))
    if (!existsSync(join(repoRoot, proc.entry)))
      throw new Error(`${proc.entry} is missing: run npm run build`);
  const baseUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const outDir = join(cacheDir(env), 'run', 'bench');
  const stack = new Stack(env, { logDir: join(outDir, 'logs') });
  process.stdout.write(`starting the bench stack on ${baseUrl} ... `);
  await stack.start();
  console.log('ready');
  try {
    const assets = await measureAssets(baseUrl);
    const js = assets.filter((row) => row.kind === 'js');
    const initialJs = js.reduce((sum, row) => sum + row.wireBytes, 0);
    const initialJsGzip = js.every((row) => typeof row.gzipBytes === 'number')
      ? js.reduce((sum, row) => sum + row.gzipBytes, 0)
      : null;
    console.log('\nwhat the first render waits for (bytes on the wire; gzip-only client in brackets):');
    for (const row of assets)
      console.log(
        `  ${row.kind.padEnd(4)} ${kib(row.wireBytes).padStart(10)} ${(row.gzipBytes === null ? '' : `(${kib(row.gzipBytes)})`).padStart(12)}  ${row.encoding.padEnd(8)} ${row.cacheControl}  ${row.path}`,
      );
    const goalBytes = initialJsGzip ?? initialJs;
    console.log(
      `  initial JS ${kib(initialJs)} as sent, ${initialJsGzip === null ? 'not served gzip' : `${kib(initialJsGzip)} gzip`} ` +
        `(goal ≤ ${kib(GOAL_INITIAL_JS_BYTES)} gzip): ${goalBytes <= GOAL_INITIAL_JS_BYTES ? 'met' : 'NOT met'}`,
    );
    const paints = await measurePaints(baseUrl, runs);
    console.log(`\nChromium, 1366x900, ${runs} cold loads each (empty cache), then one warm load:`);
    for (const [name, row] of Object.entries(paints))
      console.log(
        `  ${name.padEnd(22)} LCP p50 ${row.lcpMedianMs} ms, worst ${row.lcpWorstMs} ms (goal ≤ ${GOAL_LCP_MS}); ` +
          `FCP p50 ${row.fcpMedianMs} ms; JS before LCP ${kib(row.jsBytesBeforeLcp)}, all JS ${kib(row.jsBytesTotal)}; ` +
          `warm: LCP ${row.warm.lcpMs} ms, JS ${kib(row.warm.jsBytesTotal)}`,
      );
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), assets, initialJs, initialJsGzip, paints }, null, 2)}\n`,
    );
    console.log(`\nwritten ${file}`);
    return 0;
  } finally {
    await stack.stop();
  }
}
