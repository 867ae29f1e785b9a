// The genies service in-process against the real local infrastructure (MongoDB, Kafka, S3) and a
// real economy (its own database, in-process, over gRPC): the catalogue and its artwork, purchases
// charged once per key, exactly one bottle per reveal under concurrent calls, ownership rules,
// earnings claimed once (concurrent claims included, ×1.5 for SuperAura), permanent gifts, the
// bottle price, the events on aura.genies.genie, and a sound ledger afterwards.
import {
  asyncService,
  Caller,
  callerMetadata,
  createEvent,
  createGrpcClient,
  errorCodeOf,
  explainFind,
  GrpcServer,
  servedByIndex,
  ServiceRuntime,
} from '@aura/platform';
import { recordTopics, testConfig, testIdentity, waitFor } from '@aura/platform/testing';
import { economy as economyContract, genies as contract } from '@aura/proto';
import { ServiceError, status } from '@grpc/grpc-js';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { mongo } from 'mongoose';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  AC,
  Harness as EconomyHarness,
  refusal,
  seekToEnd,
  startEconomy,
  superAdmin,
} from '../../economy/test/harness';
import { verifyLedger } from '../../economy/src/ledger/ledger-verifier';
import { Catalogue } from './catalogue/catalogue';
import { CollectionService } from './collection/collection.service';
import { UserGeniesRepository } from './collection/user-genies.repository';
import { ClaimsRepository } from './earnings/claims.repository';
import { EarningsService } from './earnings/earnings.service';
import { GeniesModule } from './genies.module';
import { GiftsService } from './gifts/gifts.service';
import { GeniesGrpcController } from './grpc/genies.grpc-controller';
import { MembersConsumer, MembersService } from './members/members';
import { IDENTITY_UNAVAILABLE, MembersRepository } from './members/members.repository';
import { BottlesRepository } from './purchases/bottles.repository';
import { EconomyGenieMoney } from './money/economy-money';
import { DAY_MS } from './rules/accrual';
import { RARITIES } from './rules/odds';

let economy: EconomyHarness;
let runtime: ServiceRuntime;
let app: INestApplicationContext;
/** The service's parts, from its Nest module as main.ts builds it. */
let genies: {
  catalogue: Catalogue;
  members: MembersRepository;
  userGenies: UserGeniesRepository;
  bottles: BottlesRepository;
  claims: ClaimsRepository;
  controller: GeniesGrpcController;
  membersConsumer: MembersConsumer;
};
let server: GrpcServer;
let client: contract.GeniesServiceClient;
let recorder: Awaited<ReturnType<typeof recordTopics>>;
const gateway = testIdentity('gateway');

beforeAll(async () => {
  economy = await startEconomy('geniesecon');
  const config = testConfig({
    AURA_DB_SUFFIX: `genies_${process.env.AURA_DB_SUFFIX || 'test'}`,
    KAFKA_GROUP_PREFIX: `aura-it-genies-${Date.now().toString(36)}`,
  });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  runtime = await ServiceRuntime.create({ service: 'genies', config, logger });
  await runtime.mongo.dropDatabase();
  app = await NestFactory.createApplicationContext(
    GeniesModule.register(runtime, config, { money: new EconomyGenieMoney(economy.clientAs('genies')) }),
    { logger: false },
  );
  await app.init();
  genies = {
    catalogue: app.get(Catalogue),
    members: app.get(MembersRepository),
    userGenies: app.get(UserGeniesRepository),
    bottles: app.get(BottlesRepository),
    claims: app.get(ClaimsRepository),
    controller: app.get(GeniesGrpcController),
    membersConsumer: app.get(MembersConsumer),
  };
  runtime.outbox.start();
  await seekToEnd(config.KAFKA_BROKERS, `${config.KAFKA_GROUP_PREFIX}.genies.members`, [
    'aura.identity.user',
  ]);
  await genies.membersConsumer.start();
  recorder = await recordTopics(config.KAFKA_BROKERS, ['aura.genies.genie']);
  server = new GrpcServer();
  server.add(
    contract.GeniesServiceService,
    asyncService(contract.GeniesServiceService, genies.controller, logger),
  );
  const port = await server.listen('127.0.0.1:0');
  client = createGrpcClient(contract.GeniesServiceClient, `127.0.0.1:${port}`, 'genies', gateway);
});

