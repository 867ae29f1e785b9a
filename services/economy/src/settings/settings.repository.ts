import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { Collection, collectionOf, indexedModel } from '../indexed-model.schema';

/** settings/economy: the super admin's economy settings (a field not set: its default). */
export interface SettingsDoc {
  _id: string;
  min_withdrawal_usd_micro?: number;
  post_reward_micro?: number;
  updated_at?: Date;
  updated_by?: string;
}

const DOC_ID = 'economy';

/** The economy settings' one document (EconomySettings' rules and cache). */
@Injectable()
export class SettingsRepository {
  private readonly docs: Collection<SettingsDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.docs = collectionOf<SettingsDoc>(indexedModel(connection, 'EconomySettings', 'settings'));
  }

  read(): Promise<SettingsDoc | null> {
    return this.docs.findOne({ _id: DOC_ID });
  }

  /** Sets the given fields (the document created when there is none). */
  async write(set: Partial<SettingsDoc>): Promise<void> {
    await this.docs.updateOne({ _id: DOC_ID }, { $set: set }, { upsert: true });
  }
}
