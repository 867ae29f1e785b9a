// Social under concurrency through the gateway (HTTP), on the test stack's MongoDB server: 400 members
// liking one post at once are counted exactly (and 200 of them unliking at once), a mix of concurrent
// follows and unfollows ends at counts equal to the follows stored, and a story is deleted by its TTL
// index once its expiry has passed.
import { eventsConsumed, testConfig, waitFor } from '@aura/platform/testing';
import { MongoClient } from 'mongodb';
import { api, newMember } from './support/api';
import { CATCH_UP_TIMEOUT_MS, createPost, Member, socialCaughtUp, socialMembers } from './support/social';

let mongo: MongoClient;
const socialDb = () => mongo.db(`aura_social_${process.env.AURA_DB_SUFFIX || 'test'}`);

beforeAll(async () => {
  mongo = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
  await socialCaughtUp();
}, CATCH_UP_TIMEOUT_MS);

afterAll(async () => {
  await mongo?.close();
});

/** Runs `task` over `items`, at most `limit` at a time (sign-ups hash passwords: a pool, not a burst). */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]);
      }
    }),
  );
  return results;
}

/**
 * Members who only act (a like needs no profile at social), signed up through the gateway. Social
 * learns of them from identity's event later, which a like does not wait for.
 */
async function signUp(count: number): Promise<Member[]> {
  return pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    async () => {
      const member = newMember('clike');
      const answer = await api('POST', '/auth/register', { body: member });
      if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
      return {
        id: answer.body.user.id,
        username: member.username,
        email: member.email,
        token: answer.body.access_token,
      };
    },
  );
}

/** The post as `viewer` sees it in its author's list (likes_count, is_liked). */
async function postAsSeenBy(viewer: Member, author: Member, postId: string) {
  const answer = await api('GET', `/users/${author.id}/posts?limit=5`, { token: viewer.token });
  expect(answer.status).toBe(200);
  const post = (answer.body as { id: string; likes_count: number; is_liked: boolean }[]).find(
    (item) => item.id === postId,
  );
  if (!post) throw new Error(`post ${postId} missing from ${author.id}'s posts`);
  return post;
}

const like = (member: Member, postId: string) =>
  api('POST', `/posts/${postId}/like`, { token: member.token });

/**
 * How many likes are in flight at once. Every like fans out on the bus (a reward in the ledger, a
 * notification, an aura change, explore and the admin read model): measured from the test stack's
 * spans, the 2-core CI machine serves about 40 likes a second with all of that. With 400 requests in
 * flight at once, the services' connection pools move every request forward in lockstep, so each one
 * answers only when nearly all have (~10 s, the gateway's deadline: seen in CI as one 503 of 400).
 * 100 at a time keep 100 concurrent writers on the one counter (the contention this test is about)
 * and leave each request a few seconds. Throughput itself is the benchmarks' job (docs/benchmarks.md).
 */
const IN_FLIGHT = 100;

describe('400 members like one post, 100 at a time', () => {
  it('counts 400 likes, then 200 unlikes, exactly', async () => {
    const [author] = await socialMembers(1, 'cauthor');
    const post = await createPost(author, { content: 'Four hundred hearts' });
    const fans = await signUp(400);
    const { KAFKA_BROKERS, KAFKA_GROUP_PREFIX } = testConfig();
    await eventsConsumed(KAFKA_BROKERS, KAFKA_GROUP_PREFIX);

    const liked = await pool(fans, IN_FLIGHT, (fan) => like(fan, post.id));
    expect(liked.map((answer) => `${answer.status} ${answer.body.liked ?? answer.body.message}`)).toEqual(
      fans.map(() => '200 true'),
    );
    expect(Math.max(...liked.map((answer) => answer.body.likes_count))).toBe(400);
    expect((await postAsSeenBy(author, author, post.id)).likes_count).toBe(400);
    const seen = await pool(fans, 50, (fan) => postAsSeenBy(fan, author, post.id));
    expect(seen.filter((item) => item.is_liked)).toHaveLength(400);

    // Each burst leaves work on the bus (sign-ups: directories and welcome bonuses; likes: rewards,
    // notifications, pushes, read models) that takes about as much CPU as the requests did. A burst
    // must find the 2-core machine idle, or the tail of its requests waits behind that work past the
    // gateway's 10 s deadline (seen in CI: 34 of the 200 unlikes answered 503). This test is about
    // exact counts under contention, not capacity (that is the benchmarks' job).
    await eventsConsumed(KAFKA_BROKERS, KAFKA_GROUP_PREFIX);

    const leaving = fans.slice(0, 200);
    const unliked = await pool(leaving, IN_FLIGHT, (fan) => like(fan, post.id));
    expect(unliked.map((answer) => `${answer.status} ${answer.body.liked ?? answer.body.message}`)).toEqual(
      leaving.map(() => '200 false'),
    );
    expect((await postAsSeenBy(author, author, post.id)).likes_count).toBe(200);
    const after = await pool(fans, 50, (fan) => postAsSeenBy(fan, author, post.id));
    expect(after.map((item) => item.is_liked)).toEqual(fans.map((_, index) => index >= 200));
  }, 300_000);
});

