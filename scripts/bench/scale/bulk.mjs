// The bulk path of the scale loader: the services' own mongoose models (from their dist builds), the
// indexes the models declare, then the documents, written in batches (BATCH, fewer when a document adds many index keys) with
// `insertMany(ordered: false)` on the model's collection. Documents start from the schema's defaults and every
// collection's first document is checked against its schema (validation, no field the schema does
// not know, no schema field missing), so that a changed schema stops the load with a message
// naming the module to update instead of leaving data the service would not have written.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../../lib/env.mjs';

const require = createRequire(import.meta.url);
/** The services' mongoose (one copy in the workspace): their schemas must be compiled by it. */
export const mongoose = require(
  require.resolve('mongoose', { paths: [join(repoRoot, 'packages/platform')] }),
);

const BATCH = 2000;
/**
 * Index entries one insertMany may add. Its documents are one transaction, and where their keys land
 * all over a large index (a post's ~35 word prefixes) every key dirties another page: past this the
 * transaction outgrows WiredTiger's cache, is rolled back and retried for minutes (`mongodb.log`:
 * "insert retrying on write conflicts"; 2,000 posts per batch stalled the load at ~95,000 posts).
 */
const KEYS_PER_BATCH = 8000;
/** insertMany calls in flight: one, so that no two of the transactions above share the cache. */
const IN_FLIGHT = 1;

/** A module of a service's build, e.g. serviceModule('social', 'posts/post.schema.js'). */
export function serviceModule(service, path) {
  return require(distPath(service, path));
}

/** The file of a service's build module (load.mjs fingerprints the modules each loader uses). */
export const distPath = (service, path) => join(repoRoot, 'services', service, 'dist', path);

/** The build modules a loader names in `sources` ({ name: path }), required: { name: module }. */
export function serviceModules(service, sources) {
  return Object.fromEntries(
    Object.entries(sources).map(([name, path]) => [name, serviceModule(service, path)]),
  );
}

/** The database of a service in a suffix's stack (platform's databaseName). */
export const databaseName = (service, suffix) => `aura_${service}_${suffix}`;

/** A mongoose connection to one service's database; indexes are built by insertAll, not on compile. */
export async function openDatabase(uri, service, suffix) {
  const connection = mongoose.createConnection(uri, {
    dbName: databaseName(service, suffix),
    autoIndex: false,
    autoCreate: false,
    serverSelectionTimeoutMS: 5000,
  });
  await connection.asPromise();
  return connection;
}

/** The values a schema gives a new document (defaults), without `_id`. */
export function schemaDefaults(model) {
  const { _id: _unused, ...defaults } = new model({}).toObject({ depopulate: true });
  return defaults;
}

/**
 * Throws unless `doc` is what `model`'s schema accepts and describes: it validates, it has no field
 * the schema lacks (a strict schema would drop it), and every field of the schema is present.
 */
export function checkShape(model, doc, owner) {
  const problem = (text) =>
    new Error(
      `${owner}: ${model.collection.collectionName}: ${text}; the service's schema changed, update scripts/bench/scale/${owner}.mjs`,
    );
  const error = new model(doc).validateSync();
  if (error) throw problem(error.message);
  const known = new Set(Object.keys(model.schema.paths).map((path) => path.split('.')[0]));
  const extra = Object.keys(doc).filter((field) => !known.has(field));
  if (extra.length > 0 && model.schema.options.strict !== false)
    throw problem(`unknown fields ${extra.join(', ')}`);
  const missing = [...known].filter(
    (field) => !(field in doc) && field !== '_outbox' && model.schema.paths[field]?.options?.select !== false,
  );
  if (missing.length > 0) throw problem(`fields not written: ${missing.join(', ')}`);
}

/**
 * Inserts every document `docs` (an iterable) yields into `collection` (a driver collection, or a
 * mongoose model's), in batches; with `model`, the first document is checked against its schema.
 * The indexes the connection's models declare for the collection are built first, on the empty
 * collection: SecantusDB builds an index on existing documents in one transaction, and one over a
 * million documents is rolled back by WiredTiger (its dirty content outgrows the cache) and retried
 * without end while it holds the server's DDL lock (docs/benchmarks.md, "The community at scale").
 * Answers the number inserted.
 */
export async function insertAll(target, docs, { owner, model } = {}) {
  const collection = target.collection ?? target;
  await buildIndexesOf(collection);
  let batch = [];
  let batchSize = BATCH;
  let count = 0;
  const inFlight = new Set();
  const flush = async () => {
    const written = batch;
    batch = [];
    const insert = collection.insertMany(written, { ordered: false }).then(() => inFlight.delete(insert));
    inFlight.add(insert);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  };
  for (const doc of docs) {
    if (count === 0 && model) {
      checkShape(model, doc, owner);
      batchSize = Math.max(50, Math.min(BATCH, Math.floor(KEYS_PER_BATCH / indexKeysOf(model, doc))));
    }
    batch.push(doc);
    count += 1;
    if (batch.length === batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  await Promise.all(inFlight);
  return count;
}

/** How many index entries `doc` adds: one per index, times the length of an indexed array (multikey). */
function indexKeysOf(model, doc) {
  const specs = [{ _id: 1 }, ...model.schema.indexes().map(([fields]) => fields)];
  return specs.reduce(
    (sum, fields) =>
      sum +
      Object.keys(fields).reduce((keys, field) => {
        const value = field.split('.').reduce((at, part) => at?.[part], doc);
        return keys * (Array.isArray(value) ? Math.max(1, value.length) : 1);
      }, 1),
    0,
  );
}

/** Builds the indexes the connection's models declare for `collection` (a mongoose collection). */
async function buildIndexesOf(collection) {
  for (const model of Object.values(collection.conn?.models ?? {}))
    if (model.collection.collectionName === collection.collectionName) await model.createIndexes();
}

/** Deletes every Redis key that starts with `prefix` (the rebuildable copies of a dropped database). */
export async function deleteRedisKeys(redis, prefix) {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** Runs `task` and answers [its result, seconds taken]. */
export async function timed(task) {
  const started = Date.now();
  const result = await task();
  return [result, Math.round((Date.now() - started) / 100) / 10];
}