afterAll(async () => {
  client?.close();
  await server?.close(1000);
  await recorder?.stop();
  await app?.close();
  await runtime?.stop();
  await economy?.stop();
});

function call<T>(
  method: keyof contract.GeniesServiceClient,
  request: unknown,
  caller?: Caller,
  key?: string,
) {
  return new Promise<T>((resolve, reject) => {
    const fn = client[method] as unknown as (
      request: unknown,
      metadata: unknown,
      callback: (error: ServiceError | null, response: T) => void,
    ) => void;
    fn.call(client, request, callerMetadata(caller, key, gateway), (error, response) =>
      error ? reject(error) : resolve(response),
    );
  });
}

const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
/** A member's profile as identity's events carry it (for writing the directory directly). */
const profile = (id: string, username: string) => ({
  id,
  username,
  displayName: username,
  profilePicture: '',
  auraScore: 100,
  role: 'user',
  isSuperAura: false,
});
const balanceOf = async (member: { id: string }) =>
  ((await economy.call('getWallet', { userId: '' }, as(member))) as economyContract.Wallet).balanceMicro;
const bottles = (caller: Caller) => call<contract.Bottles>('getBottles', {}, caller);
const buy = (caller: Caller, quantity: number, key: string = randomUUID()) =>
  call<contract.PurchaseResult>('purchaseBottles', { quantity }, caller, key);
const reveal = (caller: Caller) => call<contract.UserGenie>('revealBottle', {}, caller);
const collection = async (caller: Caller, userId = '') =>
  (await call<contract.UserGenieList>('listCollection', { userId }, caller)).genies;
const claim = (caller: Caller) => call<contract.ClaimResult>('claimEarnings', {}, caller);

/** A member known to economy (funded) and to genies (through identity's user.registered on Kafka). */
async function member(fundsAc = 0, username = `g_${randomUUID().slice(0, 8)}`) {
  const m = economy.identity.add(username);
  if (fundsAc > 0)
    await economy.call(
      'adminAdjust',
      { userId: m.id, amountMicro: fundsAc * AC, reason: 'test funds' },
      superAdmin,
    );
  await runtime.bus.publish([
    createEvent('identity', 'user.registered', m.id, {
      userId: m.id,
      username,
      email: `${username}@example.com`,
      displayName: username,
      role: 'user',
      auraScore: 100,
      createdAt: new Date().toISOString(),
    }),
  ]);
  await waitFor(async () => (await genies.members.find(m.id))?.username === username, {
    what: 'member projection',
  });
  return m;
}

/** Moves every genie's accrual start of a member back by `ms` (time passing, without waiting). */
async function age(ownerId: string, ms: number) {
  const docs = await genies.userGenies.collection.find({ owner_id: ownerId }).toArray();
  for (const doc of docs)
    await genies.userGenies.collection.updateOne(
      { _id: doc._id },
      { $set: { accrual_from: new Date(doc.accrual_from.getTime() - ms) } },
    );
}

describe('the catalogue', () => {
  it('holds at least two genies of every rarity at the spec rates, each with stored artwork', async () => {
    const { genies: list } = await call<contract.GenieList>('listCatalogue', {}, as({ id: 'x'.repeat(24) }));
    const rates = { general: 1, common: 20, uncommon: 50, rare: 150, legendary: 250, cosmic: 300 };
    for (const rarity of RARITIES) {
      const ofRarity = list.filter((g) => g.rarity === rarity);
      expect(ofRarity.length).toBeGreaterThanOrEqual(2);
      for (const genie of ofRarity) expect(genie.dailyEarningRateMicro).toBe(rates[rarity] * AC);
    }
    const first = list[0];
    expect(first.imageUrl).toBe(`/api/media/genies/${first.id}.svg`);
    const artwork = await call<contract.Artwork>('getArtwork', { file: `${first.id}.svg` });
    expect(artwork.contentType).toBe('image/svg+xml');
    expect(Buffer.from(artwork.content).toString()).toContain(`<title>${first.name}</title>`);
    expect(await refusal(call('getArtwork', { file: `${randomUUID()}.svg` }))).toMatchObject({
      code: status.NOT_FOUND,
    });
  });

  it('is seeded idempotently (a second start adds nothing)', async () => {
    const before = genies.catalogue.all().length;
    await genies.catalogue.seed();
    expect(genies.catalogue.all().length).toBe(before);
  });
});

