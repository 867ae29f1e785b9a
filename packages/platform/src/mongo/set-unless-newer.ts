import type { mongo } from 'mongoose';
import { isDuplicateKeyError } from './repository';

/**
 * Writes the state of what `id` names as an event told it at `at`, unless the document already holds a
 * later one (the time is kept in `timeField`). A projection consumes one key's events out of order
 * after a redelivery (docs/adr/0001): an older event must never undo a newer one, so a removal is a
 * state too (a tombstone), not a deleted document. True when the document now holds this state
 * (written, or the same time found: a redelivery is harmless); false when a newer state was there. A
 * document without the time field (written before it existed) counts as older.
 */
export async function setUnlessNewer<T extends mongo.Document>(
  collection: mongo.Collection<T>,
  id: string,
  state: Record<string, unknown>,
  at: Date,
  timeField = 'changed_at',
): Promise<boolean> {
  const filter = {
    _id: id,
    $or: [{ [timeField]: { $lte: at } }, { [timeField]: { $exists: false } }],
  } as mongo.Filter<T>;
  try {
    // A newer document does not match, so the upsert tries to insert a second `_id`: duplicate key.
    await collection.updateOne(filter, { $set: { ...state, [timeField]: at } } as mongo.UpdateFilter<T>, {
      upsert: true,
    });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}
