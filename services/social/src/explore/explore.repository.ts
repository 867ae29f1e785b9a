import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model, Schema } from 'mongoose';
import {
  ActivityDayDoc,
  activityDaySchema,
  ActivityDoc,
  activitySchema,
  AuraChangeDoc,
  auraChangeSchema,
  TagDayDoc,
  tagDaySchema,
  TagHourDoc,
  tagHourSchema,
  TagUseDoc,
  tagUseSchema,
  TipDoc,
  tipSchema,
} from './explore.schema';

function model<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T>) ?? connection.model<T>(name, schema);
}

/**
 * The models of Explore's collections (explore.schema.ts) and their indexes, created when the module
 * starts; ExploreProjections writes them and ExploreRankings reads them.
 */
@Injectable()
export class ExploreRepository implements OnModuleInit {
  readonly tagUses: Model<TagUseDoc>;
  readonly tagDays: Model<TagDayDoc>;
  readonly tagHours: Model<TagHourDoc>;
  readonly tips: Model<TipDoc>;
  readonly auraChanges: Model<AuraChangeDoc>;
  readonly activity: Model<ActivityDoc>;
  readonly activityDays: Model<ActivityDayDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.tagUses = model(connection, 'ExploreTagUse', tagUseSchema);
    this.tagDays = model(connection, 'ExploreTagDay', tagDaySchema);
    this.tagHours = model(connection, 'ExploreTagHour', tagHourSchema);
    this.tips = model(connection, 'ExploreTip', tipSchema);
    this.auraChanges = model(connection, 'ExploreAuraChange', auraChangeSchema);
    this.activity = model(connection, 'ExploreActivity', activitySchema);
    this.activityDays = model(connection, 'ExploreActivityDay', activityDaySchema);
  }

  async onModuleInit(): Promise<void> {
    await this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(
      [
        this.tagUses,
        this.tagDays,
        this.tagHours,
        this.tips,
        this.auraChanges,
        this.activity,
        this.activityDays,
      ].map((target) => (target as unknown as { init(): Promise<unknown> }).init()),
    );
  }
}