describe('bottles', () => {
  it('refuses quantities outside 1-10 and a short wallet, moving nothing', async () => {
    const m = await member(500);
    for (const quantity of [0, 11, -1])
      expect(await refusal(buy(as(m), quantity))).toEqual({
        code: status.FAILED_PRECONDITION,
        details: 'Quantity must be a whole number from 1 to 10',
      });
    expect(await refusal(buy(as(m), 2))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Insufficient AuraCoin balance!',
    });
    expect(await balanceOf(m)).toBe(500 * AC);
    expect((await bottles(as(m))).bottlesOwned).toBe(0);
  });

  it('charges price × quantity once per key, also for concurrent retries, and publishes the purchase', async () => {
    const m = await member(1000);
    const key = randomUUID();
    const results = await Promise.all([buy(as(m), 2, key), buy(as(m), 2, key).catch((e) => e)]);
    expect(results[0]).toMatchObject({ quantity: 2, costMicro: 600 * AC });
    expect(await balanceOf(m)).toBe(400 * AC);
    const again = await buy(as(m), 2, key);
    expect(again).toMatchObject({ replayed: true, bottlesOwned: 2 });
    expect(await balanceOf(m)).toBe(400 * AC);
    expect(await bottles(as(m))).toEqual({ bottlesOwned: 2, priceMicro: 300 * AC });
    expect(await refusal(buy(as(m), 3, key))).toMatchObject({ code: status.ALREADY_EXISTS });
    await waitFor(() =>
      recorder.records.find(
        (r) => r.headers['aura-event-type'] === 'genie.bottles_purchased' && r.key === m.id,
      ),
    );
  });

  it('passes the spending pause on with its code, forgets the refused purchase, then buys once with the yes', async () => {
    const m = await member(1000);
    await economy.call(
      'updateSpendingSettings',
      { pauseThresholdMicro: 100 * AC, removeDailyLimit: false, removePauseThreshold: false },
      as(m),
    );
    economy.mood.low.add(m.id);
    const key = randomUUID();
    const paused = await buy(as(m), 1, key).catch((error: ServiceError) => error);
    expect(paused).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Take a breath — still want to spend 300 AC?',
    });
    expect(errorCodeOf(paused as ServiceError)).toBe('pause_required');
    expect(await runtime.mongo.collection('purchases').countDocuments({ user_id: m.id })).toBe(0);
    expect(await balanceOf(m)).toBe(1000 * AC);
    // The same request, under the same key, with the member's yes.
    const bought = await call<contract.PurchaseResult>(
      'purchaseBottles',
      { quantity: 1, confirmPause: true },
      as(m),
      key,
    );
    expect(bought).toMatchObject({ quantity: 1, costMicro: 300 * AC, bottlesOwned: 1 });
    expect(await balanceOf(m)).toBe(700 * AC);
    // The daily limit's refusal passes through as a rule, with its code.
    await economy.call('updateSpendingSettings', { dailyLimitMicro: 400 * AC }, as(m));
    const limited = await buy(as(m), 1).catch((error: ServiceError) => error);
    expect(limited).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'This would go over your daily spending limit of 400 AC: 100 AC left today.',
    });
    expect(errorCodeOf(limited as ServiceError)).toBe('daily_limit_reached');
    expect(await balanceOf(m)).toBe(700 * AC);
  });

  it('reveals nothing without a bottle', async () => {
    const m = await member();
    expect(await refusal(reveal(as(m)))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'You have no bottles to reveal',
    });
  });

  it('spends exactly one bottle per reveal under concurrent calls', async () => {
    const m = await member(900);
    await buy(as(m), 3);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => reveal(as(m)).catch((e) => e as ServiceError)),
    );
    const revealed = outcomes.filter((o) => 'genie' in o) as contract.UserGenie[];
    expect(revealed.length).toBe(3);
    for (const failure of outcomes.filter((o) => !('genie' in o)))
      expect((failure as ServiceError).details).toBe('You have no bottles to reveal');
    expect((await bottles(as(m))).bottlesOwned).toBe(0);
    const mine = await collection(as(m));
    expect(mine.map((g) => g.id).sort()).toEqual(revealed.map((g) => g.id).sort());
    for (const genie of revealed) {
      expect(RARITIES).toContain(genie.genie!.rarity);
      expect(genie.ownerId).toBe(m.id);
    }
  });
});

