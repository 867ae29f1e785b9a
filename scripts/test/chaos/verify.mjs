// The promises of docs/reliability.md, checked after a chaos run against the run's own record of what
// the system acknowledged (load.mjs) and the services' databases, Kafka and the public API.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../../lib/env.mjs';
import { offsetsAt } from '../../lib/kafka-offsets.mjs';

const require = createRequire(join(repoRoot, 'package.json'));
const { MongoClient } = require('mongodb');
const { Admin, ListOffsetTimestamps } = require('@platformatic/kafka');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Read models, counters, outboxes and consumer groups must agree with the truth within this time. */
export const CONVERGENCE_LIMIT_MS = 60_000;

export async function verify({ env, record, members, lastFaultEnd, log }) {
  const violations = [];
  const notes = [];
  const fail = (promise, what) => violations.push({ promise, what });
  const suffix = env.AURA_DB_SUFFIX;
  const mongo = await MongoClient.connect(env.MONGODB_URI);
  const db = (service) => mongo.db(`aura_${service}_${suffix}`);
  const admin = new Admin({ clientId: 'aura-chaos-verify', bootstrapBrokers: env.KAFKA_BROKERS.split(',') });
  let result = {};
  try {
    // Convergence first (the checks below read the converged state): outboxes, consumer groups,
    // counters, read models, timelines.
    let converged;
    let pending = [];
    let lastLog = 0;
    for (;;) {
      pending = await convergenceGaps({ db, admin, env, record, members, mongo });
      // Timed when the poll ends: the state it found held by then at the latest, so a poll that
      // began inside the limit and ended after it does not count as converged in time.
      const since = Date.now() - lastFaultEnd;
      if (pending.length === 0 && since <= CONVERGENCE_LIMIT_MS) {
        converged = since;
        break;
      }
      if (since > CONVERGENCE_LIMIT_MS) {
        if (pending.length === 0)
          pending = [`everything was in place only ${(since / 1000).toFixed(1)} s after the last fault`];
        break;
      }
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        log?.(
          `  not converged yet (${((Date.now() - lastFaultEnd) / 1000).toFixed(0)} s after the last fault): ${pending.slice(0, 4).join('; ')}`,
        );
      }
      await sleep(1000);
    }
    if (converged === undefined)
      for (const gap of pending.slice(0, 30))
        fail('convergence', `after ${CONVERGENCE_LIMIT_MS / 1000} s: ${gap}`);
    result.convergedMs = converged;

    // Money: every acknowledged call applied exactly once, nothing applied that was refused.
    const economy = db('economy');
    const transfers = economy.collection('transfers');
    const moneyDocs = new Map();
    for (const doc of await transfers
      .find(
        { _id: { $regex: '^(m|mkt|topup):' } },
        { projection: { _id: 1, status: 1, amount: 1, from: 1, to: 1, kind: 1 } },
      )
      .toArray())
      moneyDocs.set(doc._id, doc);
    const seenKeys = new Set();
    let unresolved = 0;
    for (const entry of record.money) {
      const prefix = entry.kind === 'purchase' ? 'mkt' : 'm';
      const id = `${prefix}:${entry.from}:${sha256(entry.key).slice(0, 40)}`;
      seenKeys.add(id);
      const doc = moneyDocs.get(id);
      if (entry.outcome === 'acknowledged') {
        if (!doc)
          fail('exactly once', `${entry.kind} ${entry.key} was acknowledged but is not in the ledger`);
        else if (doc.status !== 'completed')
          fail(
            'exactly once',
            `${entry.kind} ${entry.key} was acknowledged but the ledger has it ${doc.status}`,
          );
        else if (
          doc.amount !== entry.amountMicro ||
          doc.from !== `user:${entry.from}` ||
          (entry.to && doc.to !== `user:${entry.to}`)
        )
          fail(
            'exactly once',
            `${entry.kind} ${entry.key}: the ledger moved ${doc.amount} from ${doc.from} to ${doc.to}, acknowledged ${entry.amountMicro} to ${entry.to}`,
          );
      } else if (entry.outcome === 'refused') {
        if (doc && doc.status === 'completed')
          fail(
            'exactly once',
            `${entry.kind} ${entry.key} was refused (${entry.status} ${entry.detail}) but the ledger moved it`,
          );
      } else {
        unresolved += 1;
      }
    }
    if (unresolved > 0)
      notes.push(
        `${unresolved} money calls never had a definite answer (each checked: not counted as acknowledged)`,
      );
    const memberIds = new Set(members.map((m) => m.id));
    const stray = [...moneyDocs.values()].filter(
      (d) =>
        !d._id.startsWith('topup:') &&
        d.status === 'completed' &&
        !seenKeys.has(d._id) &&
        memberIds.has(d._id.split(':')[1]),
    );
    // A completed transfer under a key the run never used: money moved that no one asked for.
    for (const d of stray.slice(0, 10))
      fail('exactly once', `the ledger has ${d._id} (${d.kind}), which no request of the run made`);

    // Card top-ups: each paid session credited once, with its package's amount.
    const sessions = new Map(
      (await economy.collection('checkout_sessions').find({}).toArray()).map((s) => [s._id, s]),
    );
    for (const topup of record.topups) {
      const session = sessions.get(topup.sessionId);
      const credit = moneyDocs.get(`topup:${topup.sessionId}`);
      if (topup.paid) {
        if (!credit || credit.status !== 'completed')
          fail('top-ups', `paid session ${topup.sessionId} was not credited`);
        else if (session && credit.amount !== session.amount_micro)
          fail(
            'top-ups',
            `session ${topup.sessionId} credited ${credit.amount}, the package is ${session.amount_micro}`,
          );
        if (session && session.payment_status !== 'paid')
          fail('top-ups', `paid session ${topup.sessionId} is ${session.payment_status}`);
      }
      const credits = await transfers.countDocuments({ kind: 'topup', 'meta.session_id': topup.sessionId });
      if (credits > 1) fail('top-ups', `session ${topup.sessionId} credited ${credits} times`);
    }

    // The ledger check (the same checker as npm run ledger:verify) and no negative balance.
    const ledger = await ledgerVerify(env);
    if (!ledger.ok) fail('ledger', `ledger:verify: ${ledger.summary}`);
    notes.push(`ledger: ${ledger.summary}`);
    const negative = await economy
      .collection('accounts')
      .find({ balance: { $lt: 0 } })
      .toArray();
    for (const account of negative)
      fail('ledger', `${account._id} has a negative balance ${account.balance}`);

    // Social: acknowledged posts, likes, comments and follows exist, once.
    const social = db('social');
    const postDocs = new Map(
      (
        await social
          .collection('posts')
          .find({ _id: { $in: record.posts.map((p) => p.id) } })
          .toArray()
      ).map((d) => [d._id, d]),
    );
    for (const post of record.posts) {
      const doc = postDocs.get(post.id);
      if (!doc) fail('exactly once', `post ${post.id} was acknowledged but is missing`);
      else if (doc.content !== post.content || doc.deleted)
        fail('exactly once', `post ${post.id} differs: ${doc.content}`);
    }
    const duplicatePosts = await social
      .collection('posts')
      .aggregate([
        { $match: { content: { $regex: '^chaos [0-9a-f]{12} from member' } } },
        { $group: { _id: '$content', n: { $sum: 1 } } },
        { $match: { n: { $gt: 1 } } },
      ])
      .toArray();
    for (const d of duplicatePosts.slice(0, 10)) fail('exactly once', `post "${d._id}" stored ${d.n} times`);
    const likeIds = record.likes.map((l) => `${l.postId}:${l.userId}`);
    const likesFound = new Set(
      (
        await social
          .collection('post_likes')
          .find({ _id: { $in: likeIds } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    for (const id of likeIds)
      if (!likesFound.has(id)) fail('exactly once', `like ${id} was acknowledged but is missing`);
    const commentsFound = new Set(
      (
        await social
          .collection('comments')
          .find({ _id: { $in: record.comments.map((c) => c.id) } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    for (const c of record.comments)
      if (!commentsFound.has(c.id)) fail('exactly once', `comment ${c.id} was acknowledged but is missing`);
    const followIds = record.follows.map((f) => `${f.followerId}:${f.followeeId}`);
    const followsFound = new Set(
      (
        await social
          .collection('follows')
          .find({ _id: { $in: followIds } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    for (const id of followIds)
      if (!followsFound.has(id)) fail('exactly once', `follow ${id} was acknowledged but is missing`);

    // Messages: each acknowledged message stored once (its client_message_id once).
    const messaging = db('messaging');
    const messageDocs = await messaging
      .collection('messages')
      .find({ _id: { $in: record.messages.map((m) => m.id) } }, { projection: { _id: 1 } })
      .toArray();
    const messagesFound = new Set(messageDocs.map((d) => d._id));
    for (const m of record.messages)
      if (!messagesFound.has(m.id)) fail('exactly once', `message ${m.id} was acknowledged but is missing`);
    const duplicateMessages = await messaging
      .collection('messages')
      .aggregate([
        { $match: { client_message_id: { $in: record.messages.map((m) => m.clientMessageId) } } },
        { $group: { _id: '$client_message_id', n: { $sum: 1 } } },
        { $match: { n: { $gt: 1 } } },
      ])
      .toArray();
    for (const d of duplicateMessages.slice(0, 10))
      fail('exactly once', `message ${d._id} stored ${d.n} times`);
    result.delivered = record.messages.filter((m) => record.delivered.has(m.id)).length;

    // Dead letters: none (each would need a replay, docs/operations.md §5).
    const topics = (await admin.listTopics()).filter((t) => t.endsWith('.dlq'));
    const lows = await offsetsAt(admin, topics, ListOffsetTimestamps.EARLIEST);
    const highs = await offsetsAt(admin, topics, ListOffsetTimestamps.LATEST);
    for (const topic of topics) {
      const count = highs
        .get(topic)
        .reduce((sum, high, partition) => sum + (high - lows.get(topic)[partition]), 0);
      if (count > 0) fail('events', `${count} dead letters in ${topic}`);
    }
  } finally {
    await admin.close().catch(() => {});
    await mongo.close();
  }
  result.violations = violations;
  result.notes = notes;
  return result;
}

/** What has not converged yet (empty: everything has). */
async function convergenceGaps({ db, admin, env, record, members, mongo }) {
  const gaps = [];
  // Outboxes drained: no document of any service still carries unpublished events.
  const { databases } = await mongo.db('admin').admin().listDatabases();
  for (const { name } of databases.filter((d) => d.name.endsWith(`_${env.AURA_DB_SUFFIX}`))) {
    for (const { name: collection } of await mongo.db(name).listCollections().toArray()) {
      // Every outbox (each document's `_outbox`, economy's ledger_outbox documents) keeps its events
      // there until they are published: what is still there was not.
      const n = await mongo
        .db(name)
        .collection(collection)
        .countDocuments({ '_outbox.0': { $exists: true } });
      if (n > 0) gaps.push(`${n} documents of ${name}.${collection} with events not yet published`);
    }
  }
  // Every consumer group of the run has read every topic it reads to the end.
  const groups = [...(await admin.listGroups()).keys()].filter((g) => g.startsWith(env.KAFKA_GROUP_PREFIX));
  const committed = groups.length > 0 ? await admin.listConsumerGroupOffsets({ groups }) : [];
  const read = [...new Set(committed.flatMap((group) => group.topics.map((topic) => topic.name)))];
  const ends = await offsetsAt(admin, read, ListOffsetTimestamps.LATEST);
  for (const { groupId, topics } of committed) {
    for (const { name, partitions } of topics) {
      const lag = partitions.reduce((sum, p) => {
        const end = ends.get(name)[p.partitionIndex] ?? 0;
        const at = Number(p.committedOffset);
        return sum + (at < 0 ? end : Math.max(0, end - at));
      }, 0);
      if (lag > 0) gaps.push(`group ${groupId} is ${lag} events behind on ${name}`);
    }
  }
  // Counters: each post's likes and comments counts equal the likes and comments stored.
  const social = db('social');
  const ids = record.posts.map((p) => p.id);
  const likeCounts = new Map(
    (
      await social
        .collection('post_likes')
        .aggregate([{ $match: { postId: { $in: ids } } }, { $group: { _id: '$postId', n: { $sum: 1 } } }])
        .toArray()
    ).map((d) => [d._id, d.n]),
  );
  const commentCounts = new Map(
    (
      await social
        .collection('comments')
        .aggregate([
          { $match: { postId: { $in: ids }, deleted: { $ne: true } } },
          { $group: { _id: '$postId', n: { $sum: 1 } } },
        ])
        .toArray()
    ).map((d) => [d._id, d.n]),
  );
  for (const post of await social
    .collection('posts')
    .find({ _id: { $in: ids } }, { projection: { likesCount: 1, commentsCount: 1 } })
    .toArray()) {
    if ((post.likesCount ?? 0) !== (likeCounts.get(post._id) ?? 0))
      gaps.push(
        `post ${post._id} shows ${post.likesCount} likes, ${likeCounts.get(post._id) ?? 0} are stored`,
      );
    if ((post.commentsCount ?? 0) !== (commentCounts.get(post._id) ?? 0))
      gaps.push(
        `post ${post._id} shows ${post.commentsCount} comments, ${commentCounts.get(post._id) ?? 0} are stored`,
      );
  }
  // Read models: every member is known to the services that keep a copy of members.
  for (const service of ['social', 'messaging', 'economy']) {
    const known = new Set(
      (
        await db(service)
          .collection('members')
          .find({ _id: { $in: members.map((m) => m.id) } }, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => d._id),
    );
    const missing = members.filter((m) => !known.has(m.id)).length;
    if (missing > 0) gaps.push(`${service} does not know ${missing} members yet`);
  }
  // Timelines: a follower's following feed shows the newest posts of the members they follow.
  for (const m of members.slice(0, 8)) {
    const followees = new Set(record.follows.filter((f) => f.followerId === m.id).map((f) => f.followeeId));
    const followedAt = new Map(
      record.follows.filter((f) => f.followerId === m.id).map((f) => [f.followeeId, f.at]),
    );
    const expected = record.posts
      .filter((p) => followees.has(p.authorId) && p.at > (followedAt.get(p.authorId) ?? Infinity))
      .sort((a, b) => b.at - a.at)
      .slice(0, 3);
    if (expected.length === 0) continue;
    const answer = await m.call('GET', '/posts/feed/following?limit=50');
    const shown = new Set(
      (Array.isArray(answer.body) ? answer.body : (answer.body?.posts ?? [])).map((p) => p.id),
    );
    for (const post of expected)
      if (!shown.has(post.id))
        gaps.push(`member ${m.index}'s following feed lacks post ${post.id} (status ${answer.status})`);
  }
  return gaps;
}

function ledgerVerify(env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/ledger-verify.mjs')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('ledger ')) ?? out.slice(-300);
      resolve({ ok: code === 0, summary: line.trim() });
    });
  });
}
