import {
  collectionOf,
  EventRecord,
  ExportQuery,
  insertOnce,
  MONGO,
  readExportPage,
  RUNTIME,
  ServiceRuntime,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import {
  MoodCheckinDoc,
  moodCheckinSchema,
  ReflectionDoc,
  reflectionSchema,
  WellnessDayDoc,
  wellnessDaySchema,
} from './wellness.schema';

const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

type Moods = { checkins: string[]; reflections: string[] };
type CheckinFigures = Pick<MoodCheckinDoc, 'mood' | 'energy_level' | 'created_at'>;

/**
 * Mood check-ins and reflections (each inserted with its event: the outbox) and the days claimed
 * (`wellness_days`: the first check-in or reflection of a UTC day, and the days a member was active).
 */
@Injectable()
export class WellnessRepository implements OnModuleInit {
  readonly checkins: Model<MoodCheckinDoc>;
  readonly reflections: Model<ReflectionDoc>;
  readonly days: Model<WellnessDayDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'registerOutbox' | 'eventsStored'>,
  ) {
    this.checkins =
      connection.models.MoodCheckin ?? connection.model<MoodCheckinDoc>('MoodCheckin', moodCheckinSchema);
    this.reflections =
      connection.models.Reflection ?? connection.model<ReflectionDoc>('Reflection', reflectionSchema);
    this.days =
      connection.models.WellnessDay ?? connection.model<WellnessDayDoc>('WellnessDay', wellnessDaySchema);
    runtime.registerOutbox(this.checkins, this.reflections);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.checkins.syncIndexes(), this.reflections.syncIndexes(), this.days.init()]);
  }

  async insertCheckin(doc: MoodCheckinDoc, event: EventRecord): Promise<void> {
    await this.checkins.create({ ...doc, _outbox: toStoredOutbox([event]) });
    this.runtime.eventsStored([event], { model: this.checkins, id: doc._id });
  }

  async insertReflection(doc: ReflectionDoc, event: EventRecord): Promise<void> {
    await this.reflections.create({ ...doc, _outbox: toStoredOutbox([event]) });
    this.runtime.eventsStored([event], { model: this.reflections, id: doc._id });
  }

  async newestCheckins(userId: string, limit: number): Promise<MoodCheckinDoc[]> {
    return this.checkins
      .find({ user_id: userId }, { _outbox: 0 })
      .sort(NEWEST_FIRST)
      .limit(limit)
      .lean<MoodCheckinDoc[]>()
      .exec();
  }

  async newestReflections(userId: string, limit: number): Promise<ReflectionDoc[]> {
    return this.reflections
      .find({ user_id: userId }, { _outbox: 0 })
      .sort(NEWEST_FIRST)
      .limit(limit)
      .lean<ReflectionDoc[]>()
      .exec();
  }

  /** The mood and energy of the member's last two check-ins, newest first. */
  lastTwoCheckins(userId: string): Promise<Pick<MoodCheckinDoc, 'mood' | 'energy_level'>[]> {
    return this.checkins
      .find({ user_id: userId }, { mood: 1, energy_level: 1 })
      .sort(NEWEST_FIRST)
      .limit(2)
      .lean<Pick<MoodCheckinDoc, 'mood' | 'energy_level'>[]>()
      .exec();
  }

  /** The moods of the member's check-ins and reflections since `since`. */
  async moodsSince(userId: string, since: Date): Promise<Moods> {
    const filter = { user_id: userId, created_at: { $gte: since } };
    const [checkins, reflections] = await Promise.all([
      this.checkins.find(filter, { mood: 1 }).lean<Pick<MoodCheckinDoc, 'mood'>[]>().exec(),
      this.reflections.find(filter, { mood: 1 }).lean<Pick<ReflectionDoc, 'mood'>[]>().exec(),
    ]);
    return { checkins: checkins.map((c) => c.mood), reflections: reflections.map((r) => r.mood) };
  }

  /** The check-ins (mood, energy, time) from `start` on, before `end` when given. */
  checkinsBetween(userId: string, start: Date, end?: Date): Promise<CheckinFigures[]> {
    return this.checkins
      .find(
        { user_id: userId, created_at: { $gte: start, ...(end ? { $lt: end } : {}) } },
        { mood: 1, energy_level: 1, created_at: 1 },
      )
      .lean<CheckinFigures[]>()
      .exec();
  }

  async reflectionTimesBetween(userId: string, start: Date, end: Date): Promise<Date[]> {
    const docs = await this.reflections
      .find({ user_id: userId, created_at: { $gte: start, $lt: end } }, { created_at: 1 })
      .lean<Pick<ReflectionDoc, 'created_at'>[]>()
      .exec();
    return docs.map((doc) => doc.created_at);
  }

  /** How many days from `firstDay` (YYYY-MM-DD) on the member was active. */
  countActiveDaysFrom(userId: string, firstDay: string): Promise<number> {
    return this.days.countDocuments({ user_id: userId, kind: 'active', day: { $gte: firstDay } }).exec();
  }

  /** The days (YYYY-MM-DD) the member claimed of `kind`. */
  async claimedDays(userId: string, kind: string): Promise<string[]> {
    const docs = await this.days.find({ user_id: userId, kind }, { day: 1 }).lean<{ day: string }[]>().exec();
    return docs.map((doc) => doc.day);
  }

  /** Claims a day once: true for the one call that stored it. */
  claimDay(id: string, userId: string, kind: string, day: string, at: Date): Promise<boolean> {
    return insertOnce(collectionOf(this.days), { _id: id, user_id: userId, kind, day, at });
  }

  /** A page of the member's data export (the query from identity's ExportQueries). */
  exportCheckins(query: ExportQuery<MoodCheckinDoc>, limit: number): Promise<MoodCheckinDoc[]> {
    return readExportPage(this.checkins, query, limit);
  }

  exportReflections(query: ExportQuery<ReflectionDoc>, limit: number): Promise<ReflectionDoc[]> {
    return readExportPage(this.reflections, query, limit);
  }
}
