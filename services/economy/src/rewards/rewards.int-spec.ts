// Rewards from real Kafka events (social's content events, identity's member events) through the
// economy's consumers, against the real local infrastructure.
import { Caller, createEvent, EventRecord } from '@aura/platform';
import { recordTopics, testConfig, waitFor } from '@aura/platform/testing';
import { economy as contract, economyEvents } from '@aura/proto';
import { randomUUID } from 'node:crypto';
import { Harness, objectId, startEconomy } from '../../test/harness';

let h: Harness;

beforeAll(async () => {
  h = await startEconomy('rewards', { consumers: true });
});

afterAll(async () => {
  await h?.stop();
});

const today = () => new Date().toISOString();
const as = (userId: string): Caller => ({ userId, role: 'user' });
const wallet = (userId: string) =>
  h.call('getWallet', { userId: '' }, as(userId)) as Promise<contract.Wallet>;
const history = async (userId: string) =>
  (
    (await h.call(
      'listTransactions',
      { userId: '', cursor: '', limit: 100 },
      as(userId),
    )) as contract.TransactionPage
  ).transactions;
const publish = (...records: EventRecord[]) => h.runtime.bus.publish(records);

function postCreated(
  authorId: string,
  extra: { isStory?: boolean; createdAt?: string; postId?: string } = {},
) {
  const postId = extra.postId ?? randomUUID();
  return createEvent('social', 'post.created', postId, {
    postId,
    authorId,
    isStory: extra.isStory ?? false,
    category: 'general',
    contentType: 'text',
    mediaUrl: '',
    tags: [],
    mentionedUserIds: [],
    createdAt: extra.createdAt ?? today(),
  });
}
const liked = (postId: string, authorId: string, likerId: string) =>
  createEvent('social', 'post.liked', postId, {
    postId,
    authorId,
    likerId,
    likesCount: 1,
    changedAt: today(),
  });
const commented = (postId: string, postAuthorId: string, commenterId: string, createdAt = today()) =>
  createEvent('social', 'comment.created', postId, {
    commentId: randomUUID(),
    postId,
    postAuthorId,
    commenterId,
    parentCommentId: '',
    parentAuthorId: '',
    mentionedUserIds: [],
    createdAt,
  });

/** Waits until the balance is `expected`, then a little longer to see that nothing more is paid. */
async function settlesAt(userId: string, expected: number) {
  await waitFor(async () => (await wallet(userId)).balanceMicro === expected, {
    timeoutMs: 240_000,
    what: `balance ${expected} for ${userId}`,
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await wallet(userId)).balanceMicro).toBe(expected);
}

