import type { FilterQuery, Model, SortOrder } from 'mongoose';

/** A stored document as mongoose returns it from a lean query. */
export type LeanDocument = { _id: unknown } & Record<string, unknown>;

export interface PageRequest {
  limit: number;
  sort?: Record<string, SortOrder>;
}

/**
 * The only place a service touches mongoose. Reads are lean and mapped to plain domain types, so no
 * mongoose document leaks past the repository.
 */
export abstract class MongoRepository<TEntity, TDoc extends object = Record<string, unknown>> {
  protected constructor(protected readonly model: Model<TDoc>) {}

  /** Maps a lean stored document to the domain type. */
  protected abstract toEntity(doc: LeanDocument): TEntity;

  protected async findOneWhere(filter: FilterQuery<TDoc>): Promise<TEntity | null> {
    const doc = await this.model.findOne(filter).lean<LeanDocument>().exec();
    return doc ? this.toEntity(doc) : null;
  }

  protected async findManyWhere(filter: FilterQuery<TDoc>, page: PageRequest): Promise<TEntity[]> {
    const docs = await this.model
      .find(filter)
      .sort(page.sort ?? { _id: -1 })
      .limit(page.limit)
      .lean<LeanDocument[]>()
      .exec();
    return docs.map((doc) => this.toEntity(doc));
  }

  async findById(id: string): Promise<TEntity | null> {
    return this.findOneWhere({ _id: id } as FilterQuery<TDoc>);
  }

  async count(filter: FilterQuery<TDoc> = {}): Promise<number> {
    return this.model.countDocuments(filter).exec();
  }
}

/** True for MongoDB's duplicate-key error (a unique index refused the write). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: number }).code === 11000;
}
