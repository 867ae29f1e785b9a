// The chaos tier (issue 24; docs/reliability.md): the whole stack on infrastructure of its own, 50+
// members active through the gateway, while Kafka, Redis, the database, every service and the gateway
// fail, one at a time and then overlapping. Afterwards the promises of docs/reliability.md are checked
// against the run's own record of what was acknowledged; the report ends with "violations: N".
//
//   node scripts/test/run-tests.mjs chaos      (npm run test:chaos; holds a test stack slot)
//
// Knobs (environment): AURA_CHAOS_MEMBERS (default 50), AURA_CHAOS_LOAD_SECONDS (840: the load's
// length, the fault steps spread over it), AURA_CHAOS_MAX_LOAD_SECONDS (the length + 240: the load's
// cap), AURA_CHAOS_TAIL_SECONDS (15: load after the last fault at least), AURA_CHAOS_CALM_SECONDS (2:
// between two fault steps at least), AURA_CHAOS_MIN_MONEY_OPS (10,000), AURA_CHAOS_KEEP=1 keeps the
// private infrastructure running afterwards (for a look at its databases; stop it with
// deploy/local/down.sh and its env), AURA_CHAOS_FAULTS=gateway,economy,… runs only those faults, one
// per step (a kill of that service, or `database`, `kafka`, `redis`), to chase one fault's behaviour;
// the scale checks then do not apply.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrivateInfra } from './infra.mjs';
import { Api, Member, MICRO, moneyCall, pick, Record, resolveMoney, sleep, topUp } from './load.mjs';
import { REPLICATED, scaleOutPlan, scaleOutTopology } from './scale-out.mjs';
import { Supervisor } from './supervisor.mjs';
import { verify } from './verify.mjs';

const log = (message) => console.log(`chaos ${new Date().toISOString().slice(11, 19)} ${message}`);

/**
 * Runs the chaos tier with `env` (run-tests.mjs's test environment: service ports of the slot, the
 * signing key); answers { passed, report }. `scaleOut`: the scale-out run instead (scale-out.mjs):
 * two instances of the gateway, social, messaging and economy behind round-robin proxies, one
 * instance of each killed under load, and the same promises checked, with two more: the load reached
 * every instance, and every message reached its recipient's socket, on whichever gateway it was.
 */
