// Follows, blocks and the members projection through gRPC against MongoDB, Redis and Kafka.
import { recordTopics, waitFor } from '@aura/platform/testing';
import { socialEvents } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { EDGE_KINDS, EdgeRemovals } from '../common/edges.repository';
import { MembersRepository } from '../members/members.repository';
import { SETTLE_MS } from '../sweep/counter-repair';
import { SocialSweeper } from '../sweep/social-sweeper';
import { Harness, refused, startHarness } from '../test-support/harness';
import { FollowMessages } from './follows.service';
import { FollowsRepository } from './follows.repository';

let h: Harness;
let recorder: Awaited<ReturnType<typeof recordTopics>>;

beforeAll(async () => {
  h = await startHarness('follows');
  recorder = await recordTopics(h.config.KAFKA_BROKERS, ['aura.social.graph']);
});

afterAll(async () => {
  await recorder?.stop();
  await h?.close();
});

function graphEvents(type: 'user.followed' | 'user.unfollowed', followerId: string) {
  return recorder.records
    .filter((record) => record.headers['aura-event-type'] === type && record.key === followerId)
    .map((record) => socialEvents.FollowChanged.decode(record.value));
}

describe('follows', () => {
  it('follows and unfollows idempotently; counts move by one on both members and never go below 0', async () => {
    const alice = await h.member();
    const bob = await h.member();
    expect(await h.api.follow(alice, { userId: bob })).toEqual({
      userId: bob,
      isFollowing: true,
      followersCount: 1,
      followingCount: 0,
      isMuted: false,
    });
    expect(await h.api.follow(alice, { userId: bob })).toMatchObject({
      isFollowing: true,
      followersCount: 1,
    });
    expect(await h.api.getFollowState(alice, { userId: bob })).toMatchObject({
      isFollowing: true,
      followersCount: 1,
    });
    expect(await h.api.getFollowState(bob, { userId: bob })).toMatchObject({
      isFollowing: false,
      followersCount: 1,
    });
    expect(await h.api.getFollowState(undefined, { userId: alice })).toEqual({
      userId: alice,
      isFollowing: false,
      followersCount: 0,
      followingCount: 1,
      isMuted: false,
    });

    expect(await h.api.unfollow(alice, { userId: bob })).toEqual({
      userId: bob,
      isFollowing: false,
      followersCount: 0,
      followingCount: 0,
      isMuted: false,
    });
    expect(await h.api.unfollow(alice, { userId: bob })).toMatchObject({
      isFollowing: false,
      followersCount: 0,
    });
    expect(await h.api.getFollowState(alice, { userId: bob })).toEqual({
      userId: bob,
      isFollowing: false,
      followersCount: 0,
      followingCount: 0,
      isMuted: false,
    });
    // A member social does not hold yet: nobody can have followed them.
    const unknown = 'c'.repeat(24);
    expect(await h.api.getFollowState(alice, { userId: unknown })).toEqual({
      userId: unknown,
      isFollowing: false,
      followersCount: 0,
      followingCount: 0,
      isMuted: false,
    });
    expect(await h.api.getFollowState(alice, { userId: alice })).toMatchObject({ followingCount: 0 });

    const followed = await waitFor(
      () => graphEvents('user.followed', alice).length > 0 && graphEvents('user.followed', alice),
      {
        what: 'user.followed',
      },
    );
    const unfollowed = await waitFor(
      () => graphEvents('user.unfollowed', alice).length > 0 && graphEvents('user.unfollowed', alice),
      { what: 'user.unfollowed' },
    );
    // One event per actual change: the repeated follow and unfollow announce nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(graphEvents('user.followed', alice)).toHaveLength(1);
    expect(graphEvents('user.unfollowed', alice)).toHaveLength(1);
    expect(followed[0]).toMatchObject({ followerId: alice, followeeId: bob, followersCount: 1 });
    expect(unfollowed[0]).toMatchObject({ followerId: alice, followeeId: bob, followersCount: 0 });
  });

  it('refuses self-follows (400), unknown members (404), non-ids (404) and anonymous callers (401)', async () => {
    const alice = await h.member();
    const self = await refused(h.api.follow(alice, { userId: alice }));
    expect([self.code, self.details]).toEqual([status.FAILED_PRECONDITION, FollowMessages.self]);
    const ghost = new Types.ObjectId().toHexString();
    expect((await refused(h.api.follow(alice, { userId: ghost }))).code).toBe(status.NOT_FOUND);
    for (const userId of ['search', 'x'.repeat(24), ''])
      expect((await refused(h.api.follow(alice, { userId }))).code).toBe(status.NOT_FOUND);
    expect((await refused(h.api.follow(undefined, { userId: ghost }))).code).toBe(status.UNAUTHENTICATED);
    expect((await refused(h.api.unfollow(undefined, { userId: alice }))).code).toBe(status.UNAUTHENTICATED);
    expect(await h.app.get(FollowsRepository).countFollowing(alice)).toBe(0);
  });

  it('counts 15 concurrent followers exactly', async () => {
    const star = await h.member();
    const fans = await Promise.all(Array.from({ length: 15 }, () => h.member()));
    await Promise.all(fans.map((fan) => h.api.follow(fan, { userId: star })));
    expect(await h.api.getFollowState(fans[0], { userId: star })).toMatchObject({
      isFollowing: true,
      followersCount: 15,
    });
    await Promise.all(fans.slice(0, 6).map((fan) => h.api.unfollow(fan, { userId: star })));
    expect((await h.api.getFollowState(undefined, { userId: star })).followersCount).toBe(9);
    expect(await h.app.get(FollowsRepository).followers(star)).toEqual(new Set(fans.slice(6)));
  });

  it('settles a mix of concurrent follows and unfollows to the follow documents', async () => {
    const star = await h.member();
    const fans = await Promise.all(Array.from({ length: 30 }, () => h.member()));
    const leaving = fans.slice(0, 15);
    await Promise.all([
      ...fans.map((fan) => h.api.follow(fan, { userId: star })),
      ...leaving.map((fan) => h.api.unfollow(fan, { userId: star })),
    ]);
    const follows = h.app.get(FollowsRepository);
    // One member's follow and unfollow racing may leave their count one off until the sweep's repair.
    h.clock.advance(SETTLE_MS + 1);
    await h.app.get(SocialSweeper).sweep();
    const edges = await follows.countFollowers(star);
    expect(edges).toBeGreaterThanOrEqual(15);
    expect((await h.api.getFollowState(undefined, { userId: star })).followersCount).toBe(edges);
    for (const fan of fans) {
      const following = await follows.exists(fan, star);
      expect(await h.api.getFollowState(fan, { userId: star })).toMatchObject({ isFollowing: following });
      expect((await h.api.getFollowState(undefined, { userId: fan })).followingCount).toBe(following ? 1 : 0);
    }
  });

  it('gives a member who followed before social knew them their follows when they are projected', async () => {
    const star = await h.member();
    const late = new Types.ObjectId().toHexString();
    expect(await h.api.follow(late, { userId: star })).toMatchObject({ followersCount: 1 });
    const username = `late_${randomUUID().slice(0, 6)}`;
    await h.deliver('user.registered', {
      userId: late,
      username,
      displayName: username,
      email: `${username}@aura.test`,
      role: 'user',
      auraScore: 100,
      createdAt: h.clock.now().toISOString(),
    });
    expect(await h.api.getFollowState(undefined, { userId: late })).toMatchObject({ followingCount: 1 });
  });

  it('repairs counts that a crash between the follow and its $inc left behind', async () => {
    const star = await h.member();
    const fan = await h.member();
    await h.app.get(FollowsRepository).model.create({
      _id: `${fan}:${star}`,
      followerId: fan,
      followeeId: star,
      createdAt: h.clock.now(),
    });
    expect((await h.api.getFollowState(undefined, { userId: star })).followersCount).toBe(0);
    h.clock.advance(SETTLE_MS + 1);
    await h.app.get(SocialSweeper).sweep();
    expect((await h.api.getFollowState(undefined, { userId: star })).followersCount).toBe(1);
    expect((await h.api.getFollowState(undefined, { userId: fan })).followingCount).toBe(1);
  });

  it('completes an unfollow that a crash left between its removal record and the delete', async () => {
    const star = await h.member();
    const fan = await h.member();
    await h.api.follow(fan, { userId: star });
    const follows = h.app.get(FollowsRepository);
    const edgeId = `${fan}:${star}`;
    const follow = await follows.model.findById(edgeId).lean().exec();
    // The removal was recorded over a minute ago, then its request stopped before deleting the follow.
    await h.app.get(EdgeRemovals).model.create({
      _id: `${EDGE_KINDS.follow}:${edgeId}:${follow!.createdAt.getTime()}`,
      kind: EDGE_KINDS.follow,
      edgeId,
      edgeCreatedAt: follow!.createdAt,
      createdAt: new Date(h.clock.now().getTime() - 60_001),
      done: false,
    });
    await h.app.get(SocialSweeper).sweep();
    expect(await follows.exists(fan, star)).toBe(false);
    expect(await h.api.getFollowState(fan, { userId: star })).toMatchObject({
      isFollowing: false,
      followersCount: 0,
    });
    expect((await h.api.getFollowState(undefined, { userId: fan })).followingCount).toBe(0);
  });

  it('a block removes follows both ways (announced) and forbids following either way', async () => {
    const alice = await h.member();
    const bob = await h.member();
    await h.api.follow(alice, { userId: bob });
    await h.api.follow(bob, { userId: alice });
    const block = { blockerId: alice, blockedId: bob, changedAt: new Date().toISOString() };
    await h.deliver('user.blocked', block);
    expect(await h.api.getFollowState(alice, { userId: bob })).toMatchObject({
      isFollowing: false,
      followersCount: 0,
      followingCount: 0,
    });
    expect(await h.api.getFollowState(bob, { userId: alice })).toMatchObject({
      isFollowing: false,
      followersCount: 0,
    });
    for (const [follower, followee] of [
      [alice, bob],
      [bob, alice],
    ]) {
      const error = await refused(h.api.follow(follower, { userId: followee }));
      expect([error.code, error.details]).toEqual([status.FAILED_PRECONDITION, FollowMessages.blocked]);
    }
    await waitFor(
      () =>
        graphEvents('user.unfollowed', alice).length === 1 &&
        graphEvents('user.unfollowed', bob).length === 1,
      {
        what: 'unfollows caused by the block',
      },
    );
    // Redelivery of the same block changes nothing more.
    await h.deliver('user.blocked', block);
    await h.deliver('user.unblocked', {
      ...block,
      changedAt: new Date(Date.parse(block.changedAt) + 1000).toISOString(),
    });
    expect(await h.api.follow(bob, { userId: alice })).toMatchObject({
      isFollowing: true,
      followersCount: 1,
    });
    // The block delivered late, after the unblock: it neither comes back nor removes the new follow.
    await h.deliver('user.blocked', block);
    expect(await h.api.getFollowState(bob, { userId: alice })).toMatchObject({
      isFollowing: true,
      followersCount: 1,
    });
    expect(await h.api.follow(alice, { userId: bob })).toMatchObject({ isFollowing: true });
  });

  it('rebuilds the follow copies from MongoDB when Redis lost them', async () => {
    const alice = await h.member();
    const bob = await h.member();
    await h.api.follow(alice, { userId: bob });
    await h.cache.redis.del(h.keys.following(alice), h.keys.followers(bob));
    expect(await h.api.getFollowState(alice, { userId: bob })).toMatchObject({ isFollowing: true });
    expect(await h.app.get(FollowsRepository).followers(bob)).toEqual(new Set([alice]));
    // Counts live on the members, whatever Redis holds.
    const carol = await h.member();
    await h.cache.redis.del(h.keys.following(carol), h.keys.followers(bob));
    expect(await h.api.follow(carol, { userId: bob })).toMatchObject({ followersCount: 2 });
    expect(await h.api.getFollowState(undefined, { userId: carol })).toMatchObject({
      followersCount: 0,
      followingCount: 1,
    });
    expect(await h.app.get(FollowsRepository).countFollowers(bob)).toBe(2);
  });
});

