// Open-loop load: requests leave at a fixed rate whatever the server's speed, and each latency is
// measured from the moment the request was due, not from when it was sent. A closed loop (N
// connections each waiting for its answer) slows down with the server and hides queueing — the
// "coordinated omission" that makes overloaded systems look fast.
import http from 'node:http';

/** Nearest-rank percentile of sorted numbers. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  const round = (v) => (v === undefined ? undefined : Math.round(v * 10) / 10);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
  };
}

/**
 * How many of `total` requests are due `elapsedMs` after the start at `rate` per second: request i is
 * due at i / rate seconds, so the first at once. (Counting floor(elapsed × rate) instead sent each
 * request one interval after its due moment, and added that interval — 1 / rate — to every latency.)
 */
export function dueCount(elapsedMs, rate, total) {
  return Math.min(total, Math.floor((elapsedMs / 1000) * rate) + 1);
}

/**
 * Sends `rate` requests per second for `durationSec` seconds. `nextRequest()` returns
 * { kind, method, path, headers, body }. Requests still unanswered `maxInFlight` deep are counted as
 * dropped (the server is past saturation). Answers { offeredPerSec, achievedPerSec, latency by kind
 * and overall, statuses, errors, dropped }.
 */
export async function runOpenLoop({ baseUrl, rate, durationSec, nextRequest, maxInFlight = 2000 }) {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies = new Map(); // kind -> ms[]
  const statuses = {};
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  let completed = 0;
  let sent = 0;
  const total = Math.round(rate * durationSec);
  const start = performance.now();
  let lastDone = start;

  const fire = (dueAt) => {
    if (inFlight >= maxInFlight) {
      dropped += 1;
      return;
    }
    const { kind, method, path, headers = {}, body } = nextRequest();
    const payload = body === undefined ? undefined : Buffer.from(body);
    inFlight += 1;
    const finish = (status) => {
      inFlight -= 1;
      completed += 1;
      const now = performance.now();
      lastDone = now;
      if (status === undefined) errors += 1;
      else {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) {
          if (!latencies.has(kind)) latencies.set(kind, []);
          latencies.get(kind).push(now - dueAt);
        }
      }
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent,
        headers: payload ? { ...headers, 'content-length': payload.length } : headers,
      },
      (res) => {
        res.resume();
        res.once('end', () => finish(res.statusCode));
        res.once('error', () => finish(undefined));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.once('error', () => finish(undefined));
    req.end(payload);
  };

  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = dueCount(elapsed, rate, total);
      while (sent < due) {
        fire(start + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  // Let the last requests answer (bounded).
  const drainUntil = performance.now() + 10_000;
  while (inFlight > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 5));
  agent.destroy();

  const all = [...latencies.values()].flat();
  const byKind = Object.fromEntries([...latencies].map(([kind, values]) => [kind, latencySummary(values)]));
  const elapsedSec = (lastDone - start) / 1000;
  return {
    offeredPerSec: rate,
    completed,
    achievedPerSec: Math.round((completed / Math.max(elapsedSec, durationSec)) * 10) / 10,
    latencyMs: latencySummary(all),
    byKind,
    statuses,
    errors,
    dropped,
    unanswered: inFlight,
  };
}
