import { insertOnce } from '@aura/platform';
import { OnModuleInit } from '@nestjs/common';
import type { Connection, mongo } from 'mongoose';

/** A document whose `_id` is a string (every collection of genies). */
export type KeyedDoc = mongo.Document & { _id: string };

/**
 * What every genies repository over one collection shares: the collection, its indexes (created at
 * start, in onModuleInit), the insert-once of a document whose `_id` says what it stands for, and the
 * read by `_id`.
 */
export abstract class CollectionRepository<T extends KeyedDoc> implements OnModuleInit {
  readonly collection: mongo.Collection<T>;

  protected constructor(
    connection: Connection,
    name: string,
    private readonly indexes: mongo.IndexSpecification[] = [],
  ) {
    this.collection = connection.collection<T>(name) as unknown as mongo.Collection<T>;
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(this.indexes.map((index) => this.collection.createIndex(index)));
  }

  /** Inserts the document unless its `_id` is there already (false: another insert came first). */
  insertOnce(doc: T): Promise<boolean> {
    return insertOnce(this.collection, doc as mongo.OptionalUnlessRequiredId<T>);
  }

  find(id: string): Promise<T | null> {
    return this.collection.findOne({ _id: id } as mongo.Filter<T>) as Promise<T | null>;
  }
}
