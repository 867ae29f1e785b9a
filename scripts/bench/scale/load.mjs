// Loads a community (plan.mjs) into the databases of one suffix (`aura_<service>_<suffix>`), service
// by service (identity.mjs, social.mjs, ...), unless a marker says that the same data is there:
// the marker (collection `bench_scale_marker` of identity's database, written last) names the profile,
// the loader's fingerprint (its own sources and the services' build modules it writes through) and
// the moment the community was made as of. A different profile or fingerprint, an older load than
// `maxAgeHours` (Explore's windows of 24 h / 7 days would have emptied), or --reload loads afresh:
// the suffix's databases are dropped, and so are the Redis copies under its prefixes.
//
//   node scripts/bench/scale/load.mjs --scale small --suffix bench_scale_small [--reload]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { repoRoot, stackEnv } from '../../lib/env.mjs';
import { databaseName, deleteRedisKeys, distPath, openDatabase, timed } from './bulk.mjs';
import * as admin from './admin.mjs';
import * as economy from './economy.mjs';
import * as genies from './genies.mjs';
import * as identity from './identity.mjs';
import * as messaging from './messaging.mjs';
import { describeCommunity, MEMBER_PASSWORD, planCommunity } from './plan.mjs';
import * as social from './social.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The loaders, one per service; economy's ledger is the last (it checks itself). */
export const LOADERS = [identity, social, messaging, genies, admin, economy];
const MARKER = 'bench_scale_marker';
/** Scripts of this folder that do not shape the data (a change of them keeps a load valid). */
const NOT_DATA = new Set(['run.mjs', 'reads.mjs']);

/** Every service's database of a suffix. */
const databasesOf = (suffix) => LOADERS.map((loader) => databaseName(loader.service, suffix));

/** The Redis prefixes of a suffix's copies (social's keys, messaging's and economy's caches). */
const redisPrefixesOf = (suffix) => [
  `aura:social:${suffix}:`,
  `msg:${databaseName('messaging', suffix)}:`,
  `aura:economy:${databaseName('economy', suffix)}:`,
];

/** A hash of the loader's sources and of the services' build modules it writes through. */
export function loaderFingerprint() {
  const hash = createHash('sha256');
  for (const file of readdirSync(here).sort())
    if (file.endsWith('.mjs') && !NOT_DATA.has(file)) hash.update(readFileSync(join(here, file)));
  for (const loader of LOADERS)
    for (const path of Object.values(loader.sources))
      hash.update(readFileSync(distPath(loader.service, path)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes sure the community of `profile` is in the databases of `suffix`: answers the marker, and
 * whether it was loaded now. `log(text)` prints progress.
 */
export async function ensureCommunity({ env, profile, suffix, reload = false, maxAgeHours = 6, log }) {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
  try {
    const markers = client.db(databaseName('identity', suffix)).collection(MARKER);
    const fingerprint = loaderFingerprint();
    const marker = await markers.findOne({ _id: 'community' });
    const why = reload ? 'asked to (--reload)' : staleness(marker, { profile, fingerprint, maxAgeHours });
    if (!why) {
      log(
        `  the ${profile} community is there (loaded ${marker.loadedAt.toISOString()} in ${marker.seconds} s)\n`,
      );
      return { marker, loaded: false };
    }
    log(`  loading the ${profile} community into aura_*_${suffix}: ${why}\n`);
    await dropSuffix(client, env, suffix);
    const loaded = await loadCommunity({ env, profile, suffix, log });
    const fresh = { _id: 'community', profile, fingerprint, loadedAt: new Date(), ...loaded };
    await markers.insertOne(fresh);
    return { marker: fresh, loaded: true };
  } finally {
    await client.close();
  }
}

/** Why the data of the marker cannot be reused, or '' when it can. */
function staleness(marker, { profile, fingerprint, maxAgeHours }) {
  if (!marker) return 'none loaded yet';
  if (marker.profile !== profile) return `the loaded one is ${marker.profile}`;
  if (marker.fingerprint !== fingerprint) return 'the loader or a schema it writes changed since';
  const ageHours = (Date.now() - marker.now) / 3600_000;
  if (ageHours > maxAgeHours) return `the loaded one is ${ageHours.toFixed(1)} h old (over ${maxAgeHours} h)`;
  return '';
}

/** Drops the suffix's databases and deletes its Redis copies. */
async function dropSuffix(client, env, suffix) {
  for (const name of databasesOf(suffix)) await client.db(name).dropDatabase();
  await clearCopies(env, suffix);
}

/**
 * Deletes the Redis copies of a suffix's data (timelines, follow sets, conversation and notification
 * windows...): the services rebuild each from MongoDB on its first read, so a bench stack that starts
 * after this meets cold caches, whatever ran on the data before. Answers how many keys it deleted.
 */
export async function clearCopies(env, suffix) {
  const Redis = require(require.resolve('ioredis', { paths: [join(repoRoot, 'packages/platform')] }));
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let deleted = 0;
    for (const prefix of redisPrefixesOf(suffix)) deleted += await deleteRedisKeys(redis, prefix);
    return deleted;
  } finally {
    redis.disconnect();
  }
}

/** Plans the community and writes it, service by service; answers what the marker records. */
async function loadCommunity({ env, profile, suffix, log }) {
  const started = Date.now();
  const [community, planSeconds] = await timed(async () => planCommunity(profile));
  log(`  planned in ${planSeconds} s: ${describeCommunity(community)}\n`);
  const [passwordHash] = await timed(() => hashPassword(MEMBER_PASSWORD));
  const steps = { plan: { seconds: planSeconds } };
  for (const loader of LOADERS) {
    log(`  ${loader.service.padEnd(9)} ... `);
    const connection = await openDatabase(env.MONGODB_URI, loader.service, suffix);
    try {
      const [counts, seconds] = await timed(() => loader.load(community, { connection, passwordHash, log }));
      const [, indexSeconds] = await timed(async () => {
        for (const model of Object.values(connection.models)) await model.createIndexes();
      });
      steps[loader.service] = { seconds, indexSeconds, counts };
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      log(`${total} documents in ${seconds} s, indexes ${indexSeconds} s (${describeCounts(counts)})\n`);
    } finally {
      await connection.close();
    }
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const member = (index) => ({
    id: community.members[index].id,
    username: community.members[index].username,
  });
  return {
    now: community.now,
    seconds,
    steps,
    sizes: community.sizes,
    focus: member(community.focus),
    star: member(community.star),
    password: MEMBER_PASSWORD,
  };
}

const describeCounts = (counts) =>
  Object.entries(counts)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

/** The argon2id hash identity stores for a password (its ARGON2_OPTIONS), computed once per load. */
async function hashPassword(password) {
  const argon2 = require(require.resolve('argon2', { paths: [join(repoRoot, 'services/identity')] }));
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

// Run directly: load one profile into one suffix (for trying the loader without the bench stacks).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'small' },
      suffix: { type: 'string', default: 'bench_scale_small' },
      reload: { type: 'boolean', default: false },
    },
  });
  const { marker } = await ensureCommunity({
    env: stackEnv(),
    profile: values.scale,
    suffix: values.suffix,
    reload: values.reload,
    log: (text) => process.stdout.write(text),
  });
  console.log(`focus member ${marker.focus.username} (${marker.focus.id}), loaded in ${marker.seconds} s`);
}
