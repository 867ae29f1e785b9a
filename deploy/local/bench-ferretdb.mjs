// Aura-shaped workload against a MongoDB-compatible server (used to pick FerretDB's backend, see
// docs/adr/0002-ferretdb-backend.md). Every phase runs with --concurrency clients in parallel and reports
// ops/s, p50 and p99; the correctness checks count what a real MongoDB would never do.
//   node deploy/local/bench-ferretdb.mjs --uri mongodb://127.0.0.1:27017 --label sqlite [--users 2000]
//        [--posts 2000] [--reads 4000] [--incs 200] [--pages 300] [--upserts 2000] [--concurrency 8] [--json out.json]
// It works in a throw-away database (aura_bench_<time>) and drops it at the end.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';

const { values: opt } = parseArgs({
  options: {
    uri: { type: 'string', default: process.env.MONGODB_URI || 'mongodb://127.0.0.1:27017' },
    label: { type: 'string', default: 'server' },
    users: { type: 'string', default: '2000' },
    posts: { type: 'string', default: '2000' },
    reads: { type: 'string', default: '4000' },
    incs: { type: 'string', default: '200' }, // per client, all on the same document
    pages: { type: 'string', default: '300' },
    upserts: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    json: { type: 'string' },
  },
});
const n = (name) => Number(opt[name]);
const C = n('concurrency');

const client = new MongoClient(opt.uri, { directConnection: true, maxPoolSize: C, minPoolSize: C });
await client.connect();
const db = client.db(`aura_bench_${Date.now()}`);
const users = db.collection('users');
const posts = db.collection('posts');
const wallets = db.collection('wallets');
const requests = db.collection('idempotency');

const isDuplicateKey = (error) => error?.code === 11000;

/** Runs `count` operations with C parallel workers; op(i) may return false to count as a failure. */
async function phase(name, count, op, workers = C) {
  const latencies = new Array(count);
  let next = 0;
  let errors = 0;
  let firstError;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        try {
          await op(i);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
        latencies[i] = performance.now() - t0;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(count - 1, Math.floor((p / 100) * count))];
  const result = { phase: name, ops: count, opsPerSec: count / seconds, p50: pct(50), p99: pct(99), errors };
  if (firstError) result.firstError = String(firstError.message).slice(0, 160);
  return result;
}

