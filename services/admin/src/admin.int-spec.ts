// The admin service's parts against the real local MongoDB: support tickets under concurrent admins
// (answers all kept, resolves applied once, each change stored with its event), the dashboard's read
// model under redelivered and concurrent events, and the indexes behind the hot queries.
import {
  Caller,
  connectMongo,
  createLogger,
  databaseName,
  DomainEvent,
  EventRecord,
  explainFind,
  OutboxModel,
  servedByIndex,
  type ServiceRuntime,
} from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import type { EventPayload, EventType } from '@aura/proto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Connection, mongo } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { AdminModule } from './admin.module';
import { DashboardConsumer } from './dashboard/dashboard.consumer';
import { DashboardStatsService } from './dashboard/dashboard-stats';
import { DashboardReadModel, utcDay } from './dashboard/read-model.repository';
import { TicketsRepository } from './support/tickets.repository';
import { TicketsService } from './support/tickets.service';
import { MemberNames, type NameSource } from './members/member-names';
import { MembersConsumer } from './members/members.consumer';
import { MembersRepository } from './members/members.repository';
import { TicketMessages } from './support/ticket-rules';

let mongoConnection: Connection;
let app: INestApplicationContext;
/** The service's parts, from its Nest module as main.ts builds it. */
let admin: {
  model: DashboardReadModel;
  tickets: TicketsService;
  stats: DashboardStatsService;
  dashboardConsumer: DashboardConsumer;
  membersConsumer: MembersConsumer;
  /** Names as the service looks them up (the tests' other parts get `names`). */
  memberNames: MemberNames;
};
/** Every event the services said they stored (what the outbox relay would publish). */
const stored: EventRecord[] = [];

const names: NameSource = {
  find: async (id) => ({ id, username: `name_${id.slice(0, 6)}`, displayName: `Name ${id.slice(0, 4)}` }),
};
const member = (): Caller => ({ userId: randomUUID(), role: 'user' });
const anAdmin = (): Caller => ({ userId: randomUUID(), role: 'admin' });
const eventsOf = (type: string, ticketId: string) =>
  stored.filter((event) => event.type === type && event.key === ticketId);
const identityEvent = <T extends EventType>(
  type: T,
  key: string,
  payload: EventPayload<T>,
): DomainEvent<T> => ({
  id: randomUUID(),
  type,
  version: 1,
  key,
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  payload,
});
const registered = (id: string, username: string, at: Date) =>
  identityEvent('user.registered', id, {
    userId: id,
    username,
    displayName: '',
    email: `${username}@example.com`,
    role: '',
    auraScore: 100,
    createdAt: at.toISOString(),
  });

beforeAll(async () => {
  const config = testConfig();
  mongoConnection = await connectMongo(
    config.MONGODB_URI,
    databaseName('admin', `it_${config.AURA_DB_SUFFIX}`),
  );
  await mongoConnection.dropDatabase();
  // The runtime's parts these tests need: the database, and the outbox hooks recording what was stored
  // (no relay, no Kafka: the dashboard's consumer is driven by calling its handler).
  const runtime = {
    service: 'admin',
    config,
    mongo: mongoConnection,
    logger: createLogger('admin', 'silent'),
    registerOutbox: (..._models: OutboxModel[]) => undefined,
    eventsStored: (records: EventRecord[]) => void stored.push(...records),
    subscribe: async () => undefined,
  } as unknown as ServiceRuntime;
  app = await NestFactory.createApplicationContext(
    AdminModule.register(runtime, config, { identity: null, names }),
    { logger: false },
  );
  await app.init();
  admin = {
    model: app.get(DashboardReadModel),
    tickets: app.get(TicketsService),
    stats: app.get(DashboardStatsService),
    dashboardConsumer: app.get(DashboardConsumer),
    membersConsumer: app.get(MembersConsumer),
    memberNames: new MemberNames(app.get(MembersRepository)),
  };
});

afterAll(async () => {
  await app?.close();
  await mongoConnection?.close();
});

