// The social core against the real local infrastructure (deploy/local): MongoDB, Redis and
// Kafka. The gRPC server runs in-process on a random port and is called with a grpc-js client, as the
// gateway does. Each test file gets its own database and Redis key prefix, dropped at the end, and a
// clock it can move. Explore and public are replaced by stand-ins (their own tests cover them).
import {
  asyncService,
  callerMetadata,
  createGrpcClient,
  DomainEvent,
  PlatformModule,
  ServiceRuntime,
} from '@aura/platform';
import { testIdentity, waitFor } from '@aura/platform/testing';
import { common, identityEvents, social } from '@aura/proto';
import { Metadata, ServiceError } from '@grpc/grpc-js';
import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { BlocksConsumer } from '../blocks/blocks.consumer';
import { ManualClock } from '../common/clock';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';
import { loadSocialConfig, SocialConfig } from '../config';
import { ExploreService } from '../explore/explore.service';
import { SOCIAL_CALLERS, SocialGrpcController } from '../grpc/social.grpc-controller';
import { MembersConsumer } from '../members/members.consumer';
import { PublicService } from '../public/public.service';
import { SocialCoreModule, SocialModuleOptions } from '../social-core.module';
import { SOCIAL_CORE_PROVIDERS } from '../social.module';

export { waitFor };

const unavailable = async () => {
  throw new Error('explore and public are not part of these tests');
};

@Module({})
class SocialCoreTestModule {
  static register(
    runtime: ServiceRuntime,
    config: SocialConfig,
    options: SocialModuleOptions,
  ): DynamicModule {
    return {
      module: SocialCoreTestModule,
      imports: [PlatformModule.forRuntime(runtime, config), SocialCoreModule.register(config, options)],
      providers: [
        ...SOCIAL_CORE_PROVIDERS,
        {
          provide: ExploreService,
          useValue: { search: unavailable, trendingTags: unavailable, topCreators: unavailable },
        },
        { provide: PublicService, useValue: { feedPreview: unavailable, stats: unavailable } },
      ],
    };
  }
}

type Caller = string | undefined;

export interface Harness {
  app: INestApplicationContext;
  runtime: ServiceRuntime;
  config: SocialConfig;
  clock: ManualClock;
  keys: SocialKeys;
  cache: RedisCache;
  client: social.SocialServiceClient;
  /** A client with another service's certificate (media, gathering a data export). */
  clientAs(service: string): social.SocialServiceClient;
  api: ReturnType<typeof makeApi>;
  /** A member projected from a user.registered event; returns the member id. */
  member(name?: string, aura?: number): Promise<string>;
  /** Runs an identity event through the consumers, as Kafka would deliver it. */
  deliver(type: DomainEvent['type'], payload: object): Promise<void>;
  close(): Promise<void>;
}

/** The test calls social as the gateway does. */
const gateway = testIdentity('gateway');

function unary<Req, Res>(client: social.SocialServiceClient, method: string) {
  return (caller: Caller, request: Req): Promise<Res> =>
    new Promise((resolve, reject) => {
      const metadata = caller
        ? callerMetadata({ userId: caller, role: 'user' }, undefined, gateway)
        : new Metadata();
      (client as unknown as Record<string, (...args: unknown[]) => void>)[method](
        request,
        metadata,
        (error: ServiceError | null, response: Res) => (error ? reject(error) : resolve(response)),
      );
    });
}

function makeApi(client: social.SocialServiceClient) {
  const call =
    <Req, Res>(method: string, codec: { fromPartial(value: Partial<Req>): Req }) =>
    (caller: Caller, request: Partial<Req> = {}) =>
      unary<Req, Res>(client, method)(caller, codec.fromPartial(request));
  return {
    createPost: call<social.CreatePostRequest, social.Post>('createPost', social.CreatePostRequest),
    getPost: call<social.PostRef, social.Post>('getPost', social.PostRef),
    editPost: call<social.EditPostRequest, social.Post>('editPost', social.EditPostRequest),
    deletePost: call<social.PostRef, common.Empty>('deletePost', social.PostRef),
    editComment: call<social.EditCommentRequest, social.Comment>('editComment', social.EditCommentRequest),
    deleteComment: call<social.CommentRef, common.Empty>('deleteComment', social.CommentRef),
    togglePostLike: call<social.PostRef, social.LikeState>('togglePostLike', social.PostRef),
    listComments: call<social.ListCommentsRequest, social.CommentPage>(
      'listComments',
      social.ListCommentsRequest,
    ),
    createComment: call<social.CreateCommentRequest, social.Comment>(
      'createComment',
      social.CreateCommentRequest,
    ),
    toggleCommentLike: call<social.CommentRef, social.LikeState>('toggleCommentLike', social.CommentRef),
    follow: call<social.MemberRef, social.FollowState>('follow', social.MemberRef),
    unfollow: call<social.MemberRef, social.FollowState>('unfollow', social.MemberRef),
    getFollowState: call<social.MemberRef, social.FollowState>('getFollowState', social.MemberRef),
    muteMember: call<social.MemberRef, social.MuteState>('muteMember', social.MemberRef),
    unmuteMember: call<social.MemberRef, social.MuteState>('unmuteMember', social.MemberRef),
    listMutes: call<social.ListMutesRequest, social.MutedMemberPage>('listMutes', social.ListMutesRequest),
    muteWord: call<social.MuteWordRequest, social.MutedWord>('muteWord', social.MuteWordRequest),
    unmuteWord: call<social.MutedWordRef, common.Empty>('unmuteWord', social.MutedWordRef),
    listMutedWords: call<common.Empty, social.MutedWordList>('listMutedWords', common.Empty),
    savePost: call<social.PostRef, social.SaveState>('savePost', social.PostRef),
    unsavePost: call<social.PostRef, social.SaveState>('unsavePost', social.PostRef),
    listSavedPosts: call<social.ListSavedPostsRequest, social.PostPage>(
      'listSavedPosts',
      social.ListSavedPostsRequest,
    ),
    hidePost: call<social.PostRef, social.HideState>('hidePost', social.PostRef),
    unhidePost: call<social.PostRef, social.HideState>('unhidePost', social.PostRef),
    getFeed: call<social.GetFeedRequest, social.PostPage>('getFeed', social.GetFeedRequest),
    listStories: call<social.ListStoriesRequest, social.PostPage>('listStories', social.ListStoriesRequest),
    listMemberContent: call<social.ListMemberContentRequest, social.PostPage>(
      'listMemberContent',
      social.ListMemberContentRequest,
    ),
  };
}