describe('owning genies', () => {
  it('lets only the owner nickname or feature a genie; one featured genie per member', async () => {
    const owner = await member(600);
    const other = await member();
    await buy(as(owner), 2);
    const a = await reveal(as(owner));
    const b = await reveal(as(owner));
    expect(await refusal(call('setNickname', { userGenieId: a.id, nickname: 'Mine' }, as(other)))).toEqual({
      code: status.NOT_FOUND,
      details: 'Genie not found',
    });
    expect(await refusal(call('setFeatured', { userGenieId: a.id }, as(other)))).toMatchObject({
      code: status.NOT_FOUND,
    });
    expect(
      await refusal(call('setNickname', { userGenieId: a.id, nickname: 'x'.repeat(31) }, as(owner))),
    ).toMatchObject({ details: 'Nickname must be at most 30 characters' });
    expect(
      await call<contract.UserGenie>('setNickname', { userGenieId: a.id, nickname: ' Sparky ' }, as(owner)),
    ).toMatchObject({
      nickname: 'Sparky',
    });
    await call('setFeatured', { userGenieId: a.id }, as(owner));
    await call('setFeatured', { userGenieId: b.id }, as(owner));
    const list = await collection(as(other), owner.id);
    expect(list.filter((g) => g.isFeatured).map((g) => g.id)).toEqual([b.id]);
    const featured = await call<contract.FeaturedGenie>('getFeatured', { userId: owner.id }, as(other));
    expect(featured).toMatchObject({ found: true, genie: { id: b.id } });
    expect((await call<contract.FeaturedGenie>('getFeatured', { userId: other.id }, as(owner))).found).toBe(
      false,
    );
  });

  it("answers a member's collection, bottles and claims from indexes", async () => {
    const owner = randomUUID();
    type Query = [string, unknown, mongo.Filter<mongo.Document>, { sort?: mongo.Sort; limit?: number }];
    const queries: Query[] = [
      [
        'the collection',
        genies.userGenies.collection,
        { owner_id: owner },
        { sort: { acquired_at: -1, _id: 1 } },
      ],
      [
        'the next bottle to reveal',
        genies.bottles.collection,
        { owner_id: owner, opened: false },
        { sort: { created_at: 1, _id: 1 }, limit: 20 },
      ],
      [
        'the last claim window',
        genies.claims.collection,
        { user_id: owner },
        { sort: { seq: -1 }, limit: 1 },
      ],
      ['a username', genies.members.collection, { username_lower: 'someone' }, {}],
    ];
    for (const [query, collection, filter, options] of queries) {
      const stages = await explainFind(collection as mongo.Collection, filter, options);
      expect({ query, stages, indexed: servedByIndex(stages) }).toMatchObject({ query, indexed: true });
      expect({ query, stages }).toEqual({ query, stages: expect.not.arrayContaining(['SORT']) });
    }
  });
});

describe('earnings', () => {
  it('pays what accrued since acquisition, once, even for two concurrent claims', async () => {
    const m = await member(300);
    await buy(as(m), 1);
    const genie = await reveal(as(m));
    const rate = genie.dailyEarningRateMicro;
    await age(m.id, DAY_MS);
    const before = await balanceOf(m);
    const [first, second] = await Promise.all([claim(as(m)), claim(as(m))]);
    const paid = (await balanceOf(m)) - before;
    // The day was credited once: either both calls answered the same window, or the later one found
    // it done and took only the milliseconds since.
    const [larger, smaller] = [first, second].sort((a, b) => b.amountMicro - a.amountMicro);
    expect(larger.amountMicro).toBeGreaterThanOrEqual(rate);
    if (first.transferId === second.transferId) expect(paid).toBe(larger.amountMicro);
    else expect(paid).toBe(larger.amountMicro + smaller.amountMicro);
    expect(paid).toBeLessThan(rate + Math.ceil(rate / 1000));
    // Claiming again at once pays only the few milliseconds in between (never the day again).
    const again = await claim(as(m));
    expect(again.amountMicro).toBeLessThan(Math.ceil(rate / 1000));
    const stats = await call<contract.GenieStats>('getStats', {}, as(m));
    expect(stats.lifetimeEarningsMicro).toBe(paid + again.amountMicro);
    await waitFor(() =>
      recorder.records.find(
        (r) => r.headers['aura-event-type'] === 'genie.earnings_claimed' && r.key === m.id,
      ),
    );
  });

  it('pays ×1.5 to SuperAura members', async () => {
    const m = await member(300);
    await genies.members.directory.profileChanged(
      { ...profile(m.id, (await genies.members.find(m.id))!.username!), isSuperAura: true },
      new Date(),
    );
    await buy(as(m), 1);
    const genie = await reveal(as(m));
    expect(genie.dailyEarningRateMicro).toBe((genie.genie!.dailyEarningRateMicro * 3) / 2);
    // The featured genie (a profile's) at the member's rate too, and a change of featured shows at once.
    expect((await call<contract.FeaturedGenie>('getFeatured', { userId: m.id }, as(m))).found).toBe(false);
    await call('setFeatured', { userGenieId: genie.id }, as(m));
    expect(await call<contract.FeaturedGenie>('getFeatured', { userId: m.id }, as(m))).toMatchObject({
      found: true,
      genie: { id: genie.id, dailyEarningRateMicro: genie.dailyEarningRateMicro },
    });
    await age(m.id, 2 * DAY_MS);
    const result = await claim(as(m));
    expect(result.amountMicro).toBeGreaterThanOrEqual(3 * genie.genie!.dailyEarningRateMicro);
    expect(result.amountMicro).toBeLessThan(3 * genie.genie!.dailyEarningRateMicro + AC / 100);
  });
});