describe('50 members follow one member while 25 of them unfollow', () => {
  it('ends with counts equal to the follows stored', async () => {
    const [star, ...fans] = await socialMembers(51, 'cfollow');
    const leaving = fans.slice(0, 25);
    const requests = [
      ...fans.map((fan) => () => api('POST', `/users/${star.id}/follow`, { token: fan.token })),
      ...leaving.map((fan) => () => api('DELETE', `/users/${star.id}/follow`, { token: fan.token })),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(requests.map((request) => request()));
    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200));

    // The truth is each fan's follow as the API reports it (is_following on the star's profile). A
    // fan whose own unfollow overtook their follow's count may see their following_count one off
    // until social's sweep recounts it (every minute), so the counts are waited for.
    const settled = await waitFor(
      async () => {
        const starProfile = (await api('GET', `/users/${star.id}`, { token: star.token })).body;
        const views = await Promise.all(
          fans.map(async (fan) => {
            const [ofStar, own] = await Promise.all([
              api('GET', `/users/${star.id}`, { token: fan.token }),
              api('GET', `/users/${fan.id}`, { token: fan.token }),
            ]);
            return {
              following: ofStar.body.is_following as boolean,
              followingCount: own.body.following_count,
            };
          }),
        );
        const following = views.filter((view) => view.following).length;
        const agree =
          starProfile.followers_count === following &&
          views.every((view) => view.followingCount === (view.following ? 1 : 0));
        return agree && { followersCount: starProfile.followers_count as number, views };
      },
      { timeoutMs: 150_000, intervalMs: 2000, what: 'follow counts equal to the follows' },
    );
    // Fans who never unfollowed follow for sure; the 25 who did may or may not, by the order of their
    // two requests.
    expect(settled.views.slice(25).every((view) => view.following)).toBe(true);
    expect(settled.followersCount).toBeGreaterThanOrEqual(25);
    expect(settled.followersCount).toBeLessThanOrEqual(50);
  }, 300_000);
});

describe('stories', () => {
  it('a story whose expiry has passed is deleted by the TTL index, and the API no longer serves it', async () => {
    const [author] = await socialMembers(1, 'cstory');
    const story = await createPost(author, { content: 'Here for a moment', is_story: true });
    const served = async () => {
      const [own, strip] = await Promise.all([
        api('GET', `/users/${author.id}/stories`, { token: author.token }),
        api('GET', '/stories', { token: author.token }),
      ]);
      expect([own.status, strip.status]).toEqual([200, 200]);
      const ids = [...own.body, ...strip.body].map((item: { id: string }) => item.id);
      return ids.filter((id) => id === story.id).length;
    };
    expect(await served()).toBe(2);

    // The TTL monitor runs every 60 s by default; once a second for this test. The story's expiry is
    // moved into the past in the test stack's database: the server's clock decides when it expires.
    const posts = socialDb().collection<{ _id: string; expiresAt: Date | null }>('posts');
    await mongo.db('admin').command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
    const moved = await posts.updateOne(
      { _id: story.id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(moved.matchedCount).toBe(1);
    await waitFor(async () => (await posts.findOne({ _id: story.id })) === null, {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the TTL index to delete the story',
    });
    expect(await served()).toBe(0);
    const search = await api(
      'GET',
      `/search?query=${encodeURIComponent('here for a moment')}&content_type=stories`,
      {
        token: author.token,
      },
    );
    expect(search.status).toBe(200);
    expect(search.body.stories.map((item: { id: string }) => item.id)).not.toContain(story.id);
  });
});
