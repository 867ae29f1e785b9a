// Where a process's CPU went while a scenario was measured: V8's sampling profile (node --cpu-prof)
// cut to the measured window, as self time per area (the service, gateway or platform file the
// function is in, or the npm package, or Node's own code) and per function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Node's --cpu-prof file name: CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile. */
export function profilesByPid(dir) {
  const byPid = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')))
    byPid.set(Number(file.split('.')[3]), join(dir, file));
  return byPid;
}

/** The area a frame's script belongs to. */
export function areaOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const [scope, name] = url.slice(modules + 14).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const own = /\/(services\/[^/]+|gateway|packages\/platform|proto|server)\//.exec(url);
  return own ? own[1].replace('packages/', '') : url;
}

/**
 * Self time per area and per function for the samples taken between `fromUs` and `toUs` (the
 * monotonic clock in µs, the clock of the profile's timestamps and of process.hrtime); the whole
 * profile when no window is given.
 */
export function summarizeProfile(profile, { fromUs, toUs } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    if (fromUs !== undefined && (t < fromUs || t > toUs)) continue;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + weight);
    total += weight;
  }
  const byArea = new Map();
  const byFunction = new Map();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const area = areaOf(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const file = url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${file}`.trim();
    const entry = byFunction.get(key) ?? { area, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const share = (us) => Math.round((us / Math.max(1, total)) * 1000) / 10;
  const busyUs = total - (byArea.get('(idle)') ?? 0);
  return {
    sampledMs: Math.round(total / 1000),
    busyMs: Math.round(busyUs / 1000),
    areas: [...byArea]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, ms: Math.round(us / 1000), percent: share(us) })),
    functions: [...byFunction]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, 25)
      .map(([fn, { area, us }]) => ({ fn, area, ms: Math.round(us / 1000), percent: share(us) })),
  };
}

export function readProfile(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Text for the console: the areas above 1 % and the top functions, as shares of the busy time. */
export function formatProfile(name, summary, { functions = 12 } = {}) {
  const busy = Math.max(1, summary.busyMs);
  const pct = (ms) => `${((ms / busy) * 100).toFixed(1)} %`;
  const lines = [
    `  ${name}: busy ${summary.busyMs} ms of ${summary.sampledMs} ms sampled`,
    `    by area: ${summary.areas
      .filter((a) => a.area !== '(idle)' && a.ms / busy >= 0.01)
      .map((a) => `${a.area} ${pct(a.ms)}`)
      .join(', ')}`,
  ];
  for (const f of summary.functions.filter((f) => f.area !== '(idle)').slice(0, functions))
    lines.push(`    ${pct(f.ms).padStart(7)}  ${f.fn}  [${f.area}]`);
  return lines.join('\n');
}