/** The error a call failed with (fails the test if it succeeded). */
export async function refused(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

export async function startHarness(tag: string, options: SocialModuleOptions = {}): Promise<Harness> {
  const runId = randomUUID().slice(0, 8);
  const suffix = `${process.env.AURA_DB_SUFFIX || 'test'}_${tag}`;
  const config = loadSocialConfig({
    ...process.env,
    AURA_ENV: 'test',
    AURA_DB_SUFFIX: suffix,
    KAFKA_GROUP_PREFIX: `social-int-${runId}`,
  });
  const runtime = await ServiceRuntime.create({
    service: 'social',
    config,
    redis: true,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  await runtime.mongo.dropDatabase();
  const clock = new ManualClock(new Date());
  const keys = new SocialKeys(`aura:social:test:${tag}:${runId}:`);
  const app = await NestFactory.createApplicationContext(
    SocialCoreTestModule.register(runtime, config, { clock, keyPrefix: keys.prefix, ...options }),
    { logger: false },
  );
  await app.init(); // the repositories create their indexes (onModuleInit)
  runtime.grpc.add(
    social.SocialServiceService,
    asyncService(social.SocialServiceService, app.get(SocialGrpcController), runtime.logger),
    SOCIAL_CALLERS,
  );
  const port = await runtime.grpc.listen('127.0.0.1:0');
  runtime.outbox.start();
  const client = createGrpcClient(social.SocialServiceClient, `127.0.0.1:${port}`, 'social', gateway);
  const otherClients = new Map<string, social.SocialServiceClient>();
  const clientAs = (service: string) => {
    if (!otherClients.has(service))
      otherClients.set(
        service,
        createGrpcClient(social.SocialServiceClient, `127.0.0.1:${port}`, 'social', testIdentity(service)),
      );
    return otherClients.get(service)!;
  };
  const membersConsumer = app.get(MembersConsumer);
  const blocksConsumer = app.get(BlocksConsumer);

  const deliver = async (type: DomainEvent['type'], payload: object) => {
    const event = {
      id: randomUUID(),
      type,
      version: 1,
      key: '',
      occurredAt: clock.now().toISOString(),
      producer: 'identity',
      payload,
    } as DomainEvent;
    if (type === 'user.blocked' || type === 'user.unblocked') await blocksConsumer.handle(event);
    else await membersConsumer.handle(event);
  };

  let counter = 0;
  const member = async (name?: string, aura = 100) => {
    const userId = new Types.ObjectId().toHexString();
    const username = name ?? `m${runId}_${++counter}`;
    const registered: identityEvents.UserRegistered = {
      userId,
      username,
      displayName: `${username} display`,
      email: `${username}@aura.test`,
      role: 'user',
      auraScore: aura,
      createdAt: clock.now().toISOString(),
    };
    await deliver('user.registered', registered);
    return userId;
  };

  const close = async () => {
    client.close();
    for (const other of otherClients.values()) other.close();
    await app.close();
    await runtime.grpc.close(1000);
    await runtime.outbox.stop();
    await runtime.bus.close();
    const redis = runtime.redis!;
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${keys.prefix}*`, 'COUNT', 1000);
      if (found.length > 0) await redis.del(...found);
      cursor = next;
    } while (cursor !== '0');
    await runtime.mongo.dropDatabase();
    await redis.quit();
    await runtime.mongo.close();
  };

  return {
    app,
    runtime,
    config,
    clock,
    keys,
    cache: app.get(RedisCache),
    client,
    clientAs,
    api: makeApi(client),
    member,
    deliver,
    close,
  };
}
