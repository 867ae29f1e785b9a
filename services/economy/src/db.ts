import { Schema } from 'mongoose';
import type { Connection, Model, mongo } from 'mongoose';

// The economy works on the driver's collections (plain documents, typed here); mongoose models are
// kept only to declare and build the indexes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModel = Model<any>;
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
): AnyModel {
  const existing = connection.models[name];
  if (existing) return existing;
  const schema = new Schema({ _id: { type: String, required: true } } as Record<string, unknown>, {
    collection,
    versionKey: false,
    strict: false,
  });
  for (const index of indexes)
    schema.index(index.fields, {
      ...(index.unique ? { unique: true } : {}),
      ...(index.partial ? { partialFilterExpression: index.partial } : {}),
      ...(index.expireAfterSeconds !== undefined ? { expireAfterSeconds: index.expireAfterSeconds } : {}),
    });
  configure?.(schema);
  return connection.model(name, schema);
}

export function collectionOf<T extends mongo.Document>(model: AnyModel): Collection<T> {
  return model.collection as unknown as Collection<T>;
}

/** Inserts a document once: true when this call inserted it, false when a unique key existed. */
export async function insertOnce<T extends { _id: string }>(
  collection: Collection<T>,
  doc: T,
): Promise<boolean> {
  try {
    await (collection as unknown as Collection<mongo.Document>).insertOne(doc as unknown as mongo.Document);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}
