// A member's data export through gRPC as the media service calls it (its certificate, the member named
// in the request), against the real local MongoDB server and Kafka: identity's Nest module in-process,
// its gRPC server with identity's caller policy. Every part, paged oldest first; no secret leaves.
import {
  asyncService,
  callerMetadata,
  createGrpcClient,
  EXPORT_PAGE_SIZE,
  ServiceRuntime,
  unaryCall,
} from '@aura/platform';
import { testConfig, testIdentity } from '@aura/platform/testing';
import { common, identity } from '@aura/proto';
import { Metadata, ServiceError, status } from '@grpc/grpc-js';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { loadIdentityConfig } from '../config';
import { IDENTITY_CALLERS, IdentityGrpcController } from '../grpc/identity.grpc-controller';
import { IdentityModule } from '../identity.module';
import { ProfileService } from '../profile/profile.service';
import { loadSigningKey } from '../tokens/signing-key';
import { newTotpSecret, totpStep } from '../two-factor/totp';
import { TwoFactorRepository } from '../two-factor/two-factor.repository';
import { UsersRepository } from '../users/users.repository';
import { WellnessService } from '../wellness/wellness.service';
import { IdentityExport } from './member-export';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const config = loadIdentityConfig({
  ...process.env,
  AURA_ENV: 'test',
  AURA_DB_SUFFIX: `${testConfig().AURA_DB_SUFFIX}_export`,
  KAFKA_GROUP_PREFIX: `identity-export-${Date.now().toString(36)}`,
});

let runtime: ServiceRuntime;
let app: INestApplicationContext;
const clients: identity.IdentityServiceClient[] = [];
let clientAs: (service: string) => identity.IdentityServiceClient;

beforeAll(async () => {
  runtime = await ServiceRuntime.create({ service: 'identity', config, logger });
  await runtime.mongo.dropDatabase();
  app = await NestFactory.createApplicationContext(
    IdentityModule.register(runtime, config, await loadSigningKey(config, logger)),
    { logger: false },
  );
  await app.init(); // every repository creates its indexes
  runtime.grpc.add(
    identity.IdentityServiceService,
    asyncService(identity.IdentityServiceService, app.get(IdentityGrpcController), runtime.logger),
    IDENTITY_CALLERS,
  );
  const port = await runtime.grpc.listen('127.0.0.1:0');
  clientAs = (service) => {
    const client = createGrpcClient(
      identity.IdentityServiceClient,
      `127.0.0.1:${port}`,
      'identity',
      testIdentity(service),
    );
    clients.push(client);
    return client;
  };
});

afterAll(async () => {
  for (const client of clients) client.close();
  await app?.close();
  await runtime?.mongo.dropDatabase();
  await runtime?.stop();
});

const PASSWORD_HASH = `$argon2id$v=19$m=65536,t=3,p=4$${randomBytes(12).toString('base64')}`;

async function newMember() {
  const username = `exp_${randomBytes(4).toString('hex')}`;
  return app.get(UsersRepository).create({
    username,
    email: `${username}@example.com`,
    displayName: username,
    passwordHash: PASSWORD_HASH,
    role: 'user',
  });
}

const as = (userId: string) => ({ userId, role: 'user' as const });

function exportPage(
  request: Partial<common.ExportPageRequest>,
  client = clientAs('media'),
  metadata: Metadata = callerMetadata(),
): Promise<common.ExportPage> {
  return unaryCall(client, client.exportMemberData, common.ExportPageRequest.fromPartial(request), metadata);
}