describe('gifts', () => {
  it('go to the member identity says holds a username the projection holds twice', async () => {
    const name = `dup_${randomUUID().slice(0, 8)}`;
    const [stale, current] = [randomUUID(), randomUUID()];
    const members = new MembersService(genies.members, {
      find: async (id) => (id === current ? { id, username: name } : null),
    });
    await genies.members.directory.registered(profile(stale, name), new Date());
    await genies.members.directory.registered(profile(current, name), new Date());
    expect((await members.findByUsername(name))?._id).toBe(current);
    expect((await members.findByUsername(`@${name.toUpperCase()}`))?._id).toBe(current);
  });

  it('moves a genie for good: earnings claimed first, featured flag dropped, never sent on', async () => {
    const sender = await member(300);
    const recipient = await member();
    const third = await member();
    await buy(as(sender), 1);
    const genie = await reveal(as(sender));
    await call('setFeatured', { userGenieId: genie.id }, as(sender));
    await age(sender.id, DAY_MS);
    const before = await balanceOf(sender);
    const senderName = (await genies.members.find(recipient.id))!.username!;

    expect(
      await refusal(
        call('sendGenie', { userGenieId: genie.id, recipientUsername: '', message: '' }, as(sender)),
      ),
    ).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'Please select a genie and enter recipient username',
    });
    expect(
      await refusal(
        call(
          'sendGenie',
          { userGenieId: genie.id, recipientUsername: 'nobody_here_x', message: '' },
          as(sender),
        ),
      ),
    ).toEqual({ code: status.NOT_FOUND, details: 'User not found' });
    const selfName = (await genies.members.find(sender.id))!.username!;
    expect(
      await refusal(
        call('sendGenie', { userGenieId: genie.id, recipientUsername: selfName, message: '' }, as(sender)),
      ),
    ).toMatchObject({ details: 'You cannot send a genie to yourself' });
    expect(
      await refusal(
        call(
          'sendGenie',
          { userGenieId: genie.id, recipientUsername: senderName, message: 'x'.repeat(201) },
          as(sender),
        ),
      ),
    ).toMatchObject({ details: 'Message must be at most 200 characters' });
    expect(
      await refusal(
        call('sendGenie', { userGenieId: genie.id, recipientUsername: senderName, message: '' }, as(third)),
      ),
    ).toEqual({ code: status.NOT_FOUND, details: 'Genie not found' });

    const sent = await call<contract.SendGenieResult>(
      'sendGenie',
      { userGenieId: genie.id, recipientUsername: senderName.toUpperCase(), message: 'For you' },
      as(sender),
    );
    expect(sent).toMatchObject({ recipientId: recipient.id, recipientUsername: senderName });
    expect((await balanceOf(sender)) - before).toBeGreaterThanOrEqual(genie.dailyEarningRateMicro);
    expect(await collection(as(sender))).toEqual([]);
    expect((await call<contract.FeaturedGenie>('getFeatured', { userId: sender.id }, as(sender))).found).toBe(
      false,
    );
    const received = await collection(as(recipient));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      id: genie.id,
      receivedAsGift: true,
      giftedBy: sender.id,
      isFeatured: false,
    });
    expect(received[0].pendingEarningsMicro).toBeLessThan(AC);

    const thirdName = (await genies.members.find(third.id))!.username!;
    expect(
      await refusal(
        call(
          'sendGenie',
          { userGenieId: genie.id, recipientUsername: thirdName, message: '' },
          as(recipient),
        ),
      ),
    ).toEqual({
      code: status.FAILED_PRECONDITION,
      details: 'A genie received as a gift cannot be sent again',
    });
    await waitFor(() =>
      recorder.records.find((r) => r.headers['aura-event-type'] === 'genie.sent' && r.key === recipient.id),
    );
  });
});