export async function runChaos(baseEnv, { slot, runDir, scaleOut = false }) {
  const started = Date.now();
  const tier = scaleOut ? 'scale-out' : 'chaos';
  const infra = new PrivateInfra(baseEnv, slot);
  // The scale-out run has 12 processes on the machine instead of 8: fewer members keep it a test of
  // failover, not of an overloaded machine's queues.
  const memberCount = Number(
    (scaleOut ? process.env.AURA_SCALE_OUT_MEMBERS : process.env.AURA_CHAOS_MEMBERS) ?? (scaleOut ? 20 : 50),
  );
  // The load runs `loadSeconds`, the fault plan's steps spread over it (money operations all along,
  // not in a calm stretch after the faults); if the steps take longer, it runs through them and then
  // `tailSeconds` more; never longer than `capSeconds`.
  const loadSeconds = Number(
    (scaleOut ? process.env.AURA_SCALE_OUT_LOAD_SECONDS : process.env.AURA_CHAOS_LOAD_SECONDS) ??
      (scaleOut ? 150 : 840),
  );
  const capSeconds = Number(process.env.AURA_CHAOS_MAX_LOAD_SECONDS ?? loadSeconds + 240);
  const tailSeconds = Number(process.env.AURA_CHAOS_TAIL_SECONDS ?? 15);
  const calmMs = Number(process.env.AURA_CHAOS_CALM_SECONDS ?? 2) * 1000;
  const env = {
    ...infra.env,
    AURA_DB_SUFFIX: `${tier.replace('-', '')}${slot}`,
    KAFKA_GROUP_PREFIX: `aura-${tier}${slot}`,
    KAFKA_NEW_GROUP_START: 'earliest',
    // One process per service: the faults kill and restart services one at a time.
    AURA_TARGET: 'each',
    // Warnings and errors only: the machine's CPU goes to the load (the logs are in the report's dir).
    LOG_LEVEL: process.env.AURA_CHAOS_LOG_LEVEL ?? 'warn',
    // The members act much faster than people: velocity limits are not what this tier measures.
    AURA_RATE_LIMIT_MONEY_PER_MINUTE: '100000',
    AURA_RATE_LIMIT_CONTENT_PER_MINUTE: '100000',
    AURA_RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
    AURA_RATE_LIMIT_REGISTER_PER_HOUR: '100000',
    AURA_RATE_LIMIT_REGISTER_PER_ACCOUNT_PER_HOUR: '100000',
    AURA_RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    AURA_RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
  };
  const reportDir = join(runDir, tier);
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const topology = scaleOut ? scaleOutTopology(env, slot) : undefined;
  const supervisor = new Supervisor(env, join(reportDir, 'logs'), log, topology?.processes);
  // Sockets of the scale-out run: member i on gateway i mod 2 (each reconnects to its own), so that
  // every message crosses from the gateway that took it to the one holding the recipient's socket
  // about half the time.
  const gatewayUrls = topology?.processes.filter((p) => p.part === 'gateway').map((p) => p.socketUrl);
  const record = new Record();
  const timings = {};
  const faults = [];
  const probes = [];
  const violations = [];
  const baseUrl = env.AURA_BASE_URL;
  const api = new Api(baseUrl, (method, path, status, ms, error, body) => {
    record.requests.total += 1;
    const key = status === 0 ? (error ?? 'no answer') : String(status);
    record.requests.byStatus[key] = (record.requests.byStatus[key] ?? 0) + 1;
    const route = `${method} ${path.replace(/[0-9a-f]{24}|[0-9a-f-]{36}|cs_test_local_[0-9a-f]+/g, ':id') || 'test checkout'}`;
    record.requests.byRoute[route] ??= {};
    record.requests.byRoute[route][key] = (record.requests.byRoute[route][key] ?? 0) + 1;
    if (status >= 500 && status !== 503 && !(status === 502 && path === '')) {
      // 503 is the documented "a dependency is down, retry" answer; anything else 5xx is a fault.
      record.requests.violations.push({
        at: Date.now(),
        what: `${status} on ${method} ${path}`,
        detail: body,
      });
    }
    if (error === 'timeout') {
      // When it was sent, not when the client gave up: that is the moment to look for in the logs.
      const sentAt = new Date(Date.now() - ms).toISOString().slice(11, 23);
      record.requests.violations.push({
        at: Date.now(),
        what: `no answer in 20 s: ${method} ${path} (sent ${sentAt})`,
      });
    }
  });

  let members = [];
  try {
    // 1. Infrastructure and stack.
    log(`private infrastructure in ${infra.privateCache} (ports ${Object.values(infra.ports).join(', ')})`);
    infra.prepare();
    await infra.down(); // an earlier run's servers, if any were left behind
    infra.prepare();
    let t0 = Date.now();
    await infra.up();
    timings.infraUpMs = Date.now() - t0;
    for (const proxy of topology?.proxies ?? []) await proxy.listen();
    log(
      `infrastructure up in ${timings.infraUpMs} ms; starting ${scaleOut ? `${supervisor.names().join(', ')} (${REPLICATED.join(', ')} behind round-robin proxies)` : '7 services and the gateway'}`,
    );
    t0 = Date.now();
    await supervisor.start();
    timings.stackUpMs = Date.now() - t0;
    log(`stack ready in ${timings.stackUpMs} ms`);

    // 2. Members: registered, each with a socket, a card top-up each.
    t0 = Date.now();
    members = Array.from({ length: memberCount }, (_, i) => new Member(api, record, i));
    const probe = new Member(api, record, memberCount); // the outage probes' own member
    const probe2 = new Member(api, record, memberCount + 1);
    await parallel([...members, probe, probe2], 10, (m) => m.register());
    for (const m of members) m.openSocket(gatewayUrls ? gatewayUrls[m.index % gatewayUrls.length] : baseUrl);
    const items = (await probe.call('GET', '/marketplace/items')).body ?? [];
    const setupDeadline = () => Date.now() + 60_000;
    await parallel(members, 10, (m) => topUp(m, env, 'ultra', { giveUpAt: setupDeadline }));
    await topUp(probe, env, 'ultra', { giveUpAt: setupDeadline });
    timings.setupMs = Date.now() - t0;
    log(
      `${members.length} members registered and topped up in ${timings.setupMs} ms; load with faults for ${loadSeconds} s (at most ${capSeconds} s)`,
    );

    // 3. Load and faults: the steps one after another, spread over the load, each waiting until its
    // faults have recovered; the load goes on to its length, and at least a calm tail after the last
    // step (or stops at the cap, which leaves the rest of the plan out and fails the run's checks).
    const ctx = { members, items, env, stopAt: Date.now() + capSeconds * 1000, recentPosts: [] };
    const moneyInFlight = new Set();
    const loops = members.map((m) => memberLoop(m, ctx, moneyInFlight));
    const loadStart = Date.now();
    const chosenFaults = process.env.AURA_CHAOS_FAULTS;
    const plan = scaleOut ? scaleOutPlan() : chosenFaults ? faultsNamed(chosenFaults) : faultPlan();
    // Step i starts in its share of the load, and never sooner than a calm gap after the step before;
    // the last one starts about a step's length (~25 s) before the tail, so the load stops about
    // `tailSeconds` after the last fault, as the convergence promise counts from there.
    const spacingMs = ((loadSeconds - tailSeconds - 25) * 1000) / Math.max(1, plan.length - 1);
    for (const [i, step] of plan.entries()) {
      const gapMs = step.calmMs ?? calmMs;
      await sleep(Math.max(gapMs, loadStart + i * spacingMs + gapMs - Date.now()));
      if (Date.now() > ctx.stopAt - 30_000) {
        log('the load cap is near: the rest of the fault plan is left out');
        break;
      }
      await Promise.all(
        step.faults.map((fault) =>
          inject(fault, { supervisor, infra, probe, probe2, members, faults, probes, baseUrl }).catch(
            (error) => {
              violations.push({
                promise: 'recovery',
                what: `${fault.kind} ${fault.target ?? ''}: ${error.message}`,
              });
              log(`fault ${fault.kind} ${fault.target ?? ''} failed: ${error.message}`);
            },
          ),
        ),
      );
    }
    ctx.stopAt = Math.min(
      ctx.stopAt,
      Math.max(loadStart + loadSeconds * 1000, Date.now() + tailSeconds * 1000),
    );
    const lastFaultEnd = Date.now();
    await Promise.all(loops);
    log(`load stopped; waiting for ${moneyInFlight.size} money calls in flight`);
    await Promise.allSettled([...moneyInFlight]);
    timings.loadMs = Date.now() - loadStart;

    // 4. Anything still unanswered is sent again (same key) now that everything is back.
    const unresolved = record.money.filter((e) => e.outcome === 'unresolved');
    if (unresolved.length > 0) {
      log(`${unresolved.length} money calls without a definite answer: sending them again`);
      const byId = new Map(members.map((m) => [m.id, m]));
      await parallel(unresolved, 10, (e) =>
        resolveMoney(byId.get(e.from), e, e.request, Date.now() + 60_000),
      );
    }
    const owed = scaleOut ? await awaitDeliveries(record, members) : [];
    for (const m of members) m.closeSocket();

    // 5. The promises.
    log('checking the promises');
    const result = await verify({ env, record, members, lastFaultEnd, log });
    violations.push(...result.violations);
    if (scaleOut) {
      result.notes = [...(result.notes ?? []), ...scaleOutNotes(topology, members, record)];
      violations.push(...scaleOutViolations(topology, owed, record));
    }
    for (const v of record.requests.violations)
      violations.push({
        promise: 'no 500, no hang',
        what: `${v.at ? `${new Date(v.at).toISOString().slice(11, 19)} ` : ''}${v.what}`,
      });
    for (const p of probes.filter((p) => !p.ok))
      violations.push({ promise: 'outage behaviour', what: p.text });
    for (const f of faults.filter((f) => f.recoveryMs === undefined))
      violations.push({ promise: 'recovery', what: `${f.name}: did not recover (last: ${f.lastUnhealthy})` });
    const crashes = supervisor.crashes();
    // The scale the issue asks for: money operations, economy and database crashes under load.
    const moneyOps =
      record.money.filter((e) => e.outcome === 'acknowledged').length +
      record.topups.filter((t) => t.paid).length;
    const minMoney = Number(process.env.AURA_CHAOS_MIN_MONEY_OPS ?? 10_000);
    const crashCount = (name) => faults.filter((f) => f.name === name).length;
    if (scaleOut) {
      const minScaleOutMoney = Number(process.env.AURA_SCALE_OUT_MIN_MONEY_OPS ?? 300);
      if (moneyOps < minScaleOutMoney)
        violations.push({
          promise: 'scale',
          what: `${moneyOps} money operations acknowledged, fewer than ${minScaleOutMoney}`,
        });
    } else if (chosenFaults) log(`only the faults ${chosenFaults}: the scale checks do not apply`);
    else if (moneyOps < minMoney)
      violations.push({
        promise: 'scale',
        what: `${moneyOps} money operations acknowledged, fewer than ${minMoney}`,
      });
    if (!scaleOut && !chosenFaults && crashCount('economy') < 5)
      violations.push({
        promise: 'scale',
        what: `economy killed ${crashCount('economy')} times, fewer than 5`,
      });
    if (!scaleOut && !chosenFaults && crashCount('database') < 2)
      violations.push({
        promise: 'scale',
        what: `database killed ${crashCount('database')} times, fewer than 2`,
      });

    // 6. The report.
    const report = buildReport({
      tier,
      started,
      timings,
      record,
      faults,
      probes,
      violations,
      crashes,
      result,
      members: members.length,
    });
    console.log(report.text);
    writeFileSync(join(reportDir, 'report.json'), JSON.stringify({ ...report.json, violations }, null, 2));
    writeFileSync(join(reportDir, 'report.txt'), report.text);
    return { passed: violations.length === 0, report };
  } finally {
    for (const m of members) m.closeSocket();
    await supervisor.stop();
    for (const proxy of topology?.proxies ?? []) await proxy.close();
    if (process.env.AURA_CHAOS_KEEP !== '1') await infra.down();
  }
}

