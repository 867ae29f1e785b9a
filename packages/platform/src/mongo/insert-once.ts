import type { ClientSession, mongo } from 'mongoose';
import { isDuplicateKeyError } from './repository';

/**
 * Inserts a document whose `_id` (or another unique key) says what it stands for, once: true when this
 * call inserted it, false when it was there already. The way to make a retried request or a redelivered
 * event harmless (docs/adr/0010-mongodb-semantics.md).
 */
export async function insertOnce<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  doc: mongo.OptionalUnlessRequiredId<T>,
  session?: ClientSession,
): Promise<boolean> {
  try {
    await collection.insertOne(doc, session ? { session } : {});
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/**
 * insertOnce() for many documents in one round trip: those already there (or twice in `docs`) are left
 * as they are. Answers the documents this call inserted. Other errors are thrown.
 */
export async function insertManyNew<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  docs: mongo.OptionalUnlessRequiredId<T>[],
): Promise<mongo.OptionalUnlessRequiredId<T>[]> {
  if (docs.length === 0) return [];
  try {
    await collection.insertMany(docs, { ordered: false });
    return docs;
  } catch (error) {
    const failures = (error as { writeErrors?: WriteFailure[] | WriteFailure }).writeErrors;
    const list = failures === undefined ? [] : Array.isArray(failures) ? failures : [failures];
    if (list.length === 0 || !list.every((failure) => failure.code === 11000)) throw error;
    const existing = new Set(list.map((failure) => failure.index));
    return docs.filter((_, index) => !existing.has(index));
  }
}

/** insertManyNew() when it does not matter which were new. */
export async function insertManyOnce<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  docs: mongo.OptionalUnlessRequiredId<T>[],
): Promise<void> {
  await insertManyNew(collection, docs);
}

interface WriteFailure {
  code?: number;
  index?: number;
}
