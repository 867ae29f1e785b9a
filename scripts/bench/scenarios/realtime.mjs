// Realtime messaging: thousands of connected socket.io clients while messages are sent at a steady,
// open-loop rate (POST /api/messages leaves on schedule whatever the server's speed). Measures the
// end-to-end latency from the moment a message was due to the moment the recipient's socket got
// new_message (the whole path: gateway → messaging (MongoDB, Redis) → Kafka → gateway consumer →
// socket.io Redis adapter → socket), the HTTP answer time, and deliveries per second.
//
// Members: AURA_BENCH_RT_MEMBERS (default 500) in pairs, each with AURA_BENCH_RT_TABS sockets
// (default 4, as if in several tabs and devices: 2,000 clients), held by worker threads so that receiving never delays sending.
// Rates: AURA_BENCH_RT_RATES (messages/s, default 100,250,500), each for the runner's duration.
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { api, registerMember } from '../api.mjs';
import { dueCount, latencySummary } from '../open-loop.mjs';

export const name = 'realtime';
export const description =
  'socket.io: 2,000 clients, open-loop POST /api/messages, latency send → new_message, deliveries/s';

const MEMBERS = Number(process.env.AURA_BENCH_RT_MEMBERS ?? 500);
const TABS = Number(process.env.AURA_BENCH_RT_TABS ?? 4);
const WORKERS = Number(process.env.AURA_BENCH_RT_WORKERS ?? 2);
const RATES = (process.env.AURA_BENCH_RT_RATES ?? '100,250,500').split(',').map(Number);
/** A run stops the ladder when its p99 passes this or messages are lost. */
const SATURATED_P99_MS = 5000;
/** How long to wait for the last deliveries after sending stops. */
const DRAIN_MS = 10_000;

const now = () => performance.timeOrigin + performance.now(); // comparable across threads

// ---- worker threads: the sockets ---------------------------------------------------------------

if (!isMainThread && workerData?.role === 'realtime-sockets') {
  const { io } = await import('socket.io-client');
  const { baseUrl, clients } = workerData; // [{ member, token }]
  const sockets = [];
  let receipts = [];
  let events = 0;
  const connectOne = ({ member, token }) =>
    new Promise((resolve, reject) => {
      const socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: true,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        timeout: 20000,
      });
      socket.on('new_message', (message) => {
        if (message.recipient_id === member && message.client_message_id)
          receipts.push([message.client_message_id, now()]);
      });
      socket.onAny(() => (events += 1));
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
      sockets.push(socket);
    });
  for (let i = 0; i < clients.length; i += 100)
    await Promise.all(clients.slice(i, i + 100).map((client) => connectOne(client)));
  parentPort.postMessage({ type: 'connected', count: sockets.length });
  const flush = setInterval(() => {
    if (receipts.length > 0 || events > 0) {
      parentPort.postMessage({ type: 'receipts', receipts, events });
      receipts = [];
      events = 0;
    }
  }, 100);
  parentPort.on('message', (message) => {
    if (message === 'close') {
      clearInterval(flush);
      parentPort.postMessage({ type: 'receipts', receipts, events });
      sockets.forEach((socket) => socket.close());
      parentPort.postMessage({ type: 'closed' });
    }
  });
}

// ---- main thread ---------------------------------------------------------------------------------

async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index], index);
      }
    }),
  );
}