describe('support tickets', () => {
  it('answers given at once are all kept; the first moves the ticket to in_progress and assigns', async () => {
    const owner = member();
    const ticket = await admin.tickets.create(owner, { subject: 'Race', message: 'Answers at once' });
    const admins = [anAdmin(), anAdmin(), anAdmin(), anAdmin(), anAdmin()];
    const answered = await Promise.all(
      admins.map((who, index) => admin.tickets.respond(who, ticket._id, `Answer ${index}`)),
    );
    expect(answered.every((view) => view.status === 'in_progress')).toBe(true);
    const [mine] = await admin.tickets.listMine(owner);
    expect(mine.responses.map((response) => response.message).sort()).toEqual(
      admins.map((_, index) => `Answer ${index}`),
    );
    expect(admins.map((who) => who.userId)).toContain(mine.assigned_admin?.id);
    // Every answer stored its event, each with the status the answer left.
    expect(eventsOf('support.ticket_responded', ticket._id)).toHaveLength(5);
  });

  it('four concurrent resolves resolve once; the others are told "Ticket is already resolved"', async () => {
    const ticket = await admin.tickets.create(member(), { subject: 'Resolve', message: 'Four clicks' });
    const outcomes = await Promise.allSettled(
      [anAdmin(), anAdmin(), anAdmin(), anAdmin()].map((who) =>
        admin.tickets.setStatus(who, ticket._id, 'resolved'),
      ),
    );
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(fulfilled).toHaveLength(1);
    expect(refused.map((error) => (error as Error).message)).toEqual([
      TicketMessages.alreadyResolved,
      TicketMessages.alreadyResolved,
      TicketMessages.alreadyResolved,
    ]);
    expect(eventsOf('support.ticket_status_changed', ticket._id)).toHaveLength(1);
    // Setting a status a ticket has (other than resolving it again) changes nothing and stores no event.
    await admin.tickets.setStatus(anAdmin(), ticket._id, 'open');
    await admin.tickets.setStatus(anAdmin(), ticket._id, 'open');
    expect(eventsOf('support.ticket_status_changed', ticket._id)).toHaveLength(2);
  });

  it('an unknown ticket is "Ticket not found", for answers and status changes alike', async () => {
    await expect(admin.tickets.respond(anAdmin(), randomUUID(), 'x')).rejects.toThrow(
      TicketMessages.notFound,
    );
    await expect(admin.tickets.setStatus(anAdmin(), randomUUID(), 'resolved')).rejects.toThrow(
      TicketMessages.notFound,
    );
  });

  it('lists by status from an index, newest first', async () => {
    const owner = member();
    const first = await admin.tickets.create(owner, { subject: 'One', message: 'first' });
    const second = await admin.tickets.create(owner, { subject: 'Two', message: 'second' });
    await admin.tickets.setStatus(anAdmin(), first._id, 'in_progress');
    const inProgress = await admin.tickets.listAll(anAdmin(), { status: 'in_progress', limit: 500 });
    expect(inProgress.map((ticket) => ticket._id)).toContain(first._id);
    expect(inProgress.map((ticket) => ticket._id)).not.toContain(second._id);
    expect(inProgress.every((ticket) => ticket.status === 'in_progress')).toBe(true);

    const tickets = app.get(TicketsRepository).tickets.collection as unknown as mongo.Collection;
    for (const [filter, sort] of [
      [{ status: 'open' }, { created_at: -1 }],
      [{}, { created_at: -1 }],
      [{ user_id: owner.userId }, { created_at: -1 }],
    ] as const) {
      const stages = await explainFind(tickets, filter, { sort, limit: 200 });
      expect({ filter, stages, indexed: servedByIndex(stages) }).toMatchObject({ filter, indexed: true });
      expect({ filter, stages }).toEqual({ filter, stages: expect.not.arrayContaining(['SORT']) });
    }
  });
});

