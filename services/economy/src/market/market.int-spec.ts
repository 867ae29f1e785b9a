// The coin market against the real local infrastructure: the backfilled history, minute snapshots
// from real Kafka events (ledger transfers and social's likes), the daily cap, the price event on
// Kafka, and the two public gRPC calls.
import { Caller, createEvent, DomainEvent } from '@aura/platform';
import { ReceivedRecord, recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import { economy as contract, economyEvents, EventPayload, EventType } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { AC, Harness, objectId, refusal, seekToEnd, startEconomy, superAdmin } from '../../test/harness';
import type { SnapshotDoc } from './market.repository';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('market', { market: { backfillDays: 30, settleMs: 0 } });
});

afterAll(async () => {
  await h?.stop();
});

const MINUTE = 60_000;
const as = (member: { id: string }): Caller => ({ userId: member.id, role: 'user' });
const history = (hours: number) => h.call('getPriceHistory', { hours }) as Promise<contract.PriceHistory>;
const facts = () => h.runtime.mongo.collection<{ _id: string }>('market_facts');

function domainEvent<T extends EventType>(type: T, payload: EventPayload<T>): DomainEvent<T> {
  const occurredAt = new Date().toISOString();
  return { id: randomUUID(), type, version: 1, key: '', occurredAt, producer: 'test', payload };
}

