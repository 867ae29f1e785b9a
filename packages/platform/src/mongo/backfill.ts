import type { FilterQuery, Model } from 'mongoose';

/** Documents are given a missing field in batches of this size. */
export const BACKFILL_BATCH = 500;

/**
 * Gives `field` to the documents of `model` stored without it (written before the field existed), batch
 * by batch: reads `projection` of up to BACKFILL_BATCH of them, sets `field` to `valueOf(doc)` where it
 * is still missing. Idempotent, and a document that has the field is never rewritten (a concurrent
 * write of it wins). Stops when none is left or a batch changes nothing. Reads through an index on the
 * field (its null keys): run it after the indexes are made; it makes none. Returns how many it gave.
 */
export async function backfillField<T extends { _id: string }, D>(
  model: Model<T>,
  field: string,
  projection: Record<string, 1>,
  valueOf: (doc: D) => unknown,
): Promise<number> {
  const missing = { [field]: { $exists: false } } as FilterQuery<T>;
  let total = 0;
  for (;;) {
    const batch = await model
      .find(missing, projection)
      .limit(BACKFILL_BATCH)
      .lean<(D & { _id: string })[]>()
      .exec();
    if (batch.length === 0) return total;
    const writes = batch.map((doc) => ({
      updateOne: { filter: { _id: doc._id, ...missing }, update: { $set: { [field]: valueOf(doc) } } },
    })) as Parameters<Model<T>['bulkWrite']>[0];
    const result = await model.bulkWrite(writes, { ordered: false });
    total += result.modifiedCount;
    if (result.modifiedCount === 0 || batch.length < BACKFILL_BATCH) return total;
  }
}