async function readPart(userId: string, part: string) {
  const media = clientAs('media');
  const pages: Record<string, unknown>[][] = [];
  const raw: string[] = [];
  let cursor = '';
  do {
    const page = await exportPage({ userId, part, cursor }, media);
    raw.push(page.recordsJson);
    pages.push(JSON.parse(page.recordsJson));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return { sizes: pages.map((page) => page.length), records: pages.flat(), raw: raw.join('') };
}

describe('ExportMemberData', () => {
  it('answers the profile, check-ins and reflections, oldest first, to the media service; no secret', async () => {
    const member = await newMember();
    await app.get(ProfileService).update(as(member.id), {
      displayName: 'Luna Export',
      bio: 'Breathing in, breathing out',
      auraAnimationStyle: 'sparkles',
      auraColorGradient: 'ocean',
      profileRingColor: 'gold',
      profileBackground: 'aurora',
      profileAudioYoutubeLink: '',
    });
    await app.get(UsersRepository).markEmailVerified(member.id, member.email);
    // A second factor on: its secret (and a recovery code's hash) must not leave identity.
    const secret = newTotpSecret();
    const now = new Date();
    const twoFactor = app.get(TwoFactorRepository);
    await twoFactor.setPending(member.id, secret, new Date(now.getTime() + 600_000));
    const recoveryHash = randomBytes(16).toString('hex');
    expect(await twoFactor.enable(member.id, secret, totpStep(now), [recoveryHash], now)).toBe(true);

    const wellness = app.get(WellnessService);
    const checkins = [];
    for (const [mood, note, energyLevel] of [
      ['happy', 'slept well', 8],
      ['anxious', 'deadline', 3],
      ['neutral', '', 5],
    ] as const)
      checkins.push(
        (await wellness.checkIn(as(member.id), { mood, moodDescription: note, energyLevel })).item,
      );
    const reflections = [];
    for (const content of ['grateful for the sea', 'a long day', 'tomorrow is new'])
      reflections.push(
        (await wellness.reflect(as(member.id), { content, mood: 'positive', category: 'gratitude' })).item,
      );
    // Another member's check-in is not theirs.
    await wellness.checkIn(as((await newMember()).id), { mood: 'sad', moodDescription: 'not yours' });

    app.get(IdentityExport).pageSize = 2;
    let parts: Record<string, Awaited<ReturnType<typeof readPart>>>;
    try {
      parts = {
        profile: await readPart(member.id, 'profile'),
        check_ins: await readPart(member.id, 'check_ins'),
        reflections: await readPart(member.id, 'reflections'),
      };
    } finally {
      app.get(IdentityExport).pageSize = EXPORT_PAGE_SIZE;
    }

    expect(parts.profile.sizes).toEqual([1]);
    expect(parts.profile.records[0]).toEqual({
      id: member.id,
      username: member.username,
      email: member.email,
      email_verified: true,
      email_verified_at: expect.stringMatching(/Z$/),
      display_name: 'Luna Export',
      bio: 'Breathing in, breathing out',
      profile_picture: '',
      banner_image: '',
      aura_animation_style: 'sparkles',
      aura_color_gradient: 'ocean',
      profile_ring_color: 'gold',
      profile_background: 'aurora',
      profile_audio_youtube_link: '',
      role: 'user',
      aura_score: expect.any(Number),
      is_super_aura: false,
      super_aura_until: null,
      two_factor_enabled: true,
      restriction: null,
      restriction_reason: null,
      restriction_until: null,
      deletion_scheduled_for: null,
      created_at: member.createdAt.toISOString(),
      updated_at: expect.stringMatching(/Z$/),
    });
    const everything = Object.values(parts)
      .map((part) => part.raw)
      .join('');
    for (const secretText of [PASSWORD_HASH, secret, recoveryHash, 'password', '_outbox', 'totp'])
      expect(everything).not.toContain(secretText);

    const oldestFirst = <T extends { id: string; createdAt: Date }>(items: T[]) =>
      [...items].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    expect(parts.check_ins.sizes).toEqual([2, 1]);
    expect(parts.check_ins.records).toEqual(
      oldestFirst(checkins).map((checkin) => ({
        id: checkin.id,
        created_at: checkin.createdAt.toISOString(),
        mood: checkin.mood,
        energy_level: checkin.energyLevel,
        note: checkin.moodDescription,
      })),
    );
    expect(parts.check_ins.records.map((r) => r.note)).toEqual(
      expect.arrayContaining(['slept well', 'deadline', '']),
    );
    expect(parts.reflections.sizes).toEqual([2, 1]);
    expect(parts.reflections.records).toEqual(
      oldestFirst(reflections).map((reflection) => ({
        id: reflection.id,
        created_at: reflection.createdAt.toISOString(),
        mood: 'positive',
        category: 'gratitude',
        content: reflection.content,
      })),
    );

    // At the real page size: one page each. A member who does not exist has no profile.
    expect((await exportPage({ userId: member.id, part: 'check_ins' })).nextCursor).toBe('');
    expect(await exportPage({ userId: '65f1c0ffee0123456789abcd', part: 'profile' })).toEqual({
      recordsJson: '[]',
      nextCursor: '',
    });
  });

  it('is refused to the gateway (even for the member) and other services; checks part, member and cursor', async () => {
    const member = await newMember();
    const request = { userId: member.id, part: 'profile' };
    const gateway = clientAs('gateway');
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: ServiceError) => ({ code: error.code, details: error.details }),
      );
    expect(
      await refusal(
        exportPage(request, gateway, callerMetadata(as(member.id), undefined, testIdentity('gateway'))),
      ),
    ).toMatchObject({ code: status.PERMISSION_DENIED });
    expect(await refusal(exportPage(request, gateway))).toMatchObject({ code: status.PERMISSION_DENIED });
    expect(await refusal(exportPage(request, clientAs('economy')))).toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await refusal(exportPage({ userId: member.id, part: 'posts' }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: 'Unknown export part',
    });
    expect(await refusal(exportPage({ userId: '', part: 'profile' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    expect(await refusal(exportPage({ userId: member.id, part: 'reflections', cursor: 'x' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});

describe('IsMoodLow (the spending pause, docs/spending.md)', () => {
  it('answers economy only, with nothing but whether the last two check-ins were low', async () => {
    const member = await newMember();
    const wellness = app.get(WellnessService);
    for (const mood of ['sad', 'anxious'])
      await wellness.checkIn(as(member.id), { mood, moodDescription: 'a private note', energyLevel: 5 });
    const economy = clientAs('economy');
    const answer = await unaryCall(economy, economy.isMoodLow, { userId: member.id }, callerMetadata());
    expect(answer).toEqual({ low: true });
    for (const service of ['gateway', 'media', 'genies']) {
      const client = clientAs(service);
      const metadata =
        service === 'gateway'
          ? callerMetadata(as(member.id), undefined, testIdentity('gateway'))
          : callerMetadata();
      await expect(
        unaryCall(client, client.isMoodLow, { userId: member.id }, metadata),
      ).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
      });
    }
  });
});
