import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Collection, Connection } from 'mongoose';
import type { Rarity } from '../rules/odds';

export interface GenieDoc {
  _id: string;
  slug: string;
  name: string;
  description: string;
  rarity: Rarity;
  animation_type: string;
  daily_rate_micro: number;
  special_ability: string;
  /** sha256 of the SVG (its ETag). */
  artwork_etag: string;
}

/** The catalogue's genies (`genies`), written only by the seed. */
@Injectable()
export class CatalogueRepository {
  private readonly collection: Collection<GenieDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.collection = connection.collection<GenieDoc>('genies');
  }

  /** Stores the genie as the catalogue describes it (an upsert: the same entry twice changes nothing). */
  async upsert(genie: GenieDoc): Promise<void> {
    const { _id, ...fields } = genie;
    await this.collection.updateOne({ _id }, { $set: fields }, { upsert: true });
  }

  all(): Promise<GenieDoc[]> {
    return this.collection.find({}).toArray();
  }
}