async function parallel(list, width, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, list.length) }, async () => {
      while (next < list.length) await fn(list[next++]);
    }),
  );
}

/** The fault plan: each fault alone first, then overlapping ones. */
function faultPlan() {
  const kill = (target, downMs = 1000, extra = {}) => ({ kind: 'service', target, downMs, ...extra });
  return [
    // one at a time
    { calmMs: 8000, faults: [kill('economy', 4000, { probe: true })] },
    { faults: [kill('social', 4000, { probe: true })] },
    { faults: [kill('messaging')] },
    { faults: [kill('identity')] },
    { faults: [kill('media')] },
    { faults: [kill('genies')] },
    { faults: [kill('admin')] },
    { faults: [{ kind: 'database', probe: true }] },
    { faults: [{ kind: 'kafka', downMs: 30_000, probe: true }] },
    { faults: [{ kind: 'redis', downMs: 30_000, probe: true }] },
    { faults: [{ kind: 'gateway' }] },
    { faults: [kill('economy')] },
    // overlapping
    {
      faults: [
        { kind: 'database' },
        kill('economy', 1000, { delayMs: 1500 }),
        kill('social', 1000, { delayMs: 3000 }),
      ],
    },
    {
      faults: [kill('economy'), kill('messaging'), kill('identity', 1000, { delayMs: 1000 }), kill('media')],
    },
    { faults: [kill('economy'), kill('genies'), kill('admin', 1000, { delayMs: 2000 })] },
  ];
}

