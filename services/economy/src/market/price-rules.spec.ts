import { factsOf, sumFacts } from './market-facts';

const factOf = (type: string, payload: unknown, at: string) => factsOf(type, payload, at)[0];
import {
  cappedPrice,
  dailyCap,
  dayOpenFor,
  downsample,
  formulaPrice,
  historyHours,
  HOURS_MESSAGE,
  percentChange,
  pointAtOrBefore,
  usdOf,
} from './price-rules';

describe('coin price formula', () => {
  it('is $1.00 plus $0.001 per full 1,000 members plus $0.0001 per full 10,000 engagements', () => {
    expect(formulaPrice(0, 0)).toBe(1_000_000);
    expect(formulaPrice(999, 9_999)).toBe(1_000_000);
    expect(formulaPrice(1_000, 0)).toBe(1_001_000);
    expect(formulaPrice(2_500, 0)).toBe(1_002_000);
    expect(formulaPrice(0, 10_000)).toBe(1_000_100);
    expect(formulaPrice(12_345, 123_456)).toBe(1_000_000 + 12 * 1_000 + 12 * 100);
  });

  it('never rises more than 5% above the price at the start of the UTC day', () => {
    expect(dailyCap(1_000_000)).toBe(1_050_000);
    expect(dailyCap(1_234_567)).toBe(1_296_295); // 1,296,295.35 rounded down
    expect(cappedPrice(1_100_000, 1_000_000)).toBe(1_050_000);
    expect(cappedPrice(1_040_000, 1_000_000)).toBe(1_040_000);
  });

  it('opens a day at the last price of the day before, and keeps that open all day', () => {
    const yesterday = {
      at: new Date('2026-11-20T23:59:00Z'),
      priceMicroUsd: 1_050_000,
      dayOpenMicroUsd: 1_000_000,
    };
    expect(dayOpenFor(new Date('2026-11-21T00:00:00Z'), yesterday, 2_000_000)).toBe(1_050_000);
    const today = {
      at: new Date('2026-11-21T10:00:00Z'),
      priceMicroUsd: 1_080_000,
      dayOpenMicroUsd: 1_050_000,
    };
    expect(dayOpenFor(new Date('2026-11-21T10:01:00Z'), today, 2_000_000)).toBe(1_050_000);
    // The very first snapshot opens at the formula's price.
    expect(dayOpenFor(new Date('2026-11-21T10:01:00Z'), undefined, 1_003_000)).toBe(1_003_000);
  });

  it('reports changes as percentages (0 without a reference)', () => {
    expect(percentChange(1_050_000, 1_000_000)).toBe(5);
    expect(percentChange(990_000, 1_000_000)).toBe(-1);
    expect(percentChange(1_000_100, 1_000_000)).toBe(0.01);
    expect(percentChange(1_000_000, undefined)).toBe(0);
  });

  it('values AC in USD with integers, rounding down', () => {
    expect(usdOf(2_500_000, 1_050_000)).toBe(2_625_000);
    expect(usdOf(1, 1_500_000)).toBe(1);
    expect(usdOf(9_000_000_000_000, 1_001_000)).toBe(9_009_000_000_000);
  });
});

describe('price history', () => {
  it('takes hours 1–720, 24 by default, and refuses anything else', () => {
    expect(historyHours(undefined)).toBe(24);
    expect(historyHours(0)).toBe(24);
    expect(historyHours(1)).toBe(1);
    expect(historyHours(720)).toBe(720);
    for (const bad of [-1, 721, 1.5, NaN]) expect(() => historyHours(bad)).toThrow(HOURS_MESSAGE);
  });

  const minutes = (from: Date, count: number) =>
    Array.from({ length: count }, (_, i) => ({ at: new Date(from.getTime() + i * 60_000), i }));

  it('keeps at most ~300 points spread over the range, the last of each bucket, oldest first', () => {
    const to = new Date('2026-11-21T10:00:00Z');
    const from = new Date(to.getTime() - 24 * 3600_000);
    const points = minutes(from, 24 * 60 + 1);
    const kept = downsample(points, from, to);
    expect(kept.length).toBeLessThanOrEqual(300);
    expect(kept.length).toBeGreaterThan(280);
    expect(kept.at(-1)).toBe(points.at(-1));
    for (let i = 1; i < kept.length; i += 1) expect(kept[i].at > kept[i - 1].at).toBe(true);
    // An hour of minutes is kept whole, and points outside the range are left out.
    const hourFrom = new Date(to.getTime() - 3600_000);
    expect(downsample(points, hourFrom, to)).toHaveLength(61);
  });

  it('finds the reference point of a change: the last at or before a time, else the oldest', () => {
    const points = minutes(new Date('2026-11-21T00:00:00Z'), 10);
    expect(pointAtOrBefore(points, new Date('2026-11-21T00:05:30Z'))?.i).toBe(5);
    expect(pointAtOrBefore(points, new Date('2026-11-20T00:00:00Z'))?.i).toBe(0);
    expect(pointAtOrBefore([], new Date())).toBeUndefined();
  });
});

