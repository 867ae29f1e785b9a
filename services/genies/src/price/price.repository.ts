import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Collection, Connection } from 'mongoose';
import { DEFAULT_PRICE_MICRO } from '../rules/price';

interface SettingDoc {
  _id: string;
  price_micro: number;
  updated_by?: string;
  updated_at?: Date;
}

const BOTTLE_PRICE = 'bottle_price';

/** The bottle price (`settings`), with its default stored at every start (idempotent). */
@Injectable()
export class PriceRepository implements OnModuleInit {
  private readonly settings: Collection<SettingDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.settings = connection.collection<SettingDoc>('settings');
  }

  async onModuleInit(): Promise<void> {
    await this.settings.updateOne(
      { _id: BOTTLE_PRICE },
      { $setOnInsert: { price_micro: DEFAULT_PRICE_MICRO } },
      { upsert: true },
    );
  }

  async priceMicro(): Promise<number> {
    const doc = await this.settings.findOne({ _id: BOTTLE_PRICE });
    return doc?.price_micro ?? DEFAULT_PRICE_MICRO;
  }

  async setPrice(priceMicro: number, updatedBy: string): Promise<void> {
    await this.settings.updateOne(
      { _id: BOTTLE_PRICE },
      { $set: { price_micro: priceMicro, updated_by: updatedBy, updated_at: new Date() } },
      { upsert: true },
    );
  }
}