const results = [];
const checks = {};
const lower = (i) => `user${i}.name`;
try {
  await users.createIndex({ username_lower: 1 }, { unique: true });
  await posts.createIndex({ created_at: -1 });
  await requests.createIndex({ key: 1 }, { unique: true });

  // 1. Registration: the unique key is a lower-cased copy of the username.
  results.push(
    await phase('insert user (unique lower-cased key)', n('users'), (i) =>
      users.insertOne({
        username: `User${i}.Name`,
        username_lower: lower(i),
        email: `user${i}@example.test`,
        balance: 0,
        created_at: new Date(),
      }),
    ),
  );

  // 2. Same username registered concurrently in different casings: exactly one insert may win.
  let raceRounds = 0;
  let raceViolations = 0;
  for (let round = 0; round < 50; round++) {
    raceRounds += 1;
    const name = `Racer${round}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: C }, (_, k) =>
        users.insertOne({
          username: k % 2 ? name.toUpperCase() : name,
          username_lower: name.toLowerCase(),
          created_at: new Date(),
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled').length;
    const otherErrors = outcomes.filter((o) => o.status === 'rejected' && !isDuplicateKey(o.reason)).length;
    const stored = await users.countDocuments({ username_lower: name.toLowerCase() });
    if (won !== 1 || stored !== 1 || otherErrors > 0) raceViolations += 1;
  }
  checks.uniqueRace = { rounds: raceRounds, clientsPerRound: C, violations: raceViolations };

  // 3. Login / profile lookups by the unique key.
  results.push(
    await phase('point read by unique key', n('reads'), async (i) => {
      const doc = await users.findOne({ username_lower: lower((i * 7919) % n('users')) });
      if (!doc) throw new Error('user not found');
    }),
  );

  // 3b. The same lookup when the unique key is the document's _id (a `usernames` collection keyed by the
  // lower-cased name): FerretDB's SQLite backend pushes only {_id: <string|ObjectId>} filters down to SQL.
  const usernames = db.collection('usernames');
  await usernames.insertMany(
    Array.from({ length: n('users') }, (_, i) => ({ _id: lower(i), user_id: `u${i}` })),
  );
  results.push(
    await phase('point read by _id', n('reads'), async (i) => {
      const doc = await usernames.findOne({ _id: lower((i * 7919) % n('users')) });
      if (!doc) throw new Error('username not found');
    }),
  );

  // 4. Balance / like counters: every client increments the same document.
  await wallets.insertOne({ _id: 'hot', balance: 0, likes: 0 });
  const incs = n('incs') * C;
  results.push(
    await phase(`findOneAndUpdate $inc, ${C} clients on 1 doc`, incs, async () => {
      const doc = await wallets.findOneAndUpdate(
        { _id: 'hot' },
        { $inc: { balance: 1, likes: 1 } },
        { returnDocument: 'after' },
      );
      if (!doc) throw new Error('wallet not found');
    }),
  );
  const hot = await wallets.findOne({ _id: 'hot' });
  checks.incContended = { expected: incs, actual: hot.balance, lostUpdates: incs - hot.balance };

  // 5. Posts, then the feed: newest first, 20 per page, keyset cursor on created_at.
  const base = Date.UTC(2026, 0, 1);
  results.push(
    await phase('insert post', n('posts'), (i) =>
      posts.insertOne({
        author_id: `u${i % n('users')}`,
        body: `post ${i} `.repeat(20),
        likes: 0,
        created_at: new Date(base + i * 1000),
      }),
    ),
  );
  let pageErrors = 0;
  const pagesPerWalk = 10;
  results.push(
    await phase('feed page (sort created_at:-1, limit 20, cursor)', n('pages'), async (i) => {
      // Each op is one page; walks start at a different depth so the cursors differ.
      const depth = i % pagesPerWalk;
      const before = new Date(base + (n('posts') - depth * 20) * 1000);
      const page = await posts
        .find({ created_at: { $lt: before } })
        .sort({ created_at: -1 })
        .limit(20)
        .toArray();
      const expectedFirst = base + (n('posts') - depth * 20 - 1) * 1000;
      if (page.length !== 20 || page[0].created_at.getTime() !== expectedFirst) pageErrors += 1;
      for (let k = 1; k < page.length; k++) if (page[k - 1].created_at <= page[k].created_at) pageErrors += 1;
    }),
  );
  checks.feedOrder = { badPages: pageErrors };

  // 6. Idempotent requests: upsert keyed by an idempotency key; half the keys repeat, some concurrently.
  const keys = Math.max(1, Math.floor(n('upserts') / 2));
  let retriedAfterDuplicate = 0;
  results.push(
    await phase('idempotent upsert (unique key, 50% repeats)', n('upserts'), async (i) => {
      const key = `req-${Math.floor(i / 2) % keys}`;
      const upsert = () =>
        requests.updateOne(
          { key },
          { $setOnInsert: { key, result: { ok: true, n: i }, created_at: new Date() } },
          { upsert: true },
        );
      try {
        await upsert();
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        retriedAfterDuplicate += 1; // what MongoDB drivers' callers do: the other request won, retry reads it
        await upsert();
      }
    }),
  );
  const storedKeys = await requests.countDocuments({});
  checks.idempotentUpsert = { distinctKeys: keys, stored: storedKeys, retriedAfterDuplicate };

  // 6b. The same with the idempotency key as _id.
  const requestsById = db.collection('idempotency_by_id');
  let retriedById = 0;
  results.push(
    await phase('idempotent upsert by _id (50% repeats)', n('upserts'), async (i) => {
      const key = `req-${Math.floor(i / 2)}`;
      const upsert = () =>
        requestsById.updateOne(
          { _id: key },
          { $setOnInsert: { result: { ok: true, n: i }, created_at: new Date() } },
          { upsert: true },
        );
      try {
        await upsert();
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        retriedById += 1;
        await upsert();
      }
    }),
  );
  checks.idempotentUpsertById = {
    distinctKeys: keys,
    stored: await requestsById.countDocuments({}),
    retriedAfterDuplicate: retriedById,
  };
} finally {
  await db.dropDatabase().catch(() => {});
  await client.close();
}

const fmt = (x, digits = 1) => x.toFixed(digits);
console.log(
  `\n${opt.label} (${opt.uri}, ${C} concurrent clients, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')})`,
);
console.log('| operation | ops | ops/s | p50 ms | p99 ms | errors |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.phase} | ${r.ops} | ${fmt(r.opsPerSec, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} |`,
  );
  if (r.firstError) console.log(`|  first error: ${r.firstError} | | | | | |`);
}
console.log('checks:', JSON.stringify(checks));
if (opt.json)
  writeFileSync(
    opt.json,
    JSON.stringify({ label: opt.label, concurrency: C, loadavg: loadavg(), results, checks }, null, 2),
  );
