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
 * insertOnce() for many documents in one round trip: those already there are left as they are (a
 * redelivered batch). Other errors are thrown.
 */
export async function insertManyOnce<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  docs: mongo.OptionalUnlessRequiredId<T>[],
): Promise<void> {
  if (docs.length === 0) return;
  try {
    await collection.insertMany(docs, { ordered: false });
  } catch (error) {
    const failures = (error as { writeErrors?: { code?: number }[] | { code?: number } }).writeErrors;
    const list = failures === undefined ? [] : Array.isArray(failures) ? failures : [failures];
    if (list.length === 0 || !list.every((failure) => failure.code === 11000)) throw error;
  }
}
