// Wellness, aura and profile visits against the real local MongoDB server and Kafka (deploy/local): the
// daily rules, the aura log and limits, and the events economy and social read.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  collectionOf,
  connectMongo,
  databaseName,
  decodePayload,
  DomainEvent,
  Forbidden,
  Header,
  KafkaEventBus,
  MongoProcessedEventStore,
  NotFound,
  OutboxModel,
  OutboxRelay,
  RuleViolation,
} from '@aura/platform';
import { recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import type { EventType } from '@aura/proto';
import { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { AuraLedger } from '../aura/aura-ledger';
import { AuraLogRepository } from '../aura/aura-log.repository';
import { AuraConsumer } from '../aura/aura.consumer';
import { ProfileMessages } from '../profile/profile-rules';
import { ProfileService } from '../profile/profile.service';
import { ProfileVisitsRepository } from '../visits/visits.repository';
import { ProfileChangedAnnouncer } from '../users/profile-changed';
import { UsersRepository } from '../users/users.repository';
import { utcDay, WellnessMessages } from './wellness-rules';
import { WellnessRepository } from './wellness.repository';
import { WellnessService } from './wellness.service';

const config = testConfig();
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let mongo: Connection;
let bus: KafkaEventBus;
let relay: OutboxRelay;
let users: UsersRepository;
let ledger: AuraLedger;
let auraLog: AuraLogRepository;
let wellness: WellnessService;
let profiles: ProfileService;
let announcer: ProfileChangedAnnouncer;
let visits: ProfileVisitsRepository;
let consumer: AuraConsumer;
const outboxModels: OutboxModel[] = [];

const runtime = {
  service: 'identity',
  registerOutbox: (...models: OutboxModel[]) => void outboxModels.push(...models),
  eventsStored: () => relay?.nudge(),
  subscribe: async () => undefined,
};

async function newMember(): Promise<string> {
  const username = `well_${randomBytes(5).toString('hex')}`;
  const user = await users.create({
    username,
    email: `${username}@example.com`,
    displayName: username,
    passwordHash: 'x',
    role: 'user',
  });
  return user.id;
}

const as = (userId: string) => ({ userId, role: 'user' as const });
const score = async (userId: string) => (await users.findById(userId))!.auraScore;
/** Moves a member's aura to `aura` by a super admin's change (the ledger is the only writer). */
const setAura = async (userId: string, aura: number) => {
  const key = `admin:test-${randomUUID()}`;
  const delta = aura - (await score(userId));
  await ledger.apply({ userId, reason: 'admin', delta, key, at: new Date() });
};

function event<T extends EventType>(
  type: T,
  payload: unknown,
  occurredAt = new Date().toISOString(),
): DomainEvent<T> {
  return {
    id: randomUUID(),
    type,
    version: 1,
    key: '',
    occurredAt,
    producer: 'test',
    payload,
  } as DomainEvent<T>;
}

beforeAll(async () => {
  mongo = await connectMongo(config.MONGODB_URI, databaseName('identity', config.AURA_DB_SUFFIX));
  /* eslint-disable @typescript-eslint/no-explicit-any -- the runtime's outbox face only */
  users = new UsersRepository(mongo, runtime as any);
  announcer = new ProfileChangedAnnouncer(runtime as any, mongo);
  auraLog = new AuraLogRepository(mongo, runtime as any);
  ledger = new AuraLedger(auraLog, runtime as any, users);
  const wellnessStore = new WellnessRepository(mongo, runtime as any);
  wellness = new WellnessService(wellnessStore, runtime as any, users, ledger);
  visits = new ProfileVisitsRepository(mongo);
  profiles = new ProfileService(users, announcer, visits);
  consumer = new AuraConsumer(ledger, wellness, runtime as any, logger);
  /* eslint-enable @typescript-eslint/no-explicit-any */
  await users.ensureIndexes();
  await Promise.all([auraLog.ensureIndexes(), wellnessStore.ensureIndexes(), visits.ensureIndexes()]);
  bus = new KafkaEventBus({
    clientId: 'identity-wellness-test',
    brokers: config.KAFKA_BROKERS,
    groupPrefix: `test-${Date.now()}`,
    logger,
    processed: new MongoProcessedEventStore(mongo),
  });
  await bus.connect();
  relay = new OutboxRelay({ bus, logger, models: outboxModels, intervalMs: 200 });
  relay.start();
});

afterAll(async () => {
  await relay?.stop();
  await bus?.close();
  await mongo?.close();
});

describe('mood check-ins', () => {
  it('the first of the UTC day earns +2 aura and 0.001 AC; a second earns nothing; both are listed', async () => {
    const recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.identity.user']);
    try {
      const a = await newMember();
      const first = await wellness.checkIn(as(a), {
        mood: 'happy',
        moodDescription: ' sunny ',
        energyLevel: 8,
      });
      expect(first).toMatchObject({
        firstToday: true,
        auraEarned: 2,
        auraCoinsEarnedMicro: 1_000,
        auraScore: 102,
      });
      expect(first.item).toMatchObject({ mood: 'happy', moodDescription: 'sunny', energyLevel: 8 });
      const second = await wellness.checkIn(as(a), { mood: '', moodDescription: '' });
      expect(second).toMatchObject({
        firstToday: false,
        auraEarned: 0,
        auraCoinsEarnedMicro: 0,
        auraScore: 102,
      });
      expect(second.item).toMatchObject({ mood: 'neutral', energyLevel: 5 });
      expect(await score(a)).toBe(102);
      const list = await wellness.listCheckins(as(a), 0);
      expect(list.map((c) => c.id)).toEqual([second.item.id, first.item.id]);

      const mine = (type: string) =>
        recorder.records.filter((r) => r.key === a && r.headers[Header.type] === type);
      await waitFor(() => mine('mood.checked_in').length >= 2 && mine('user.aura_changed').length >= 1, {
        what: 'check-in and aura events',
      });
      const checkins = mine('mood.checked_in').map((r) => decodePayload('mood.checked_in', r.value));
      expect(checkins.map((c) => c.firstOfDay).sort()).toEqual([false, true]);
      expect(checkins[0]).toMatchObject({ userId: a, day: utcDay(new Date()) });
      const aura = decodePayload('user.aura_changed', mine('user.aura_changed')[0].value);
      expect(aura).toMatchObject({ userId: a, delta: 2, auraScore: 102, reason: 'check_in' });
      // The event redelivered to identity's own consumer changes nothing (same key).
      await consumer.handle(
        event(
          'mood.checked_in',
          checkins.find((c) => c.firstOfDay),
        ),
      );
      expect(await score(a)).toBe(102);
    } finally {
      await recorder.stop();
    }
  });

  it('many check-ins at the same moment: exactly one is the first of the day', async () => {
    const a = await newMember();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => wellness.checkIn(as(a), { mood: 'positive', moodDescription: '' })),
    );
    expect(results.filter((r) => r.firstToday)).toHaveLength(1);
    expect(await score(a)).toBe(102);
    expect(await ledger.growthSince(a, new Date(Date.now() - 60_000))).toBe(2);
  });

  it('refuses a bad mood or energy 0 and 11, storing nothing', async () => {
    const a = await newMember();
    await expect(wellness.checkIn(as(a), { mood: 'angry', moodDescription: '' })).rejects.toThrow(
      new RuleViolation(WellnessMessages.mood),
    );
    for (const energyLevel of [0, 11])
      await expect(
        wellness.checkIn(as(a), { mood: 'happy', moodDescription: '', energyLevel }),
      ).rejects.toThrow(WellnessMessages.energy);
    expect(await wellness.listCheckins(as(a), 0)).toEqual([]);
    expect(await score(a)).toBe(100);
  });

  it('answers economy’s spending pause: low only when the last two check-ins were both low', async () => {
    const a = await newMember();
    const checkIn = (mood: string, energyLevel: number) =>
      wellness.checkIn(as(a), { mood, moodDescription: '', energyLevel });
    expect(await wellness.isMoodLow(a)).toBe(false);
    await checkIn('sad', 6);
    expect(await wellness.isMoodLow(a)).toBe(false);
    await checkIn('happy', 2);
    expect(await wellness.isMoodLow(a)).toBe(true);
    await checkIn('positive', 7);
    expect(await wellness.isMoodLow(a)).toBe(false);
    await checkIn('anxious', 8);
    expect(await wellness.isMoodLow(a)).toBe(false);
    await checkIn('neutral', 3);
    expect(await wellness.isMoodLow(a)).toBe(true);
    expect(await wellness.isMoodLow(new Types.ObjectId().toHexString())).toBe(false);
  });
});