/** AURA_CHAOS_FAULTS: "gateway,economy,kafka" → one step per named fault, each with its probes. */
function faultsNamed(list) {
  return list.split(',').map((name) => {
    const target = name.trim();
    if (target === 'gateway') return { faults: [{ kind: 'gateway' }] };
    if (['database', 'kafka', 'redis'].includes(target))
      return { faults: [{ kind: target, downMs: 30_000, probe: true }] };
    return {
      faults: [{ kind: 'service', target, downMs: 1000, probe: ['economy', 'social'].includes(target) }],
    };
  });
}

/** The share of actions that move money (the rest: posts, likes, comments, follows, messages, reads). */
const MONEY_SHARE = 0.75;

/** One member's actions until the load stops: a money call runs in the background (at most two). */
async function memberLoop(m, ctx, moneyInFlight) {
  const others = () => pick(ctx.members.filter((o) => o !== m));
  const giveUpAt = () => ctx.stopAt + 30_000;
  while (Date.now() < ctx.stopAt) {
    try {
      const r = Math.random();
      if (m.backoffUntil > Date.now()) await sleep(m.backoffUntil - Date.now());
      if (r < MONEY_SHARE && m.pendingMoney < 2) {
        const promise = moneyAction(m, ctx, others(), giveUpAt);
        moneyInFlight.add(promise);
        void promise.finally(() => moneyInFlight.delete(promise));
      } else {
        await socialAction(m, ctx, others());
      }
    } catch (error) {
      log(`member ${m.index}: ${error.stack}`);
    }
    await sleep(Math.random() * 150);
  }
}

