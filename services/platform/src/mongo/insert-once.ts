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