/** Setup calls on a busy machine may time out: try again (a new name each time for sign-ups). */
async function retry(call, what, attempts = 5) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts) throw new Error(`${what}: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

export async function setup(baseUrl) {
  process.stdout.write(`  setup: ${MEMBERS} members`);
  const members = new Array(MEMBERS);
  await pool([...Array(MEMBERS).keys()], 4, async (index) => {
    members[index] = await retry(() => registerMember(baseUrl, 'rt'), 'sign-up');
  });
  // Pairs (0,1), (2,3)...: one conversation each, opened with a first message so that every member has
  // a partner (presence fans out to partners) and every conversation is warm in Redis.
  const pairs = [];
  for (let i = 0; i + 1 < members.length; i += 2) pairs.push([members[i], members[i + 1]]);
  process.stdout.write(`, ${pairs.length} conversations`);
  await pool(pairs, 8, ([a, b]) =>
    retry(async () => {
      const answer = await api(baseUrl, 'POST', '/messages', {
        token: a.accessToken,
        body: { recipient_id: b.user.id, content: 'hello', message_type: 'text', client_message_id: 'hello' },
      });
      if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    }, 'first message'),
  );

  const clients = members.flatMap((m) =>
    Array.from({ length: TABS }, () => ({ member: m.user.id, token: m.accessToken })),
  );
  process.stdout.write(`, ${clients.length} sockets`);
  const shares = Array.from({ length: WORKERS }, (_, w) => clients.filter((_, i) => i % WORKERS === w));
  const receipts = new Map(); // client_message_id -> first arrival at the recipient
  const counters = { events: 0 };
  const workers = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), {
            workerData: { role: 'realtime-sockets', baseUrl, clients: share },
          });
          worker.on('message', (message) => {
            if (message.type === 'connected') resolve(worker);
            if (message.type === 'receipts') {
              counters.events += message.events;
              for (const [id, at] of message.receipts) if (!receipts.has(id)) receipts.set(id, at);
            }
          });
          worker.once('error', reject);
        }),
    ),
  );
  console.log(' ... done');
  return { baseUrl, members, pairs, workers, receipts, counters, clients: clients.length };
}

/** One run at `rate` messages/s for `durationSec`: every send is due on schedule. */
async function runRate(context, rate, durationSec) {
  const { baseUrl, pairs, receipts, counters } = context;
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const due = new Map(); // client_message_id -> due time
  const httpLatency = [];
  const statuses = {};
  let errors = 0;
  let inFlight = 0;
  let dropped = 0;
  const total = Math.round(rate * durationSec);
  const eventsBefore = counters.events;
  const runId = Math.random().toString(36).slice(2, 8);
  const start = now();
  let sent = 0;

  const fire = (dueAt, index) => {
    if (inFlight >= 2000) {
      dropped += 1;
      return;
    }
    const [a, b] = pairs[Math.floor(Math.random() * pairs.length)];
    const [from, to] = Math.random() < 0.5 ? [a, b] : [b, a];
    const clientMessageId = `${runId}-${index}`;
    due.set(clientMessageId, dueAt);
    const body = Buffer.from(
      JSON.stringify({
        recipient_id: to.user.id,
        content: `bench message ${index} at ${rate}/s`,
        message_type: 'text',
        client_message_id: clientMessageId,
      }),
    );
    inFlight += 1;
    const finish = (status) => {
      inFlight -= 1;
      if (status === undefined) errors += 1;
      else {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 201) httpLatency.push(now() - dueAt);
        else due.delete(clientMessageId);
      }
    };
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: '/api/messages',
        agent,
        headers: {
          authorization: `Bearer ${from.accessToken}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => finish(response.statusCode));
        response.once('error', () => finish(undefined));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.once('error', () => finish(undefined));
    request.end(body);
  };

  await new Promise((resolve) => {
    const tick = () => {
      const dueNow = dueCount(now() - start, rate, total);
      while (sent < dueNow) {
        fire(start + (sent * 1000) / rate, sent);
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendEnd = now();
  const drainUntil = now() + DRAIN_MS;
  const delivered = () => [...due.keys()].filter((id) => receipts.has(id)).length;
  while (now() < drainUntil && (inFlight > 0 || delivered() < due.size))
    await new Promise((resolve) => setTimeout(resolve, 20));
  agent.destroy();

  const endToEnd = [];
  let lastArrival = start;
  for (const [id, dueAt] of due) {
    const at = receipts.get(id);
    if (at === undefined) continue;
    endToEnd.push(at - dueAt);
    lastArrival = Math.max(lastArrival, at);
  }
  const elapsedSec = (Math.max(lastArrival, sendEnd) - start) / 1000;
  const latency = latencySummary(endToEnd);
  return {
    offeredPerSec: rate,
    achievedPerSec: Math.round(((statuses[201] ?? 0) / Math.max(elapsedSec, durationSec)) * 10) / 10,
    latencyMs: latency,
    byKind: { 'send → new_message': latency, 'POST /api/messages': latencySummary(httpLatency) },
    deliveredPerSec: Math.round((endToEnd.length / Math.max(elapsedSec, durationSec)) * 10) / 10,
    socketEventsPerSec: Math.round((counters.events - eventsBefore) / Math.max(elapsedSec, durationSec)),
    sent: statuses[201] ?? 0,
    delivered: endToEnd.length,
    lost: due.size - endToEnd.length,
    clients: context.clients,
    statuses,
    errors,
    dropped,
    unanswered: inFlight,
  };
}

/** The open-loop run the bench runner calls instead of autocannon; answers one row per rate. */
export async function openLoop(context, { durationSec, log, measure }) {
  const rows = [];
  for (const rate of RATES) {
    log(`  ${rate} msg/s for ${durationSec} s to ${context.clients} sockets ... `);
    const stop = measure?.();
    const row = await runRate(context, rate, durationSec);
    Object.assign(row, stop?.(row.sent));
    rows.push(row);
    const { p50, p99 } = row.latencyMs;
    const http = row.byKind['POST /api/messages'];
    log(
      `delivered ${row.deliveredPerSec}/s, send → new_message p50 ${p50} ms p99 ${p99} ms, ` +
        `POST p50 ${http.p50} ms p99 ${http.p99} ms, ${row.socketEventsPerSec} socket events/s` +
        `${row.lost + row.errors + row.dropped > 0 ? `, ${row.lost} lost, ${row.errors} errors, ${row.dropped} dropped` : ''}\n`,
    );
    if (row.dropped > 0 || row.lost > 0 || (p99 ?? Infinity) > SATURATED_P99_MS) break;
  }
  return rows;
}

export function request(context) {
  return {
    method: 'GET',
    path: '/api/conversations',
    headers: { authorization: `Bearer ${context.members[0].accessToken}` },
  };
}

export function check(_context, body) {
  if (!Array.isArray(body) || body.length === 0)
    throw new Error(`expected the member's conversations, got ${JSON.stringify(body)}`);
}

export async function teardown(context) {
  await Promise.all(
    context.workers.map((worker) =>
      new Promise((resolve) => {
        worker.on('message', (message) => message.type === 'closed' && resolve());
        worker.postMessage('close');
        setTimeout(resolve, 5000);
      }).then(() => worker.terminate()),
    ),
  );
}
