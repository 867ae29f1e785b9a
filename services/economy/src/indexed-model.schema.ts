import { Schema } from 'mongoose';
import type { Connection, Model, mongo } from 'mongoose';

// The economy works on the driver's collections (plain documents, typed here); mongoose models are
// kept only to declare and build the indexes.

/** A model built by indexedModel: its documents are read and written through collectionOf. */
export type IndexedModel = Model<{ _id: string }>;
export type Collection<T extends mongo.Document> = mongo.Collection<T>;

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Only documents matching this filter are in the index (with unique: "at most one such document"). */
  partial?: Record<string, unknown>;
  /** A TTL index: MongoDB deletes a document this many seconds after the date in its (one) field. */
  expireAfterSeconds?: number;
}

/** A model of `collection` whose only schema is its string _id and the given indexes. */
export function indexedModel(
  connection: Connection,
  name: string,
  collection: string,
  indexes: IndexSpec[] = [],
  configure?: (schema: Schema) => void,
): IndexedModel {
  const existing = connection.models[name];
  if (existing) return existing;
  const schema = new Schema<{ _id: string }>(
    { _id: { type: String, required: true } },
    {
      collection,
      versionKey: false,
      strict: false,
    },
  );
  for (const index of indexes)
    schema.index(index.fields, {
      ...(index.unique ? { unique: true } : {}),
      ...(index.partial ? { partialFilterExpression: index.partial } : {}),
      ...(index.expireAfterSeconds !== undefined ? { expireAfterSeconds: index.expireAfterSeconds } : {}),
    });
  configure?.(schema);
  return connection.model<{ _id: string }>(name, schema);
}

export function collectionOf<T extends mongo.Document>(model: IndexedModel): Collection<T> {
  return model.collection as unknown as Collection<T>;
}