describe('reflections', () => {
  it('+10 aura for the first of the day; a blank one is refused; others can read them', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await expect(wellness.reflect(as(a), { content: '   ', mood: '', category: '' })).rejects.toThrow(
      new RuleViolation(WellnessMessages.content),
    );
    const first = await wellness.reflect(as(a), {
      content: ' Grateful today ',
      mood: 'positive',
      category: '',
    });
    expect(first).toMatchObject({ firstToday: true, auraEarned: 10, auraScore: 110 });
    expect(first.item).toMatchObject({ content: 'Grateful today', mood: 'positive', category: 'general' });
    const second = await wellness.reflect(as(a), { content: 'again', mood: 'negative', category: 'work' });
    expect(second).toMatchObject({ firstToday: false, auraEarned: 0, auraScore: 110 });
    expect((await wellness.listReflections(as(b), a, 0)).map((r) => r.content)).toEqual([
      'again',
      'Grateful today',
    ]);
    expect(await wellness.listReflections(as(a), '', 1)).toHaveLength(1);
    await expect(wellness.listReflections(as(a), new Types.ObjectId().toString(), 0)).rejects.toThrow(
      new NotFound('User not found'),
    );
  });
});

describe('aura', () => {
  it('is clamped at 1000 and logs the change applied', async () => {
    const a = await newMember();
    await setAura(a, 995);
    expect(await wellness.reflect(as(a), { content: 'x', mood: '', category: '' })).toMatchObject({
      auraEarned: 5,
      auraScore: 1000,
    });
    expect(await wellness.checkIn(as(a), { mood: '', moodDescription: '' })).toMatchObject({
      firstToday: true,
      auraEarned: 0,
      auraScore: 1000,
    });
    const log = await auraLog.log
      .find({ user_id: a, reason: { $ne: 'admin' } })
      .lean()
      .exec();
    expect(log.map((e) => [e.reason, e.requested, e.delta, e.score_after]).sort()).toEqual([
      ['check_in', 2, 0, 1000],
      ['reflection', 10, 5, 1000],
    ]);
  });

  it('+1 per like received (20 a day, once per liker and post, never one’s own), +2 per comment received', async () => {
    const [author, post] = [await newMember(), randomUUID()];
    const at = new Date().toISOString();
    for (let i = 0; i < 22; i++)
      await consumer.handle(
        event('post.liked', { postId: post, authorId: author, likerId: `liker${i}`, changedAt: at }),
      );
    await consumer.handle(
      event('post.liked', { postId: post, authorId: author, likerId: 'liker0', changedAt: at }),
    );
    await consumer.handle(
      event('post.liked', { postId: post, authorId: author, likerId: author, changedAt: at }),
    );
    expect(await score(author)).toBe(120);
    await consumer.handle(
      event('comment.created', {
        commentId: randomUUID(),
        postId: post,
        postAuthorId: author,
        commenterId: 'c',
        createdAt: at,
      }),
    );
    await consumer.handle(
      event('comment.created', {
        commentId: randomUUID(),
        postId: post,
        postAuthorId: author,
        commenterId: author,
        createdAt: at,
      }),
    );
    expect(await score(author)).toBe(122);
    // A like of yesterday counts against yesterday's 20.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    await consumer.handle(
      event('post.liked', { postId: post, authorId: author, likerId: 'late', changedAt: yesterday }),
    );
    expect(await score(author)).toBe(123);
  });
});

