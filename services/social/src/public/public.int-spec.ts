// The landing page's reads against the real local infrastructure (deploy/local): MongoDB, Redis and
// Kafka. Members and posts are stored through the core's models; likes, comments and tips arrive as
// real events on Kafka, consumed by Explore's consumer (the engagement counters).
// Each run uses its own database (aura_social_<suffix>_public_<run>, dropped at the end) and its own
// consumer groups, started at the topics' current end.
import 'reflect-metadata';
import { createEvent, EventRecord, PlatformModule, ServiceRuntime } from '@aura/platform';
import { publishAndWaitHandled, seekToEnd } from '@aura/platform/testing';
import { economyEvents, EventPayload, EventType, social, socialEvents } from '@aura/proto';
import { DynamicModule, Global, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Admin } from '@platformatic/kafka';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { contentPrefixesOf, nameWordsOf } from '../common/search-words';
import { loadSocialConfig, SocialConfig } from '../config';
import { EXPLORE_GROUPS } from '../explore/explore.consumer';
import { dayKey } from '../explore/explore-rules';
import { ExploreRepository } from '../explore/explore.repository';
import { ENGAGEMENT_KINDS } from '../explore/explore.schema';
import { postLikeId, postLikeModel } from '../likes/like.schema';
import { MemberDoc, memberModel } from '../members/member.schema';
import { PostDoc, postModel } from '../posts/post.schema';
import { SocialCoreModule } from '../social-core.module';
import { PublicModule } from './public.module';
import { PUBLIC_OPTIONS, PublicService } from './public.service';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const STATS_CACHE_MS = 1500;
const run = randomUUID().replace(/-/g, '').slice(0, 10);
const topicsOf = { content: 'aura.social.content', tips: 'aura.economy.ledger' } as const;

let config: SocialConfig;
let runtime: ServiceRuntime;
let app: INestApplicationContext;
let publicViews: PublicService;
let store: ExploreRepository;

async function addMember(username: string, lastActiveAt: Date): Promise<MemberDoc> {
  const doc: MemberDoc = {
    _id: randomBytes(12).toString('hex'),
    username,
    usernameLower: username.toLowerCase(),
    displayName: `${username} display`,
    displayNameLower: `${username} display`.toLowerCase(),
    nameWords: nameWordsOf(username, `${username} display`),
    profilePicture: `/media/profiles/${username}.webp`,
    auraScore: 640,
    role: 'user',
    isSuperAura: false,
    bio: '',
    followersCount: 0,
    followingCount: 0,
    createdAt: new Date(lastActiveAt.getTime() - DAY),
    lastActiveAt,
    profileChangedAt: lastActiveAt,
    auraChangedAt: lastActiveAt,
  };
  await memberModel(runtime.mongo).create(doc);
  return doc;
}

async function addPost(author: MemberDoc, content: string, fields: Partial<PostDoc> = {}): Promise<PostDoc> {
  const createdAt = fields.createdAt ?? new Date();
  const isStory = fields.isStory ?? false;
  const doc: PostDoc = {
    _id: randomUUID(),
    authorId: author._id,
    content,
    contentLower: content.toLowerCase(),
    contentPrefixes: contentPrefixesOf(content),
    contentType: 'text',
    category: 'general',
    mediaUrl: '',
    mediaType: '',
    isStory,
    tags: [],
    mentions: [],
    mentionIds: [],
    likesCount: 2,
    commentsCount: 1,
    tipsCount: 0,
    engagementScore: 4,
    createdAt,
    expiresAt: isStory ? new Date(createdAt.getTime() + 5 * HOUR) : null,
    deleted: false,
    ...fields,
  };
  await postModel(runtime.mongo).create(doc);
  return doc;
}

const event = <T extends EventType>(type: T, key: string, payload: EventPayload<T>) =>
  createEvent('public-int-spec', type, key, payload);

async function deliver(group: keyof typeof topicsOf, records: EventRecord[]): Promise<void> {
  await publishAndWaitHandled(runtime.bus, records, `${config.KAFKA_GROUP_PREFIX}.${EXPLORE_GROUPS[group]}`, {
    what: `${records.length} ${group} events processed`,
  });
}