async function moneyAction(m, ctx, to, giveUpAt) {
  const r = Math.random();
  if (r < 0.46 || r >= 0.985) {
    const amountMicro = (1 + Math.floor(Math.random() * 20)) * 1000;
    const request = {
      path: '/tips/send',
      body: { recipient_id: to.id, amount: amountMicro / MICRO, currency: 'AC' },
    };
    const entry = await moneyCall(
      m,
      { kind: 'tip', ...request, meta: { to: to.id, amountMicro, request } },
      { giveUpAt },
    );
    return entry;
  }
  if (r < 0.92) {
    const amountMicro = (1 + Math.floor(Math.random() * 30)) * 1000;
    const request = {
      path: '/payments/transfer',
      body: { recipient_id: to.id, amount: amountMicro / MICRO },
    };
    return moneyCall(
      m,
      { kind: 'transfer', ...request, meta: { to: to.id, amountMicro, request } },
      { giveUpAt },
    );
  }
  if (r < 0.975) {
    const item = pick(ctx.items.filter((i) => !m.owned.has(i.id) && i.price <= 30) ?? []);
    if (!item) return undefined;
    m.owned.add(item.id);
    const request = { path: `/marketplace/purchase/${item.id}` };
    return moneyCall(
      m,
      {
        kind: 'purchase',
        ...request,
        meta: { itemId: item.id, amountMicro: Math.round(item.price * MICRO), request },
      },
      { giveUpAt },
    );
  }
  return topUp(m, ctx.env, 'starter', { giveUpAt, redeliver: Math.random() < 0.5 });
}

async function socialAction(m, ctx, other) {
  const r = Math.random();
  const record = m.record;
  if (r < 0.14) {
    const content = `chaos ${randomBytes(6).toString('hex')} from member ${m.index}`;
    const answer = await m.call('POST', '/posts', { body: { content, category: 'general' } });
    if (answer.status === 201) {
      record.posts.push({ id: answer.body.id, authorId: m.id, content, at: Date.now() });
      ctx.recentPosts.push(answer.body.id);
      if (ctx.recentPosts.length > 300) ctx.recentPosts.shift();
    } else if (answer.status === 0 || answer.status >= 500)
      record.unknownPosts = (record.unknownPosts ?? 0) + 1;
    return;
  }
  if (r < 0.38) {
    const postId = pick(ctx.recentPosts.filter((p) => !m.liked.has(p)) ?? []);
    if (!postId) return;
    m.liked.add(postId);
    const answer = await m.call('POST', `/posts/${postId}/like`);
    if (answer.status === 200) {
      if (answer.body?.liked !== true)
        record.requests.violations.push({
          what: `like of ${postId} by ${m.id} answered liked=false (a like applied twice?)`,
        });
      record.likes.push({ postId, userId: m.id });
    } else if (answer.status === 0 || answer.status >= 500) record.unknownLikes.add(`${postId}:${m.id}`);
    return;
  }
  if (r < 0.5) {
    const postId = pick(ctx.recentPosts);
    if (!postId) return;
    const content = `comment ${randomBytes(5).toString('hex')}`;
    const answer = await m.call('POST', `/posts/${postId}/comments`, { body: { content } });
    if (answer.status === 201) record.comments.push({ id: answer.body.id, postId, authorId: m.id, content });
    else if (answer.status === 0 || answer.status >= 500)
      record.unknownComments = (record.unknownComments ?? 0) + 1;
    return;
  }
  if (r < 0.58) {
    if (m.following.has(other.id)) return;
    // Following is idempotent: sent again until answered.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await m.call('POST', `/users/${other.id}/follow`);
      if (answer.status === 200 || answer.status === 201) {
        m.following.add(other.id);
        record.follows.push({ followerId: m.id, followeeId: other.id, at: Date.now() });
        return;
      }
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return;
      await sleep(1000);
    }
    return;
  }
  if (r < 0.84) {
    // A message: sent again with the same client_message_id until answered (the server keeps one).
    const clientMessageId = randomUUID();
    const body = {
      recipient_id: other.id,
      content: `hi ${randomBytes(4).toString('hex')}`,
      message_type: 'text',
      client_message_id: clientMessageId,
    };
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const answer = await m.call('POST', '/messages', { body });
      if (answer.status === 201 || answer.status === 200) {
        record.messages.push({
          id: answer.body.id,
          conversationId: answer.body.conversation_id,
          senderId: m.id,
          recipientId: other.id,
          clientMessageId,
          at: Date.now(),
        });
        return;
      }
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return;
      await sleep(1000);
    }
    record.unknownMessages = (record.unknownMessages ?? 0) + 1;
    return;
  }
  if (r < 0.94) {
    await m.call('GET', `/posts/feed/${pick(['following', 'aura', 'discovery'])}`);
    return;
  }
  await m.call('GET', '/wallet');
}

/** How long a message's delivery may lag (a rebalance after a killed gateway takes up to 15 s). */
const DELIVERY_LIMIT_MS = 60_000;

