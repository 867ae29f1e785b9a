import type { Model, mongo } from 'mongoose';

/** The driver's collection behind a model, typed with the model's documents (for `insertOnce`). */
export function collectionOf<T extends mongo.Document>(model: Model<T>): mongo.Collection<T> {
  return model.collection as unknown as mongo.Collection<T>;
}