describe('market facts', () => {
  const at = '2026-11-21T10:00:00.000Z';
  const tipPayload = {
    kind: 'tip',
    fromAccount: 'user:a',
    toAccount: 'user:b',
    amountMicro: 2_000_000,
    senderId: 'a',
    recipientId: 'b',
    memberInitiated: true,
    completedAt: at,
  };

  it('counts likes, comments and tips as engagements, and posts only as activity', () => {
    const like = factOf('post.liked', { postId: 'p1', likerId: 'u1', changedAt: at }, at);
    const comment = factOf('comment.created', { commentId: 'c1', commenterId: 'u2', createdAt: at }, at);
    const post = factOf('post.created', { postId: 'p2', authorId: 'u3', isStory: false, createdAt: at }, at);
    const story = factOf('post.created', { postId: 'p3', authorId: 'u3', isStory: true, createdAt: at }, at);
    expect(like).toMatchObject({ _id: 'like:p1:u1', actor: 'u1', engagement: 1 });
    expect(comment).toMatchObject({ _id: 'comment:c1', actor: 'u2', engagement: 1 });
    expect(post).toMatchObject({ _id: 'post:p2', actor: 'u3', engagement: 0 });
    expect(story).toBeUndefined();
  });

  it('counts member-initiated AC as volume and follows what members hold', () => {
    const tip = factOf(
      'transfer.completed',
      {
        transferId: 't1',
        kind: 'tip',
        fromAccount: 'user:a',
        toAccount: 'user:b',
        amountMicro: 2_000_000,
        senderId: 'a',
        memberInitiated: true,
        completedAt: at,
      },
      at,
    );
    const reward = factOf(
      'transfer.completed',
      {
        transferId: 't2',
        kind: 'reward',
        fromAccount: 'rewards',
        toAccount: 'user:b',
        amountMicro: 10_000,
        memberInitiated: false,
      },
      at,
    );
    const debit = factOf(
      'transfer.completed',
      {
        transferId: 't3',
        kind: 'adjustment',
        fromAccount: 'user:b',
        toAccount: 'adjustments',
        amountMicro: 5_000,
        memberInitiated: false,
      },
      at,
    );
    expect(tip).toMatchObject({
      kind: 'tip',
      actor: 'a',
      engagement: 0,
      volume_micro: 2_000_000,
      supply_micro: 0,
    });
    expect(reward).toMatchObject({
      kind: 'ledger',
      actor: '',
      engagement: 0,
      volume_micro: 0,
      supply_micro: 10_000,
    });
    expect(debit).toMatchObject({ supply_micro: -5_000 });
    const tipFacts = factsOf('transfer.completed', { ...tipPayload, transferId: 't1' }, at);
    expect(sumFacts([...tipFacts, reward!, debit!])).toEqual({
      activeUsers: 1,
      engagements: 1,
      volume: 2_000_000,
      supply: 5_000,
    });
  });

  it('counts a tip as an engagement once per sender, recipient and day, its volume every time', () => {
    const tips = [1, 2, 3].flatMap((n) =>
      factsOf('transfer.completed', { ...tipPayload, transferId: `t${n}` }, at),
    );
    const ids = new Set(tips.map((tip) => tip._id));
    // Stored by _id (insert once): three transfers, one engagement for the pair's day.
    const stored = [...new Map(tips.map((tip) => [tip._id, tip])).values()];
    expect(ids.size).toBe(4);
    expect(sumFacts(stored)).toMatchObject({ engagements: 1, volume: 6_000_000 });
    const nextDay = factsOf(
      'transfer.completed',
      { ...tipPayload, transferId: 't4', completedAt: '2026-11-22T10:00:00.000Z' },
      at,
    );
    expect(nextDay[1]._id).toBe('tip:a:b:2026-11-22');
  });
});