/**
 * The messages each recipient's socket owes: those acknowledged while it was connected, and stayed
 * connected for the 15 s after (one sent while nobody listened is read from history instead).
 */
function owedMessages(record, members) {
  const byId = new Map(members.map((m) => [m.id, m]));
  const now = Date.now();
  return record.messages.filter((message) => {
    const recipient = byId.get(message.recipientId);
    return (
      recipient !== undefined &&
      recipient.socketUpThroughout(message.at - 2000, Math.min(message.at + 15_000, now))
    );
  });
}

/** Waits until every owed message has reached its socket, or DELIVERY_LIMIT_MS; answers the owed. */
async function awaitDeliveries(record, members) {
  const deadline = Date.now() + DELIVERY_LIMIT_MS;
  for (;;) {
    const owed = owedMessages(record, members);
    const missing = owed.filter((m) => !record.delivered.has(m.id));
    if (missing.length === 0 || Date.now() > deadline) {
      log(`${owed.length - missing.length} of ${owed.length} owed messages reached their sockets`);
      return owed;
    }
    await sleep(500);
  }
}

/** The scale-out run's own promises: the load reached every instance; no owed message was lost. */
function scaleOutViolations(topology, owed, record) {
  const violations = [];
  for (const proxy of topology.proxies)
    for (const [i, backend] of proxy.counts().entries())
      if (backend.connections === 0)
        violations.push({
          promise: 'scale-out',
          what: `${proxy.name}-${i + 1} (port ${backend.port}) took no connection: the load did not reach it`,
        });
  for (const message of owed.filter((m) => !record.delivered.has(m.id)))
    violations.push({
      promise: 'events',
      what: `message ${message.id} to ${message.recipientId} never reached the recipient's socket, connected all along`,
    });
  return violations;
}

function scaleOutNotes(topology, members, record) {
  const notes = topology.proxies.map(
    (proxy) =>
      `${proxy.name}: connections per instance ${proxy
        .counts()
        .map((b, i) => `${proxy.name}-${i + 1} ${b.connections} (refused ${b.refused})`)
        .join(', ')}`,
  );
  const byId = new Map(members.map((m) => [m.id, m]));
  const perGateway = [0, 0];
  for (const message of record.messages) {
    const recipient = byId.get(message.recipientId);
    if (recipient && record.delivered.has(message.id)) perGateway[recipient.index % 2] += 1;
  }
  notes.push(`messages delivered to sockets on gateway-1: ${perGateway[0]}, on gateway-2: ${perGateway[1]}`);
  return notes;
}

/** A fault not recovered from within this (after its restart) is a violation. */
const RECOVERY_LIMIT_MS = 90_000;

/** Injects one fault, runs its probes while it lasts, and measures the time to recover. */
async function inject(fault, c) {
  if (fault.delayMs) await sleep(fault.delayMs);
  const name = fault.kind === 'service' ? fault.target : fault.kind;
  const entry = { name, kind: fault.kind, at: Date.now() };
  c.faults.push(entry);
  log(`fault: ${describe(fault)}`);
  const probeRuns = [];
  if (fault.kind === 'service' || fault.kind === 'gateway') {
    const target = fault.target ?? 'gateway';
    const killing = c.supervisor.kill(target, { downMs: fault.downMs ?? 1000 });
    if (fault.probe) probeRuns.push(sleep(800).then(() => outageProbes(target, c)));
    const times = await killing;
    entry.downMs = times.restartedAt - times.killedAt;
    entry.restartedAt = times.restartedAt;
    entry.processReadyMs = times.readyAt - times.restartedAt;
  } else if (fault.kind === 'database') {
    await c.infra.kill('mongodb', 'SIGKILL');
    if (fault.probe) await outageProbes('database', c);
    entry.restartedAt = Date.now();
    await c.infra.up();
  } else if (fault.kind === 'kafka') {
    await c.infra.kill('kafka', 'SIGTERM');
    const until = Date.now() + fault.downMs;
    if (fault.probe) await outageProbes('kafka', c);
    await sleep(Math.max(0, until - Date.now()));
    entry.restartedAt = Date.now();
    await c.infra.up();
  } else if (fault.kind === 'redis') {
    await c.infra.kill('redis', 'SIGKILL');
    const until = Date.now() + fault.downMs;
    if (fault.probe) await outageProbes('redis', c);
    await sleep(Math.max(0, until - Date.now()));
    entry.restartedAt = Date.now();
    await c.infra.up(); // started again empty (no persistence), its password set again
  }
  entry.dependencyUpMs = Date.now() - entry.restartedAt;
  await Promise.all(probeRuns);
  // Recovered: the whole site says ready, and the calls of the member probe work again.
  const deadline = entry.restartedAt + RECOVERY_LIMIT_MS;
  while (Date.now() < deadline) {
    if (await healthy(c, name, entry)) {
      entry.recoveryMs = Date.now() - entry.restartedAt;
      break;
    }
    await sleep(250);
  }
  log(
    `  ${name}: ${entry.recoveryMs === undefined ? `NOT recovered after ${RECOVERY_LIMIT_MS / 1000} s` : `recovered ${entry.recoveryMs} ms after its restart`}`,
  );
}