describe('rewards from events', () => {
  it('pays +0.01 AC for a post (not a story), once even when the event is delivered again', async () => {
    const author = objectId();
    const event = postCreated(author);
    const story = postCreated(author, { isStory: true });
    await publish(event, story);
    await publish(event); // redelivered: same event id
    const sameFact = postCreated(author, { postId: event.key });
    await publish(sameFact); // the same post announced twice under another event id
    await settlesAt(author, 10_000);
    expect(await wallet(author)).toMatchObject({ balanceMicro: 10_000, totalEarnedMicro: 10_000 });
    expect((await history(author)).map((t) => [t.description, t.transactionType, t.amountMicro])).toEqual([
      ['Reward for sharing a post', 'earning', 10_000],
    ]);
  });

  it('pays +0.01 AC to the author per liker and post, ever, and nothing for liking your own post', async () => {
    const [author, fan] = [objectId(), objectId()];
    const postId = randomUUID();
    await publish(liked(postId, author, fan), liked(postId, author, author));
    await publish(liked(postId, author, fan)); // a like after an unlike: a new event, the same fact
    await publish(liked(randomUUID(), author, fan));
    await settlesAt(author, 20_000);
    expect((await wallet(fan)).balanceMicro).toBe(0);
  });

  it('pays +0.05 AC to the post author and +0.03 AC to the commenter, nothing on your own post', async () => {
    const [author, commenter] = [objectId(), objectId()];
    const postId = randomUUID();
    await publish(commented(postId, author, commenter), commented(postId, author, author));
    await settlesAt(author, 50_000);
    await settlesAt(commenter, 30_000);
    expect((await history(commenter))[0]).toMatchObject({
      description: 'Reward for commenting on a post',
      transactionType: 'earning',
    });
  });

  it('pays the first 20 posts of a UTC day, and counts another day apart', async () => {
    const author = objectId();
    // Tomorrow and the day after (UTC): days of their own, whatever today's count.
    const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
    const posts = Array.from({ length: 23 }, (_, i) =>
      postCreated(author, { createdAt: `${day(1)}T${String(i).padStart(2, '0')}:00:00.000Z` }),
    );
    await publish(...posts, postCreated(author, { createdAt: `${day(2)}T00:00:01.000Z` }));
    await settlesAt(author, 21 * 10_000);
  }, 300_000);

  it('pays the first 50 comments of a day to the author and to the commenter, even all at once', async () => {
    // Straight to RewardsService (what the consumer calls per event): 51 comments arriving together.
    const [author, commenter] = [objectId(), objectId()];
    const at = new Date(Date.now() + 86400_000);
    const outcomes = await Promise.all(
      Array.from({ length: 51 }, () => randomUUID()).flatMap((commentId) => [
        h.economy.rewards.grant({ reason: 'comment_received', userId: author, sourceId: commentId, at }),
        h.economy.rewards.grant({ reason: 'comment_written', userId: commenter, sourceId: commentId, at }),
      ]),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(100);
    expect(outcomes.filter((o) => o === 'daily_limit')).toHaveLength(2);
    expect((await wallet(author)).balanceMicro).toBe(50 * 50_000);
    expect((await wallet(commenter)).balanceMicro).toBe(50 * 30_000);
  }, 300_000);

  it('pays SuperAura members ×1.5 in exact micro-AC, and says so in reward.paid', async () => {
    const member = objectId();
    const recorder = await recordTopics(testConfig().KAFKA_BROKERS, ['aura.economy.ledger']);
    try {
      await publish(
        createEvent('identity', 'user.profile_changed', member, {
          userId: member,
          username: 'radiant_one',
          displayName: 'Radiant',
          profilePicture: '',
          auraScore: 800,
          role: 'user',
          isSuperAura: true,
          changedAt: today(),
          bio: '',
        }),
      );
      await waitFor(async () => (await h.economy.members.find(member, { askIdentity: false }))?.isSuperAura, {
        timeoutMs: 60_000,
        what: 'the SuperAura member in the projection',
      });
      const other = objectId();
      await publish(
        postCreated(member),
        commented(randomUUID(), member, other),
        commented(randomUUID(), other, member),
      );
      // post 15,000 + comment received 75,000 + comment written 45,000
      await settlesAt(member, 15_000 + 75_000 + 45_000);
      await settlesAt(other, 30_000 + 50_000);
      const paid = await waitFor(
        () => {
          // Delivery is at least once: a re-published event carries the same id, and consumers keep one.
          const byId = new Map(
            recorder.records
              .filter((r) => r.headers['aura-event-type'] === 'reward.paid' && r.key === member)
              .map((r) => [r.headers['aura-event-id'], economyEvents.RewardPaid.decode(r.value)]),
          );
          const mine = [...byId.values()];
          return mine.length >= 3 ? mine : undefined;
        },
        { timeoutMs: 60_000, what: 'three reward.paid events' },
      );
      expect(paid.map((p) => [p.reason, p.amountMicro]).sort()).toEqual([
        ['comment_received', 75_000],
        ['comment_written', 45_000],
        ['post_created', 15_000],
      ]);
      expect(paid.every((p) => p.superAuraBonus && p.userId === member)).toBe(true);
    } finally {
      await recorder.stop();
    }
  }, 300_000);

  it('pays nothing for an action from before the ledger existed', async () => {
    const author = objectId();
    const before = new Date(h.economy.ledger.createdAt.getTime() - 60_000);
    expect(
      await h.economy.rewards.grant({
        reason: 'post_created',
        userId: author,
        sourceId: randomUUID(),
        at: before,
      }),
    ).toBe('before_ledger');
    expect((await wallet(author)).balanceMicro).toBe(0);
  });

  it('leaves the ledger consistent: rewards balanced by the rewards account', async () => {
    const report = (await h.call(
      'verifyLedger',
      {},
      { userId: objectId(), role: 'admin' },
    )) as contract.LedgerReport;
    expect(report).toMatchObject({ ok: true, sumMicro: 0, mismatches: [] });
    const rewards = report.systemBalances.find((b) => b.account === 'rewards');
    expect(rewards?.balanceMicro).toBe(-report.membersTotalMicro);
  });
});

describe('daily reward limits', () => {
  it("pays each event once, up to the day's limit, even all at once and redelivered", async () => {
    const author = objectId();
    const at = new Date();
    const claims = Array.from({ length: 25 }, () => ({
      reason: 'post_created' as const,
      userId: author,
      sourceId: randomUUID(),
      at,
    }));
    // Every claim delivered twice, all at once.
    const outcomes = await Promise.all([...claims, ...claims].map((claim) => h.economy.rewards.grant(claim)));
    const first = outcomes.slice(0, 25);
    const second = outcomes.slice(25);
    const paidSources = claims.filter((_, i) => first[i] === 'paid' || second[i] === 'paid');
    expect(paidSources).toHaveLength(20);
    for (let i = 0; i < 25; i += 1) {
      const pair = [first[i], second[i]].sort();
      expect([
        ['already_paid', 'paid'],
        ['daily_limit', 'daily_limit'],
      ]).toContainEqual(pair);
    }
    const transfers = await h.economy.ledger.store.transfers.countDocuments({
      kind: 'reward',
      to: `user:${author}`,
    });
    expect(transfers).toBe(20);
    // A later event that day is over the limit; a redelivery of a paid one is still "already paid".
    expect(await h.economy.rewards.grant({ ...claims[0], sourceId: randomUUID() })).toBe('daily_limit');
    expect(await h.economy.rewards.grant(paidSources[0])).toBe('already_paid');
  });

  it('pays a run of claims at once as grant() would each in turn: limits, repeats, several members', async () => {
    const [author, liked] = [objectId(), objectId()];
    const at = new Date(Date.now() + 2 * 86400_000);
    const posts = Array.from({ length: 22 }, () => ({
      reason: 'post_created' as const,
      userId: author,
      sourceId: randomUUID(),
      at,
    }));
    const likes = Array.from({ length: 3 }, () => ({
      reason: 'like_received' as const,
      userId: liked,
      sourceId: randomUUID(),
      at,
    }));
    // A repeat inside the run (an event delivered twice in one fetch) is paid once.
    const run = [...posts, ...likes, posts[0], likes[0]];
    expect(await h.economy.rewards.grantAll(run)).toEqual([
      ...Array<string>(20).fill('paid'),
      'daily_limit',
      'daily_limit',
      ...Array<string>(3).fill('paid'),
      'already_paid',
      'already_paid',
    ]);
    // The whole run again (a redelivery after a crash): nothing more is paid, nothing more is counted.
    expect(await h.economy.rewards.grantAll(run)).toEqual([
      ...Array<string>(20).fill('already_paid'),
      'daily_limit',
      'daily_limit',
      ...Array<string>(5).fill('already_paid'),
    ]);
    expect((await wallet(author)).balanceMicro).toBe(20 * 10_000);
    expect((await wallet(liked)).balanceMicro).toBe(3 * 10_000);
    const transfers = await h.economy.ledger.store.transfers.countDocuments({
      kind: 'reward',
      to: { $in: [`user:${author}`, `user:${liked}`] },
    });
    expect(transfers).toBe(23);
    const entries = await history(author);
    expect(entries.filter((entry) => entry.amountMicro === 10_000)).toHaveLength(20);
  });

  it('two runs of the same claims at once (two consumers after a rebalance) pay each claim once', async () => {
    const member = objectId();
    const at = new Date();
    const claims = Array.from({ length: 5 }, () => ({
      reason: 'comment_written' as const,
      userId: member,
      sourceId: randomUUID(),
      at,
    }));
    const [first, second] = await Promise.all([
      h.economy.rewards.grantAll(claims),
      h.economy.rewards.grantAll(claims),
    ]);
    for (let i = 0; i < claims.length; i += 1)
      expect([first[i], second[i]].sort()).toEqual(['already_paid', 'paid']);
    expect((await wallet(member)).balanceMicro).toBe(5 * 30_000);
  });
});