@Global()
@Module({
  providers: [{ provide: PUBLIC_OPTIONS, useValue: { statsCacheMs: STATS_CACHE_MS, previewCacheMs: 0 } }],
  exports: [PUBLIC_OPTIONS],
})
class TestOptionsModule {}

class PublicTestRoot {}

beforeAll(async () => {
  config = loadSocialConfig({
    ...process.env,
    AURA_ENV: 'test',
    AURA_DB_SUFFIX: `${process.env.AURA_DB_SUFFIX || 'test'}_public_${run}`,
    KAFKA_GROUP_PREFIX: `test-public-${run}`,
  });
  runtime = await ServiceRuntime.create({
    service: 'social',
    config,
    redis: true,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  for (const [group, topic] of Object.entries(topicsOf)) {
    await seekToEnd(
      config.KAFKA_BROKERS,
      `${config.KAFKA_GROUP_PREFIX}.${EXPLORE_GROUPS[group as keyof typeof topicsOf]}`,
      [topic],
    );
  }
  const root: DynamicModule = {
    module: PublicTestRoot,
    imports: [
      PlatformModule.forRuntime(runtime, config),
      SocialCoreModule.register(config),
      TestOptionsModule,
      PublicModule,
    ],
  };
  app = await NestFactory.createApplicationContext(root, { logger: false });
  await app.init();
  publicViews = app.get(PublicService);
  store = app.get(ExploreRepository);
});

afterAll(async () => {
  await app?.close();
  await runtime?.bus.close();
  if (runtime?.redis) {
    let cursor = '0';
    do {
      const [next, found] = await runtime.redis.scan(
        cursor,
        'MATCH',
        `aura:social:${config.AURA_DB_SUFFIX}:*`,
      );
      if (found.length > 0) await runtime.redis.del(...found);
      cursor = next;
    } while (cursor !== '0');
    await runtime.redis.quit();
  }
  await runtime?.mongo.dropDatabase();
  await runtime?.mongo.close();
  const admin = new Admin({ clientId: `public-int-${run}`, bootstrapBrokers: config.KAFKA_BROKERS });
  await admin
    .deleteGroups({
      groups: Object.values(EXPLORE_GROUPS).map((group) => `${config.KAFKA_GROUP_PREFIX}.${group}`),
    })
    .catch(() => undefined);
  await admin.close();
});

describe('public landing page', () => {
  const now = Date.now();
  let ann: MemberDoc, ben: MemberDoc, cat: MemberDoc;
  let recent: PostDoc[];
  let storyId: string, deletedId: string;

  beforeAll(async () => {
    ann = await addMember('ann', new Date(now - HOUR));
    ben = await addMember('ben', new Date(now - 2 * HOUR));
    cat = await addMember('cat', new Date(now - 3 * DAY));
    recent = [];
    // 22 posts a minute apart (newest first), one old post, a story and a deleted post.
    for (let i = 1; i <= 22; i++)
      recent.push(await addPost(i % 2 ? ann : ben, `post ${i}`, { createdAt: new Date(now - i * 60_000) }));
    await addPost(cat, 'an old post', { createdAt: new Date(now - 2 * DAY) });
    storyId = (await addPost(ann, 'a story', { isStory: true, createdAt: new Date(now - 30_000) }))._id;
    deletedId = (await addPost(ben, 'deleted', { deleted: true, createdAt: new Date(now - 10_000) }))._id;
    await postLikeModel(runtime.mongo).create({
      _id: postLikeId(recent[0]._id, ben._id),
      postId: recent[0]._id,
      userId: ben._id,
      createdAt: new Date(),
    });
  });

  it('previews recent posts newest first, with their authors, never stories or deleted posts', async () => {
    const page = await publicViews.feedPreview({ limit: 0 });
    expect(page.posts.map((post) => post.id)).toEqual(recent.slice(0, 10).map((post) => post._id));
    expect(page.posts[0]).toMatchObject({
      content: 'post 1',
      isStory: false,
      isLiked: false, // no caller on the landing page, even though ben liked it
      likesCount: 2,
      commentsCount: 1,
      user: {
        id: ann._id,
        username: 'ann',
        displayName: 'ann display',
        auraScore: 640,
        profilePicture: '/media/profiles/ann.webp',
      },
    });
    const ids = page.posts.map((post) => post.id);
    expect(ids).not.toContain(storyId);
    expect(ids).not.toContain(deletedId);
    expect((await publicViews.feedPreview({ limit: 3 })).posts).toHaveLength(3);
    const most = await publicViews.feedPreview({ limit: 100 });
    expect(most.posts.map((post) => post.id)).toEqual(recent.slice(0, 20).map((post) => post._id));
  });

  it('answers the community figures, counting likes, comments and tips once each', async () => {
    const today = dayKey(new Date(now));
    const at = (ms: number) => new Date(now - ms).toISOString();
    const liked = (postId: string, likerId: string, type: 'post.liked' | 'post.unliked' = 'post.liked') =>
      event(type, postId, {
        ...socialEvents.PostLikeChanged.fromPartial({ postId, authorId: ann._id, likerId }),
        changedAt: at(0),
      });
    const comment = (commentId: string, commenterId: string, ms: number) =>
      event('comment.created', recent[1]._id, {
        ...socialEvents.CommentCreated.fromPartial({
          commentId,
          postId: recent[1]._id,
          postAuthorId: ben._id,
          commenterId,
        }),
        createdAt: at(ms),
      });
    const tip = (transferId: string) =>
      event('tip.sent', ann._id, {
        ...economyEvents.TipSent.fromPartial({
          transferId,
          senderId: ben._id,
          recipientId: ann._id,
          amountMicro: 1_000,
        }),
        sentAt: at(0),
      });
    const twice = comment(randomUUID(), ben._id, 0);
    await deliver('content', [
      liked(recent[0]._id, ben._id),
      liked(recent[0]._id, cat._id),
      twice,
      twice, // delivered twice
      comment(randomUUID(), cat._id, 2 * DAY), // two days ago: in the total, not today
    ]);
    await deliver('content', [liked(recent[0]._id, cat._id, 'post.unliked')]); // cat's like is withdrawn
    const transferId = randomUUID();
    await deliver('tips', [tip(transferId), tip(transferId)]); // one transfer, two events

    // Other runs may publish on the same topics meanwhile, and their acts count too: compare at a
    // moment when the counters agree with the stored acts and none arrived while the figures were
    // computed (an act's counter moves a moment after the act is stored).
    const mine = [ann._id, ben._id, cat._id];
    const foreign = { kind: { $in: ENGAGEMENT_KINDS }, actorId: { $nin: mine } };
    const foreignActs = async () =>
      Promise.all([
        store.activity.countDocuments(foreign),
        store.activity.countDocuments({ ...foreign, day: today }),
      ]);
    let stats: social.PublicStatsResult;
    let foreignTotal: number;
    let foreignToday: number;
    for (let attempt = 1; ; attempt++) {
      const before = await foreignActs();
      stats = await publicViews.stats();
      [foreignTotal, foreignToday] = await foreignActs();
      const quiet = before[0] === foreignTotal && before[1] === foreignToday;
      const agree = stats.totalEngagement === 4 + foreignTotal && stats.engagementToday === 3 + foreignToday;
      if ((quiet && agree) || attempt >= 8) break;
      await new Promise((resolve) => setTimeout(resolve, STATS_CACHE_MS + 100)); // the cached answer's life
    }
    const postsToday = recent.filter((post) => dayKey(post.createdAt) === today).length;

    expect(stats).toEqual({
      totalUsers: 3,
      activeUsers24h: 2,
      totalPosts: 23, // 22 recent + 1 old; not the story, not the deleted post
      totalEngagement: 4 + foreignTotal, // ben's like, two comments, one tip
      postsToday,
      engagementToday: 3 + foreignToday, // the old comment is not today's
    } satisfies social.PublicStatsResult);
  });

  it('reuses the answer for a few seconds (cached in Redis), then shows new figures', async () => {
    const first = await publicViews.stats();
    await addMember('dan', new Date());
    expect(await publicViews.stats()).toEqual(first);
    await new Promise((resolve) => setTimeout(resolve, STATS_CACHE_MS + 200));
    const later = await publicViews.stats();
    expect([later.totalUsers, later.activeUsers24h]).toEqual([
      first.totalUsers + 1,
      first.activeUsers24h + 1,
    ]);
  });
});
