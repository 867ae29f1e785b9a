import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { CollectionRepository } from '../store/collection.repository';

/** A gift: `_id` is the UserGenie id, so a genie can be given at most once, ever. */
export interface GiftDoc {
  _id: string;
  from_id: string;
  to_id: string;
  message: string;
  sent_at: Date;
}

/** The gifts (`gifts`), one per genie ever given. */
@Injectable()
export class GiftsRepository extends CollectionRepository<GiftDoc> {
  constructor(@Inject(MONGO) connection: Connection) {
    super(connection, 'gifts');
  }
}