describe('the dashboard read model', () => {
  it('keeps the latest activity of a member, whatever order and concurrency the events come in', async () => {
    const id = randomUUID();
    const base = Date.now() - 60_000;
    const moments = Array.from({ length: 20 }, (_, index) => new Date(base + index * 1000));
    await Promise.all([...moments].reverse().map((at) => admin.model.memberActive(id, at)));
    await admin.membersConsumer.handle(registered(id, 'late', new Date(base)));
    const doc = await admin.model.members.findOne({ _id: id });
    expect(doc?.last_active_at).toEqual(moments.at(-1));
    expect(doc?.registered_at).toEqual(new Date(base));
    expect(doc?.username).toBe('late');
  });

  it("names members from the member directory: identity's newest profile, registered once", async () => {
    const [id, unknown] = [randomUUID(), randomUUID()];
    const at = new Date(Date.now() - 5_000);
    const before = await admin.model.countRegistered();
    const changed = (username: string, displayName: string, changedAt: Date) =>
      identityEvent('user.profile_changed', id, {
        userId: id,
        username,
        displayName,
        profilePicture: '',
        auraScore: 100,
        role: 'user',
        isSuperAura: false,
        changedAt: changedAt.toISOString(),
        bio: '',
      });
    // Registered, renamed, and both delivered again (the rename before the registration this time).
    const events = [
      registered(id, 'first_name', at),
      changed('renamed', 'Renamed', new Date(at.getTime() + 1000)),
    ];
    for (const event of [...events, ...[...events].reverse()]) await admin.membersConsumer.handle(event);
    await admin.membersConsumer.handle(changed('older', 'Older', new Date(at.getTime() + 500)));
    expect(await admin.memberNames.find(id)).toEqual({ id, username: 'renamed', displayName: 'Renamed' });
    expect(await admin.memberNames.find(unknown)).toBeNull();
    expect(await admin.model.countRegistered()).toBe(before + 1);
    expect((await admin.model.members.findOne({ _id: id }))?.registered_at).toEqual(at);
  });

  it('counts a distribution once however often and however concurrently it is delivered', async () => {
    const before = await admin.model.distributedMicro();
    const transfers = [randomUUID(), randomUUID(), randomUUID()];
    await Promise.all(
      transfers.flatMap((transfer, index) =>
        [1, 2, 3].map(() =>
          admin.model.distributed(transfer, 'rewards', (index + 1) * 1_000_000, new Date()),
        ),
      ),
    );
    expect((await admin.model.distributedMicro()) - before).toBe(6_000_000);
    admin.stats.invalidate();
    expect((await admin.stats.stats()).totalAuracoinDistributedMicro).toBe(before + 6_000_000);
  });

  it('writes a run of events together: each counted once, also when it is in the run twice or comes again', async () => {
    const before = await admin.model.distributedMicro();
    const [liker, author, post, transfer] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const early = new Date(Date.now() - 60_000);
    const late = new Date(Date.now() - 1_000);
    const event = <T extends EventType>(type: T, payload: EventPayload<T>, at: Date): DomainEvent<T> => ({
      id: randomUUID(),
      type,
      version: 1,
      key: post,
      occurredAt: at.toISOString(),
      producer: 'test',
      payload,
    });
    const paid = event(
      'transfer.completed',
      {
        transferId: transfer,
        kind: 'reward',
        fromAccount: 'rewards',
        toAccount: `user:${author}`,
        amountMicro: 2_500_000,
        senderId: '',
        recipientId: author,
        senderUsername: '',
        memo: '',
        memberInitiated: false,
        completedAt: late.toISOString(),
      },
      late,
    );
    const created = event(
      'post.created',
      {
        postId: post,
        authorId: author,
        isStory: false,
        category: '',
        contentType: 'text',
        mediaUrl: '',
        tags: [],
        mentionedUserIds: [],
        createdAt: early.toISOString(),
      },
      early,
    );
    const run = [
      created,
      event(
        'post.liked',
        { postId: post, authorId: author, likerId: liker, likesCount: 1, changedAt: late.toISOString() },
        late,
      ),
      event(
        'post.liked',
        { postId: post, authorId: author, likerId: liker, likesCount: 1, changedAt: early.toISOString() },
        early,
      ),
      paid,
      paid,
    ];
    await admin.dashboardConsumer.handleAll(run);
    await admin.dashboardConsumer.handleAll(run);
    expect((await admin.model.distributedMicro()) - before).toBe(2_500_000);
    expect((await admin.model.members.findOne({ _id: liker }))?.last_active_at).toEqual(late);
    expect(await admin.model.content.countDocuments({ _id: `post:${post}` })).toBe(1);
    // One active day per member and UTC day (early and late may straddle midnight).
    const days = new Set([early, late].map((at) => at.toISOString().slice(0, 10)));
    const active = await admin.model.activity.find({ _id: { $regex: `^${liker}:` } }).toArray();
    expect(active.map((doc) => doc.day).sort()).toEqual([...days].sort());
    expect(await admin.model.activity.countDocuments({ _id: `${author}:${utcDay(early)}` })).toBe(1);
  });

  it('counts each day of the history once: registrations, active members, content and revenue', async () => {
    const now = new Date();
    const day = new Date(now.getTime() - 3 * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const pointOf = async () => (await admin.stats.history(7, now)).find((point) => point.date === date)!;
    const before = await pointOf();
    const [ada, bo] = [randomUUID(), randomUUID()];
    for (const id of [ada, bo]) await admin.model.memberRegistered(id, day);
    // Redelivered and concurrent events count once; two moments of one day are one active member.
    await Promise.all([
      admin.model.memberActive(ada, day),
      admin.model.memberActive(ada, day),
      admin.model.memberActive(ada, new Date(day.getTime() + 1000)),
      admin.model.memberActive(bo, day),
    ]);
    const post = randomUUID();
    await Promise.all([
      admin.model.contentCreated('post', post, day),
      admin.model.contentCreated('post', post, day),
      admin.model.contentCreated('comment', randomUUID(), day),
      admin.model.contentCreated('story', randomUUID(), day),
    ]);
    const payment = randomUUID();
    await Promise.all([
      admin.model.revenueReceived(payment, 4999, day),
      admin.model.revenueReceived(payment, 4999, day),
    ]);

    const after = await pointOf();
    expect({
      newRegistrations: after.newRegistrations - before.newRegistrations,
      activeUsers: after.activeUsers - before.activeUsers,
      posts: after.posts - before.posts,
      comments: after.comments - before.comments,
      stories: after.stories - before.stories,
      revenueUsdMicro: after.revenueUsdMicro - before.revenueUsdMicro,
    }).toEqual({
      newRegistrations: 2,
      activeUsers: 2,
      posts: 1,
      comments: 1,
      stories: 1,
      revenueUsdMicro: 49_990_000,
    });
    const week = await admin.stats.history(7, now);
    expect(week.map((point) => point.date)).toHaveLength(7);
    expect(week.at(-1)!.date).toBe(now.toISOString().slice(0, 10));
    expect(await admin.stats.history(30, now)).toHaveLength(30);
  });

  it('answers the dashboard counts from indexes', async () => {
    const since = new Date(Date.now() - 86_400_000);
    const queries: [mongo.Collection, mongo.Filter<mongo.Document>][] = [
      [admin.model.members as unknown as mongo.Collection, { registered_at: { $gte: since } }],
      [
        admin.model.members as unknown as mongo.Collection,
        { registered_at: { $exists: true }, last_active_at: { $gte: since } },
      ],
      [admin.model.content as unknown as mongo.Collection, { kind: 'post', day: '2026-01-01' }],
      [
        admin.model.content as unknown as mongo.Collection,
        { kind: { $in: ['post', 'comment', 'story'] }, day: { $gte: '2026-01-01' } },
      ],
      [admin.model.activity as unknown as mongo.Collection, { day: { $gte: '2026-01-01' } }],
      [admin.model.revenue as unknown as mongo.Collection, { at: { $gte: since } }],
      [admin.model.withdrawals as unknown as mongo.Collection, { status: 'pending' }],
      [
        app.get(TicketsRepository).tickets.collection as unknown as mongo.Collection,
        { status: { $in: ['open', 'in_progress'] } },
      ],
    ];
    for (const [collection, filter] of queries) {
      const stages = await explainFind(collection, filter);
      expect({ filter, stages, indexed: servedByIndex(stages) }).toMatchObject({ filter, indexed: true });
    }
  });
});