function describe(fault) {
  switch (fault.kind) {
    case 'service':
      return `kill -9 ${fault.target} (restarted after ${fault.downMs} ms)`;
    case 'gateway':
      return 'kill -9 gateway';
    case 'database':
      return 'kill -9 the database server, then start it again';
    case 'kafka':
      return `Kafka stopped for ${fault.downMs / 1000} s`;
    case 'redis':
      return `Redis killed for ${fault.downMs / 1000} s, started again empty`;
  }
}

async function healthy(c, name, entry) {
  const health = await c.probe.api.call('GET', '/health');
  if (health.status !== 200) {
    entry.lastUnhealthy = `GET /api/health ${health.status || health.error} ${JSON.stringify(health.body ?? '').slice(0, 300)}`;
    return false;
  }
  const checks = {
    economy: () => c.probe.call('GET', '/wallet'),
    social: () => c.probe.call('GET', '/posts/feed/following'),
    messaging: () => c.probe.call('GET', '/conversations'),
    identity: () => c.probe.call('GET', '/auth/me'),
    genies: () => c.probe.call('GET', '/genies/collection'),
    database: () => c.probe.call('GET', '/wallet'),
    redis: () => c.probe.call('GET', '/auth/me'),
    kafka: () => c.probe.call('GET', '/posts/feed/following'),
    gateway: () => c.probe.call('GET', '/auth/me'),
  };
  // A scale-out instance (economy-1) is checked as its part is.
  const check = checks[name.replace(/-\d+$/, '')];
  if (!check) return true;
  const answer = await check();
  if (answer.status !== 200)
    entry.lastUnhealthy = `probe call for ${name}: ${answer.status || answer.error} in ${answer.ms} ms`;
  return answer.status === 200;
}

/**
 * While a dependency is down: the calls that need it fail fast with 503 and Retry-After, the calls
 * that do not keep working; nothing waits past its deadline.
 */
async function outageProbes(target, c) {
  const p = c.probe;
  const expect = async (what, request, wanted) => {
    const answer = await request();
    const statusOk =
      wanted === 503
        ? answer.status === 503 && answer.retryAfter !== undefined
        : answer.status === wanted || (wanted === 200 && answer.status === 201);
    const fast = answer.ms < (wanted === 503 ? 10_000 : 15_000);
    const ok = statusOk && fast;
    const text = `${target} down: ${what} → ${answer.status || answer.error}${answer.retryAfter ? ` (Retry-After ${answer.retryAfter})` : ''} in ${answer.ms} ms; wanted ${wanted === 503 ? '503 with Retry-After' : wanted}${fast ? '' : ' within its deadline'}`;
    c.probes.push({ target, what, ok, text, status: answer.status, ms: answer.ms });
    log(`  probe ${ok ? 'ok' : 'FAILED'}: ${text}`);
  };
  const tip = () =>
    p.call('POST', '/tips/send', {
      body: { recipient_id: c.probe2.id, amount: 0.001 },
      headers: { 'idempotency-key': randomUUID() },
    });
  const message = () =>
    p.call('POST', '/messages', {
      body: {
        recipient_id: c.probe2.id,
        content: 'probe',
        message_type: 'text',
        client_message_id: randomUUID(),
      },
    });
  const timeline = () => p.call('GET', '/posts/feed/following');
  const post = () =>
    p.call('POST', '/posts', { body: { content: `probe ${randomUUID()}`, category: 'general' } });
  // One instance of a scale-out part down: its other instance serves the calls that need it.
  const scaleOutPart = /^(.*)-\d+$/.exec(target)?.[1];
  switch (scaleOutPart) {
    case 'economy':
      await expect('a tip', tip, 200);
      return;
    case 'social':
      await expect('a post', post, 200);
      await expect('the following timeline', timeline, 200);
      return;
    case 'messaging':
      await expect('a message', message, 200);
      return;
    case 'gateway':
      await expect('the following timeline', timeline, 200);
      await expect('a tip', tip, 200);
      return;
  }
  switch (target) {
    case 'economy':
      await expect('a tip', tip, 503);
      await expect('a message', message, 200);
      await expect('the following timeline', timeline, 200);
      break;
    case 'social':
      await expect('a post', post, 503);
      await expect('a message', message, 200);
      await expect('a tip', tip, 200);
      break;
    case 'kafka':
      await expect('the following timeline', timeline, 200);
      await expect('a post', post, 200);
      await expect('a message', message, 200);
      await expect('a tip', tip, 200);
      break;
    case 'redis':
      // Auth fails closed: a token is not accepted while revocations cannot be checked.
      await expect('a signed-in call (GET /auth/me)', () => p.call('GET', '/auth/me'), 503);
      await expect('a tip', tip, 503);
      break;
    case 'database':
      await expect('the wallet', () => p.call('GET', '/wallet'), 503);
      await expect('a post', post, 503);
      break;
  }
}