describe('coin market', () => {
  it('starts with a flat history back 30 days, so every chart range draws', async () => {
    const month = await history(720);
    expect(month.hours).toBe(720);
    expect(month.points.length).toBeGreaterThan(200);
    expect(month.points.length).toBeLessThanOrEqual(300);
    const first = Date.parse(month.points[0].timestamp);
    expect(Date.now() - first).toBeGreaterThan(29 * 24 * 3600_000);
    expect(month.points.every((point) => point.priceMicroUsd === 1_000_000)).toBe(true);
    const stamps = month.points.map((point) => Date.parse(point.timestamp));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);

    const hour = await history(1);
    expect(hour.points.length).toBeGreaterThanOrEqual(59);
    expect(hour.points.length).toBeLessThanOrEqual(62);
    expect((await history(0)).hours).toBe(24);
    expect((await history(168)).points.length).toBeGreaterThanOrEqual(168);
  });

  it('refuses hours outside 1–720', async () => {
    for (const hours of [721, -1])
      expect(await refusal(history(hours))).toEqual({
        code: status.INVALID_ARGUMENT,
        details: 'hours must be an integer from 1 to 720',
      });
  });

  it('takes a minute snapshot of what happened and announces it on Kafka', async () => {
    const recorder = await recordTopics(testConfig().KAFKA_BROKERS, ['aura.economy.ledger']);
    try {
      const alice = h.identity.add();
      const bob = h.identity.add();
      const gift = (await h.call(
        'adminAdjust',
        { userId: alice.id, amountMicro: 5 * AC, reason: 'gift' },
        superAdmin,
      )) as contract.TransferReceipt;
      const tip = (await h.call(
        'sendTip',
        { recipientId: bob.id, amountMicro: 2 * AC, currency: 'AC', message: '' },
        as(alice),
      )) as contract.TransferReceipt;
      // The ledger's own transfer.completed events, as published on Kafka. (The shared topic carries
      // other suites' transfers too, so this test hands the consumer only its own; the last test
      // checks the consumer's subscription.)
      const transfers = await waitFor(
        () => {
          const found = [gift.transferId, tip.transferId].map((id) =>
            recorder.records.find(
              (r) =>
                r.headers['aura-event-type'] === 'transfer.completed' &&
                economyEvents.TransferCompleted.decode(r.value).transferId === id,
            ),
          );
          return found.every(Boolean) && (found as ReceivedRecord[]);
        },
        { timeoutMs: 30_000, what: 'transfer.completed of the gift and the tip' },
      );
      for (const record of transfers)
        await h.economy.marketConsumer.handle(
          domainEvent('transfer.completed', economyEvents.TransferCompleted.decode(record.value)),
        );
      // A like announced twice (two events, one fact) counts once: in one run of events (the batch
      // handler's one insert), and again later.
      const like = {
        postId: randomUUID(),
        authorId: bob.id,
        likerId: objectId(),
        likesCount: 1,
        changedAt: new Date().toISOString(),
      };
      await h.economy.marketConsumer.handleAll([
        domainEvent('post.liked', like),
        domainEvent('post.liked', like),
      ]);
      await h.economy.marketConsumer.handle(domainEvent('post.liked', like));
      // The gift's, the tip's (its volume, and its engagement once per pair and day: tip_pair) and the like's.
      expect(await facts().countDocuments({})).toBe(4);

      // The middle of the next minute: `at + 1 s` below must stay in the same minute.
      const at = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE + 30_000);
      const snapshot = await h.economy.market.snapshot(at);
      expect(snapshot).toMatchObject({
        at: new Date(Math.floor(at.getTime() / MINUTE) * MINUTE),
        price_micro_usd: 1_000_000,
        total_engagements: 2, // the tip and the like
        engagements_24h: 2,
        active_users_24h: 2, // alice (tipped) and the liker
        volume_24h_micro_usd: 2_000_000, // 2 AC tipped at $1.00
        member_supply_micro: 5 * AC, // the adjustment; the tip moved AC between members
        market_cap_micro_usd: 5_000_000,
        price_change_24h: 0,
      });
      // Once per minute: a second call answers the same snapshot.
      expect((await h.economy.market.snapshot(new Date(at.getTime() + 1000)))._id).toBe(snapshot._id);

      const event = await waitFor(
        () =>
          recorder.records.find(
            (r) =>
              r.headers['aura-event-type'] === 'auracoin.price_updated' &&
              economyEvents.PriceUpdated.decode(r.value).snapshotAt === snapshot.at.toISOString(),
          ),
        { timeoutMs: 30_000, what: 'auracoin.price_updated' },
      );
      expect(event.key).toBe('auracoin');
      expect(economyEvents.PriceUpdated.decode(event.value)).toMatchObject({
        currentPriceMicroUsd: 1_000_000,
        marketCapMicroUsd: 5_000_000,
        volume24hMicroUsd: 2_000_000,
        activeUsers24h: 2,
        totalEngagements24h: 2,
        priceChange24h: 0,
        priceChange7d: 0,
      });

      // GetCoinMarket is public (no caller) and answers the latest snapshot.
      const market = (await h.call('getCoinMarket', {})) as contract.CoinMarket;
      expect(market).toMatchObject({
        currentPriceMicroUsd: 1_000_000,
        marketCapMicroUsd: 5_000_000,
        volume24hMicroUsd: 2_000_000,
        activeUsers24h: 2,
        totalEngagements24h: 2,
        totalEngagements: 2,
        memberSupplyMicro: 5 * AC,
        updatedAt: snapshot.at.toISOString(),
      });
      expect(market.totalUsers).toBeGreaterThanOrEqual(2);
      // The wallet's USD follows the market's price.
      expect(
        ((await h.call('getWallet', { userId: '' }, as(bob))) as contract.Wallet).coinPriceMicroUsd,
      ).toBe(1_000_000);
    } finally {
      await recorder.stop();
    }
  });

  it('never prices more than 5% above the price at the start of the UTC day', async () => {
    const latest = await h.economy.market.snapshot(new Date(Date.now() + MINUTE));
    // A day that opened at $0.90: the formula's $1.00 is held at $0.945.
    // A few minutes ahead, clear of the minutes the service's own timer and the test above write.
    const openedAt = new Date(latest.at.getTime() + 3 * MINUTE);
    const opened: SnapshotDoc = {
      ...latest,
      _id: openedAt.toISOString(),
      at: openedAt,
      price_micro_usd: 900_000,
      day_open_micro_usd: 900_000,
    };
    await h.runtime.mongo.collection<SnapshotDoc>('market_snapshots').insertOne(opened);
    await h.economy.market.init();
    const capped = await h.economy.market.snapshot(new Date(opened.at.getTime() + MINUTE));
    expect(capped.day_open_micro_usd).toBe(900_000);
    expect(capped.price_micro_usd).toBe(945_000);
    expect(capped.total_engagements).toBe(latest.total_engagements);
    // Against the flat $1.00 of a day ago.
    expect(capped.price_change_24h).toBe(-5.5);
    expect((await h.economy.market.history(1, capped.at)).points.at(-1)?.price_micro_usd).toBe(945_000);
  });

  it('keeps each UTC day’s close for good: the price of its latest snapshot', async () => {
    const days = h.runtime.mongo.collection<{ _id: string; close_micro_usd: number; at: Date }>(
      'market_price_days',
    );
    // The 30 days of the backfill have their closes from the start.
    const backfilled = await days.find({}).toArray();
    expect(backfilled.length).toBeGreaterThanOrEqual(30);
    const latest = await h.economy.market.snapshot(new Date(Date.now() + 10 * MINUTE));
    const today = latest.at.toISOString().slice(0, 10);
    const close = await days.findOne({ _id: today });
    expect(close).toMatchObject({ close_micro_usd: latest.price_micro_usd, at: latest.at });
    // Recording the days again (a restart reads the snapshots back) keeps the latest close.
    await h.economy.market.init();
    expect(await days.findOne({ _id: today })).toMatchObject({ at: latest.at });
    const closeOf = await h.economy.market.dailyCloses(new Date(Date.UTC(2020, 0, 1)), latest.at);
    expect(closeOf('2020-01-01')).toBe(1_000_000); // before the first close: $1.00
    expect(closeOf(today)).toBe(latest.price_micro_usd);
  });

  it('records the facts of social events and ledger transfers from Kafka, once each', async () => {
    const config = h.runtime.config as { KAFKA_BROKERS: string[]; KAFKA_GROUP_PREFIX: string };
    await seekToEnd(config.KAFKA_BROKERS, `${config.KAFKA_GROUP_PREFIX}.economy.market`, [
      'aura.social.content',
      'aura.economy.ledger',
    ]);
    await h.economy.marketConsumer.start();
    const carol = h.identity.add();
    const gift = (await h.call(
      'adminAdjust',
      { userId: carol.id, amountMicro: AC, reason: 'gift' },
      superAdmin,
    )) as contract.TransferReceipt;
    const commentId = randomUUID();
    const comment = createEvent('social', 'comment.created', commentId, {
      commentId,
      postId: randomUUID(),
      postAuthorId: objectId(),
      commenterId: carol.id,
      parentCommentId: '',
      parentAuthorId: '',
      mentionedUserIds: [],
      createdAt: new Date().toISOString(),
    });
    await h.runtime.bus.publish([comment, { ...comment, id: randomUUID() }]);
    const mine = [`xfer:${gift.transferId}`, `comment:${commentId}`];
    await waitFor(async () => (await facts().countDocuments({ _id: { $in: mine } })) === 2, {
      timeoutMs: 30_000,
      what: 'the gift and the comment recorded',
    });
    expect(await facts().findOne({ _id: `comment:${commentId}` })).toMatchObject({
      kind: 'comment',
      actor: carol.id,
      engagement: 1,
    });
    expect(await facts().findOne({ _id: `xfer:${gift.transferId}` })).toMatchObject({
      kind: 'ledger',
      supply_micro: AC,
      volume_micro: 0,
    });
  });
});