describe('stats', () => {
  it('are computed from the member’s check-ins, reflections, activity and aura log', async () => {
    const a = await newMember();
    expect(await wellness.stats(as(a))).toEqual({
      dailyPositivityScore: 0,
      weeklyReflectionCount: 0,
      engagementRate: 0,
      auraGrowthThisWeek: 0,
      moodTrend: 'neutral',
    });
    await wellness.checkIn(as(a), { mood: 'happy', moodDescription: '' });
    await wellness.checkIn(as(a), { mood: 'sad', moodDescription: '' });
    await wellness.reflect(as(a), { content: 'good', mood: 'positive', category: '' });
    // A post two days ago makes a second active day.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await consumer.handle(
      event('post.created', { postId: randomUUID(), authorId: a, createdAt: twoDaysAgo }),
    );
    expect(await wellness.stats(as(a))).toEqual({
      dailyPositivityScore: 67,
      weeklyReflectionCount: 1,
      engagementRate: 28.6,
      auraGrowthThisWeek: 12,
      moodTrend: 'positive',
    });
  });
});

describe('profile', () => {
  it('counts a visit once per viewer and UTC day, never one’s own', async () => {
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    expect((await profiles.view(as(a), a)).visits).toBe(0);
    expect((await profiles.view(as(b), a)).visits).toBe(1);
    expect((await profiles.view(as(b), a)).visits).toBe(1);
    expect((await profiles.view(as(c), a)).visits).toBe(2);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    expect((await profiles.view(as(b), a, tomorrow)).visits).toBe(3);
    await expect(profiles.view(as(a), new Types.ObjectId().toString())).rejects.toThrow(
      new NotFound('User not found'),
    );
  });

  it('counts concurrent visits exactly, and takes a profile stored before its counter from its visits', async () => {
    const a = await newMember();
    const viewers = await Promise.all(Array.from({ length: 12 }, () => newMember()));
    // Visits stored before profiles had a counter: the first view counts them once.
    await visits.visits.insertMany(
      ['2026-01-01', '2026-01-02', '2026-01-03'].map((day) => ({
        _id: `${a}:${viewers[0]}:${day}`,
        profile_id: a,
        viewer_id: viewers[0],
        day,
        at: new Date(`${day}T12:00:00Z`),
      })),
    );
    expect(await visits.counts.exists({ _id: a })).toBeNull();
    // Every viewer at once, some twice: each new visit counted once, whoever created the counter.
    const seen = await Promise.all(
      [...viewers, ...viewers.slice(0, 4)].map((viewer) => profiles.view(as(viewer), a)),
    );
    expect(Math.max(...seen.map((view) => view.visits))).toBe(15);
    expect((await profiles.view(as(a), a)).visits).toBe(15);
    expect(await visits.visits.countDocuments({ profile_id: a })).toBe(15);
  });

  it('reads no visit for a view of the day already stored, and counts the rest of the day as before', async () => {
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    // An instance of its own: the other tests' views of tomorrow would make it hold tomorrow's visits.
    const here = new ProfileService(users, announcer, new ProfileVisitsRepository(mongo));
    expect((await here.view(as(b), a)).visits).toBe(1);
    const reads = jest.spyOn(collectionOf(visits.visits), 'findOne');
    try {
      expect((await here.view(as(b), a)).visits).toBe(1);
      expect(reads).not.toHaveBeenCalled();
      // Another viewer's first visit is still looked up and counted, and shows in b's next view.
      expect((await here.view(as(c), a)).visits).toBe(2);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await here.view(as(b), a)).visits).toBe(2);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    // An instance that did not see b's visit stored (another one, or after a restart) counts it once.
    const elsewhere = new ProfileService(users, announcer, new ProfileVisitsRepository(mongo));
    expect((await elsewhere.view(as(b), a)).visits).toBe(2);
    expect((await elsewhere.view(as(a), a)).visits).toBe(2);
    // The profile as viewed is the member as stored: an edit shows in the next view.
    await here.update(as(a), { bio: 'Edited' });
    expect((await here.view(as(b), a)).user.bio).toBe('Edited');
    expect((await here.view(as(b), a)).user).not.toHaveProperty('passwordHash', expect.anything());
  });

  it('updates only the fields given; a refused update changes nothing', async () => {
    const a = await newMember();
    const updated = await profiles.update(as(a), { bio: 'Hello', profileRingColor: 'gold' });
    expect(updated).toMatchObject({ bio: 'Hello', profileRingColor: 'gold', profileBackground: 'default' });
    await expect(profiles.update(as(a), { bio: 'x'.repeat(161), profileRingColor: 'red' })).rejects.toThrow(
      ProfileMessages.bio,
    );
    await expect(profiles.update(as(a), { profileBackground: 'space' })).rejects.toThrow(
      ProfileMessages.background,
    );
    const link = 'https://youtu.be/dQw4w9WgXcQ';
    await expect(profiles.update(as(a), { profileAudioYoutubeLink: link, bio: 'changed' })).rejects.toThrow(
      new Forbidden(ProfileMessages.superAuraOnly),
    );
    expect(await users.findById(a)).toMatchObject({
      bio: 'Hello',
      profileRingColor: 'gold',
      profileAudioYoutubeLink: '',
    });
    await users.setAdminFields(a, { isSuperAura: true });
    await expect(
      profiles.update(as(a), { profileAudioYoutubeLink: 'https://youtu.be/short' }),
    ).rejects.toThrow(ProfileMessages.youtube);
    expect((await profiles.update(as(a), { profileAudioYoutubeLink: link })).profileAudioYoutubeLink).toBe(
      link,
    );
  });
});
