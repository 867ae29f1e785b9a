import { randomUUID } from 'node:crypto';
import {
  Caller,
  createEvent,
  NotFound,
  RUNTIME,
  ServiceRuntime,
  toCsv,
  Unauthenticated,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { AuraLedger } from '../aura/aura-ledger';
import { UsersRepository } from '../users/users.repository';
import {
  CheckinInput,
  computeStats,
  listLimit,
  lastTwoLow,
  ReflectionInput,
  Stats,
  utcDay,
  validateCheckin,
  validateReflection,
  WEEK_MS,
  wellnessCoins,
  WellnessKind,
} from './wellness-rules';
import {
  CalendarDay,
  EXPORT_COLUMNS,
  EXPORT_MAX_ROWS,
  exportRecords,
  lastDays,
  monthRange,
  moodCalendar,
  moodTrend,
  Streak,
  streak,
  TrendPoint,
  trendDays,
} from './wellbeing-rules';
import type { MoodCheckinDoc, ReflectionDoc } from './wellness.schema';
import { WellnessRepository } from './wellness.repository';

export const USER_NOT_FOUND = 'User not found';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MoodCheckin {
  id: string;
  mood: string;
  moodDescription: string;
  energyLevel: number;
  createdAt: Date;
}

export interface Reflection {
  id: string;
  userId: string;
  content: string;
  mood: string;
  category: string;
  createdAt: Date;
}

export interface Rewarded<T> {
  item: T;
  firstToday: boolean;
  auraEarned: number;
  auraCoinsEarnedMicro: number;
  auraScore: number;
}

const toCheckin = (doc: MoodCheckinDoc): MoodCheckin => ({
  id: doc._id,
  mood: doc.mood,
  moodDescription: doc.mood_description ?? '',
  energyLevel: doc.energy_level,
  createdAt: doc.created_at,
});

const toReflection = (doc: ReflectionDoc): Reflection => ({
  id: doc._id,
  userId: doc.user_id,
  content: doc.content,
  mood: doc.mood,
  category: doc.category,
  createdAt: doc.created_at,
});

/**
 * Daily mood check-ins and reflections (spec 000 §3, §5): the first of each per UTC day earns aura here
 * (+2 / +10, through AuraLedger) and AC in economy (from mood.checked_in / reflection.created with
 * first_of_day). Also the own-profile dashboard stats.
 */
/** Activity days markActive remembers before it starts over (bounds its memory). */
const ACTIVE_DAYS_MEMO_SIZE = 100_000;

@Injectable()
export class WellnessService {
  constructor(
    @Inject(WellnessRepository) private readonly store: WellnessRepository,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'service'>,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AuraLedger) private readonly aura: AuraLedger,
  ) {}

  async checkIn(caller: Caller | undefined, input: CheckinInput): Promise<Rewarded<MoodCheckin>> {
    const userId = this.callerId(caller);
    const valid = validateCheckin(input);
    const user = await this.member(userId);
    const now = new Date();
    const day = utcDay(now);
    const firstToday = await this.claim('check_in', userId, day, now);
    const id = randomUUID();
    const event = createEvent(this.runtime.service, 'mood.checked_in', userId, {
      userId,
      checkinId: id,
      mood: valid.mood,
      energyLevel: valid.energyLevel,
      firstOfDay: firstToday,
      day,
      createdAt: now.toISOString(),
    });
    const doc: MoodCheckinDoc = {
      _id: id,
      user_id: userId,
      mood: valid.mood,
      mood_description: valid.moodDescription,
      energy_level: valid.energyLevel,
      first_of_day: firstToday,
      created_at: now,
    };
    await this.store.insertCheckin(doc, event);
    await this.markActive(userId, now);
    return this.rewarded(toCheckin(doc), 'check_in', firstToday, user, now);
  }

  async listCheckins(caller: Caller | undefined, limit: number): Promise<MoodCheckin[]> {
    const userId = this.callerId(caller);
    const docs = await this.store.newestCheckins(userId, listLimit(limit));
    return docs.map(toCheckin);
  }

  /**
   * Whether the member's last two check-ins were both low (economy's spending pause asks; it names the
   * member itself, and learns only this answer). An unknown member has no check-ins: false.
   */
  async isMoodLow(userId: string): Promise<boolean> {
    if (!userId) return false;
    const docs = await this.store.lastTwoCheckins(userId);
    return lastTwoLow(docs.map((doc) => ({ mood: doc.mood, energyLevel: doc.energy_level })));
  }

  async reflect(caller: Caller | undefined, input: ReflectionInput): Promise<Rewarded<Reflection>> {
    const userId = this.callerId(caller);
    const valid = validateReflection(input);
    const user = await this.member(userId);
    const now = new Date();
    const day = utcDay(now);
    const firstToday = await this.claim('reflection', userId, day, now);
    const id = randomUUID();
    const event = createEvent(this.runtime.service, 'reflection.created', userId, {
      userId,
      reflectionId: id,
      mood: valid.mood,
      category: valid.category,
      firstOfDay: firstToday,
      day,
      createdAt: now.toISOString(),
    });
    const doc: ReflectionDoc = {
      _id: id,
      user_id: userId,
      content: valid.content,
      mood: valid.mood,
      category: valid.category,
      first_of_day: firstToday,
      created_at: now,
    };
    await this.store.insertReflection(doc, event);
    await this.markActive(userId, now);
    return this.rewarded(toReflection(doc), 'reflection', firstToday, user, now);
  }

  /** A member's reflections, newest first: the caller's own (userId '') or another member's. */
  async listReflections(caller: Caller | undefined, userId: string, limit: number): Promise<Reflection[]> {
    const callerId = this.callerId(caller);
    const owner = userId || callerId;
    const size = listLimit(limit);
    if (owner !== callerId) await this.member(owner);
    const docs = await this.store.newestReflections(owner, size);
    return docs.map(toReflection);
  }

  async stats(caller: Caller | undefined, now = new Date()): Promise<Stats> {
    const userId = this.callerId(caller);
    const dayStart = new Date(`${utcDay(now)}T00:00:00.000Z`);
    const weekStart = new Date(now.getTime() - WEEK_MS);
    const firstActiveDay = utcDay(new Date(dayStart.getTime() - 6 * DAY_MS));
    const [today, week, activeDays, auraGrowth] = await Promise.all([
      this.store.moodsSince(userId, dayStart),
      this.store.moodsSince(userId, weekStart),
      this.store.countActiveDaysFrom(userId, firstActiveDay),
      this.aura.growthSince(userId, weekStart),
    ]);
    return computeStats({
      todayMoods: [...today.checkins, ...today.reflections],
      weekMoods: [...week.checkins, ...week.reflections],
      weekReflections: week.reflections.length,
      activeDays,
      auraGrowth,
    });
  }

  /** The mood calendar of a UTC month "YYYY-MM" (docs/wellbeing.md). */
  async calendar(caller: Caller | undefined, month: string): Promise<{ month: string; days: CalendarDay[] }> {
    const userId = this.callerId(caller);
    const range = monthRange(month);
    const [checkins, reflections] = await Promise.all([
      this.store.checkinsBetween(userId, range.start, range.end),
      this.store.reflectionTimesBetween(userId, range.start, range.end),
    ]);
    return {
      month: range.month,
      days: moodCalendar(
        range.days,
        checkins.map((c) => ({ mood: c.mood, energyLevel: c.energy_level, createdAt: c.created_at })),
        reflections,
      ),
    };
  }

  /** The average mood score and energy of each of the last 30 or 90 UTC days, oldest first. */
  async trend(caller: Caller | undefined, days: number, now = new Date()): Promise<TrendPoint[]> {
    const userId = this.callerId(caller);
    const series = lastDays(now, trendDays(days));
    const since = new Date(`${series[0]}T00:00:00.000Z`);
    const checkins = await this.store.checkinsBetween(userId, since);
    return moodTrend(
      series,
      checkins.map((c) => ({ mood: c.mood, energyLevel: c.energy_level, createdAt: c.created_at })),
    );
  }

  /** Check-in and reflection streaks in UTC days, from the days' reward claims (one per kind and day). */
  async streaks(
    caller: Caller | undefined,
    now = new Date(),
  ): Promise<{ checkIns: Streak; reflections: Streak }> {
    const userId = this.callerId(caller);
    const [checkIns, reflections] = await Promise.all([
      this.store.claimedDays(userId, 'check_in'),
      this.store.claimedDays(userId, 'reflection'),
    ]);
    return { checkIns: streak(checkIns, now), reflections: streak(reflections, now) };
  }

  /** The caller's newest EXPORT_MAX_ROWS check-ins and reflections as one CSV (docs/wellbeing.md). */
  async exportCsv(caller: Caller | undefined): Promise<string> {
    const userId = this.callerId(caller);
    const [checkins, reflections] = await Promise.all([
      this.store.newestCheckins(userId, EXPORT_MAX_ROWS),
      this.store.newestReflections(userId, EXPORT_MAX_ROWS),
    ]);
    const records = exportRecords(checkins.map(toCheckin), reflections.map(toReflection));
    return records.length ? toCsv(records) : `${EXPORT_COLUMNS.join(',')}\r\n`;
  }

  /** Marks a UTC day on which the member did something (engagement rate). Idempotent. */
  async markActive(userId: string, at: Date): Promise<void> {
    const id = `active:${userId}:${utcDay(at)}`;
    // A day already marked stays marked: most events of an active member then need no write at all.
    if (this.activeDaysMarked.has(id)) return;
    await this.claimDoc(id, userId, 'active', utcDay(at), at);
    if (this.activeDaysMarked.size >= ACTIVE_DAYS_MEMO_SIZE) this.activeDaysMarked.clear();
    this.activeDaysMarked.add(id);
  }

  /** Activity days this process has stored or found stored (see markActive). */
  private readonly activeDaysMarked = new Set<string>();

  private async rewarded<T>(
    item: T,
    kind: WellnessKind,
    firstToday: boolean,
    user: { id: string; auraScore: number; isSuperAura: boolean },
    at: Date,
  ): Promise<Rewarded<T>> {
    if (!firstToday) {
      const fresh = await this.users.findById(user.id);
      return {
        item,
        firstToday,
        auraEarned: 0,
        auraCoinsEarnedMicro: 0,
        auraScore: fresh?.auraScore ?? user.auraScore,
      };
    }
    const outcome = await this.aura.apply({
      userId: user.id,
      reason: kind,
      key: `${kind}:${user.id}:${utcDay(at)}`,
      at,
    });
    return {
      item,
      firstToday,
      auraEarned: outcome.applied,
      auraCoinsEarnedMicro: wellnessCoins(kind, user.isSuperAura),
      auraScore: outcome.score,
    };
  }

  /** Whether this is the member's first of `kind` on `day` (one claim wins, however many race). */
  private claim(kind: WellnessKind, userId: string, day: string, at: Date): Promise<boolean> {
    return this.claimDoc(`${kind}:${userId}:${day}`, userId, kind, day, at);
  }

  private claimDoc(id: string, userId: string, kind: string, day: string, at: Date): Promise<boolean> {
    return this.store.claimDay(id, userId, kind, day, at);
  }

  private async member(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFound(USER_NOT_FOUND);
    return user;
  }

  private callerId(caller: Caller | undefined): string {
    if (!caller) throw new Unauthenticated('Sign in required');
    return caller.userId;
  }
}