function buildReport({
  tier,
  started,
  timings,
  record,
  faults,
  probes,
  violations,
  crashes,
  result,
  members,
}) {
  const money = record.money;
  const by = (kind, outcome) =>
    money.filter((e) => e.kind === kind && (!outcome || e.outcome === outcome)).length;
  const acknowledgedMoney = money.filter((e) => e.outcome === 'acknowledged').length;
  const paid = record.topups.filter((t) => t.paid).length;
  const count = (k) => faults.filter((f) => f.name === k).length;
  const lines = [];
  lines.push('', `================ ${tier} report ================`);
  lines.push(
    `wall time ${((Date.now() - started) / 1000).toFixed(0)} s (infra ${ms(timings.infraUpMs)}, stack ${ms(timings.stackUpMs)}, setup ${ms(timings.setupMs)}, load ${ms(timings.loadMs)}); ${members} members`,
  );
  lines.push('faults injected:');
  const kinds = [...new Set(faults.map((f) => f.name))];
  for (const k of kinds) {
    const list = faults.filter((f) => f.name === k);
    const rec = list.map((f) => (f.recoveryMs === undefined ? 'never' : ms(f.recoveryMs)));
    lines.push(`  ${k.padEnd(10)} ×${list.length}  recovered after restart in: ${rec.join(', ')}`);
  }
  lines.push(`  (economy crashes: ${count('economy')}, database crashes: ${count('database')})`);
  if (crashes.length > 0)
    lines.push(
      `processes that exited by themselves (restarted by the supervisor): ${crashes.map((c) => `${c.name} (code ${c.code}, ${c.signal ?? 'no signal'})`).join(', ')}`,
    );
  lines.push('operations acknowledged:');
  lines.push(
    `  money ${acknowledgedMoney} (tips ${by('tip', 'acknowledged')}, transfers ${by('transfer', 'acknowledged')}, purchases ${by('purchase', 'acknowledged')}) + card top-ups paid ${paid}; refused (4xx) ${money.filter((e) => e.outcome === 'refused').length}; unresolved ${money.filter((e) => e.outcome !== 'acknowledged' && e.outcome !== 'refused').length}; retried ${money.filter((e) => e.attempts > 1).length}`,
  );
  lines.push(
    `  posts ${record.posts.length}, likes ${record.likes.length}, comments ${record.comments.length}, follows ${record.follows.length}, messages ${record.messages.length} (delivered over sockets ${result.delivered ?? 0})`,
  );
  lines.push(
    `  requests ${record.requests.total}: ${Object.entries(record.requests.byStatus)
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  );
  lines.push(`outage probes: ${probes.filter((p) => p.ok).length}/${probes.length} as promised`);
  lines.push(
    `convergence after the last fault: ${result.convergedMs === undefined ? 'NOT within the limit' : ms(result.convergedMs)}`,
  );
  for (const line of result.notes ?? []) lines.push(`  ${line}`);
  lines.push(`violations: ${violations.length}`);
  for (const v of violations.slice(0, 40)) lines.push(`  - [${v.promise}] ${v.what}`);
  if (violations.length > 40) lines.push(`  ... and ${violations.length - 40} more (report.json)`);
  lines.push('==============================================');
  return {
    text: lines.join('\n'),
    json: {
      timings,
      faults,
      probes,
      crashes,
      counts: { acknowledgedMoney, paid },
      convergedMs: result.convergedMs,
      requestsByRoute: record.requests.byRoute,
    },
  };
}

const ms = (value) =>
  value === undefined ? '?' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value} ms`;
