// Load generation (autocannon), CPU accounting from /proc, and the printed table.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Runs autocannon once; `onInstance` receives the instance so Ctrl-C can stop it. */
export function runLoad(options, onInstance = () => {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    onInstance(instance);
  });
}

/** The figures that go into the table and the JSON file. Latencies in ms. */
export function summarize(result) {
  const { requests, latency, throughput } = result;
  return {
    requestsPerSec: {
      mean: requests.average,
      stddev: requests.stddev,
      min: requests.min,
      max: requests.max,
    },
    latencyMs: {
      mean: latency.average,
      stddev: latency.stddev,
      p50: latency.p50,
      p90: latency.p90,
      p99: latency.p99,
      max: latency.max,
    },
    bytesPerSec: throughput.average,
    requests: requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
    durationSec: result.duration,
  };
}

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** User + system CPU seconds a process has used so far (Linux /proc); undefined if unknown. */
function processCpuSeconds(pid) {
  if (pid === process.pid) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond(); // utime, stime
  } catch {
    return undefined;
  }
}

/** Busy and total jiffies of the whole machine (first line of /proc/stat). */
function machineTicks() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** The pid listening on a local TCP port (best effort, `ss -ltnp`); undefined if not found. */
export function listenerPid(port) {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts measuring CPU time of the named processes ({ name: pid }); the returned function ends the
 * measurement and gives, per process, CPU seconds, share of one core, and CPU ms per request.
 */
export function startCpuMeter(pids) {
  const start = Date.now();
  const before = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, processCpuSeconds(pid)]));
  const machineBefore = machineTicks();
  return (requests) => {
    const wallSec = (Date.now() - start) / 1000;
    const processes = {};
    for (const [n, pid] of Object.entries(pids)) {
      const after = processCpuSeconds(pid);
      if (after === undefined || before[n] === undefined) continue;
      const cpuSec = after - before[n];
      processes[n] = {
        pid,
        cpuSec: round(cpuSec, 2),
        cores: round(cpuSec / wallSec, 2),
        cpuMsPerRequest: requests > 0 ? round((cpuSec * 1000) / requests, 3) : null,
      };
    }
    const machineAfter = machineTicks();
    const machineBusy =
      machineBefore && machineAfter
        ? round((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total), 3)
        : null;
    return { wallSec: round(wallSec, 1), machineBusy, processes };
  };
}

const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A plain-text table, one row per scenario. */
export function formatTable(rows) {
  const header = ['scenario', 'req/s (mean)', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'errors', 'non-2xx'];
  const lines = rows.map(({ scenario, summary: s }) => [
    scenario,
    s.requestsPerSec.mean.toFixed(1),
    String(s.latencyMs.p50),
    String(s.latencyMs.p90),
    String(s.latencyMs.p99),
    String(s.latencyMs.max),
    String(s.errors + s.timeouts),
    String(s.non2xx),
  ]);
  return plainTable(header, lines);
}

/** A plain-text table of open-loop runs, one row per offered rate. */
export function formatOpenLoopTable(rows) {
  const header = [
    'scenario @ offered',
    'achieved/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'errors',
    'dropped',
  ];
  const lines = rows.map(({ scenario, openLoop: r }) => [
    scenario,
    String(r.deliveredPerSec ?? r.achievedPerSec),
    String(r.latencyMs.p50),
    String(r.latencyMs.p95),
    String(r.latencyMs.p99),
    String(r.latencyMs.max),
    String(r.errors + (r.lost ?? 0)),
    String(r.dropped),
  ]);
  return plainTable(header, lines);
}

function plainTable(header, lines) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

/** The CPU breakdown of one scenario, one line. */
export function formatCpu(cpu) {
  const parts = Object.entries(cpu.processes).map(
    ([n, p]) => `${n} ${p.cores} cores (${p.cpuMsPerRequest} ms/req)`,
  );
  const busy = cpu.machineBusy === null ? '' : `; machine ${Math.round(cpu.machineBusy * 100)}% busy`;
  return `  cpu: ${parts.join(', ')}${busy}`;
}