describe('members projection', () => {
  it('applies profile changes newest first and ignores older ones', async () => {
    const name = `proj_${randomUUID().slice(0, 6)}`;
    const id = await h.member(name, 150);
    const members = h.app.get(MembersRepository);
    const later = new Date(Date.now() + 60_000).toISOString();
    const earlier = new Date(Date.now() + 30_000).toISOString();
    const profile = {
      userId: id,
      username: name,
      displayName: 'New Name',
      profilePicture: '/api/media/profiles/p.png',
      auraScore: 820,
      role: 'user',
      isSuperAura: true,
      bio: 'hello',
    };
    await h.deliver('user.profile_changed', { ...profile, changedAt: later });
    await h.deliver('user.profile_changed', {
      ...profile,
      displayName: 'Stale',
      auraScore: 1,
      changedAt: earlier,
    });
    expect(await members.findById(id)).toMatchObject({
      displayName: 'New Name',
      displayNameLower: 'new name',
      // search's words follow the profile (the stale event's 'Stale' never reaches them)
      nameWords: [name, 'new name', 'new', 'name', ...name.split('_')],
      auraScore: 820,
      isSuperAura: true,
      profilePicture: '/api/media/profiles/p.png',
      bio: 'hello',
    });
    await h.deliver('user.aura_changed', {
      userId: id,
      delta: 5,
      auraScore: 825,
      reason: 'like_received',
      changedAt: new Date(Date.now() + 90_000).toISOString(),
    });
    expect((await members.findById(id))?.auraScore).toBe(825);
    // A late registration does not roll the member back.
    await h.deliver('user.registered', {
      userId: id,
      username: name,
      displayName: 'Original',
      email: 'x@y.z',
      role: 'user',
      auraScore: 100,
      createdAt: new Date().toISOString(),
    });
    expect((await members.findById(id))?.displayName).toBe('New Name');
    // An older aura change does not roll the score back either.
    await h.deliver('user.aura_changed', {
      userId: id,
      delta: -800,
      auraScore: 25,
      reason: 'stale',
      changedAt: new Date(Date.now() + 45_000).toISOString(),
    });
    expect(await members.findById(id)).toMatchObject({ displayName: 'New Name', auraScore: 825 });
  });
});