describe('identity out of reach', () => {
  it('is a 503 where its answer decides, never "User not found"; with identity back, the answers as before', async () => {
    let identityUp = false;
    // A second genies over the same database, with an identity that answers only while it is up.
    const withIdentity = await NestFactory.createApplicationContext(
      GeniesModule.register(
        runtime,
        testConfig({ AURA_DB_SUFFIX: `genies_${process.env.AURA_DB_SUFFIX || 'test'}` }),
        {
          money: new EconomyGenieMoney(economy.clientAs('genies')),
          identity: {
            find: async (userId) => {
              if (!identityUp) throw new Error('14 UNAVAILABLE: No connection established');
              return userId === unseen.id ? { id: unseen.id, username: unseen.name } : null;
            },
          },
        },
      ),
      { logger: false },
    );
    const unseen = { id: randomUUID(), name: `unseen_${randomUUID().slice(0, 8)}` };
    try {
      await withIdentity.init();
      const gifts = withIdentity.get(GiftsService);
      const collections = withIdentity.get(CollectionService);
      const earnings = withIdentity.get(EarningsService);
      const sender = await member(300);
      await buy(as(sender), 1);
      const genie = await reveal(as(sender));
      const unavailable = { grpcStatus: status.UNAVAILABLE, message: IDENTITY_UNAVAILABLE };

      await expect(gifts.send(as(sender), genie.id, unseen.name, '')).rejects.toMatchObject(unavailable);
      await expect(collections.collection(unseen.id)).rejects.toMatchObject(unavailable);
      await expect(earnings.claim(as(unseen))).rejects.toMatchObject(unavailable);
      expect((await collection(as(sender))).map((g) => g.id)).toEqual([genie.id]);

      identityUp = true;
      await expect(gifts.send(as(sender), genie.id, 'nobody_here_x', '')).rejects.toMatchObject({
        grpcStatus: status.NOT_FOUND,
        message: 'User not found',
      });
      expect(await collections.collection(unseen.id)).toEqual([]);
      expect((await genies.members.find(unseen.id))?.username).toBe(unseen.name);
    } finally {
      await withIdentity.close();
    }
  });
});

describe('the bottle price', () => {
  it('is the super admin’s, 50-1000 AC, persisted and charged', async () => {
    const m = await member(1000);
    expect(await refusal(call('setBottlePrice', { priceMicro: 100 * AC }, as(m)))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    for (const price of [49 * AC, 1001 * AC, 0])
      expect(await refusal(call('setBottlePrice', { priceMicro: price }, superAdmin))).toEqual({
        code: status.FAILED_PRECONDITION,
        details: 'Genie bottle price must be between 50 and 1000 AuraCoin',
      });
    try {
      expect(
        await call<contract.Bottles>('setBottlePrice', { priceMicro: 50 * AC }, superAdmin),
      ).toMatchObject({
        priceMicro: 50 * AC,
      });
      expect((await bottles(as(m))).priceMicro).toBe(50 * AC);
      await buy(as(m), 3);
      expect(await balanceOf(m)).toBe(850 * AC);
    } finally {
      await call('setBottlePrice', { priceMicro: 300 * AC }, superAdmin);
    }
  });
});

describe('the ledger', () => {
  it('adds up after everything above', async () => {
    const report = await verifyLedger(economy.economy.ledger.store);
    expect({
      mismatches: report.mismatches,
      negative: report.negativeBalances,
      sum: report.sumMicro,
    }).toEqual({
      mismatches: [],
      negative: [],
      sum: 0,
    });
  });
});
