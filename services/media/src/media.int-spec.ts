// Media against the real local S3 and MongoDB server (deploy/local), built by MediaModule as startMedia
// builds it: its gRPC server runs in-process on a random port and is called with a grpc-js client, as the
// gateway does.
import { callerMetadata, createGrpcClient, ServiceRuntime } from '@aura/platform';
import { testConfig, testIdentity } from '@aura/platform/testing';
import { media } from '@aura/proto';
import { Metadata, ServiceError, status } from '@grpc/grpc-js';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createHash, randomBytes } from 'node:crypto';
import pino from 'pino';
import sharp from 'sharp';
import { loadMediaConfig } from './config';
import { MediaGrpcController } from './grpc/media.grpc-controller';
import { MediaModule } from './media.module';
import { MediaObjectsRepository } from './objects/media-objects.repository';
import { MediaStorage } from './storage/media-storage';
import { UrlSigner } from './storage/signed-urls';
import { ebml, ftyp } from './validation/test-bytes';

const SECRET = 'media-int-spec-signing-secret';
/** Signatures with `secret`, valid for `ttlSeconds`. */
const signing = (secret: string, ttlSeconds = 3600) => ({
  AURA_MEDIA_SIGNING_SECRET: secret,
  AURA_MEDIA_SIGNED_URL_TTL_SECONDS: ttlSeconds,
});
const { MEDIA_PURPOSE_POST: POST, MEDIA_PURPOSE_PROFILE_PICTURE: PICTURE } = media.MediaPurpose;
const { MEDIA_PURPOSE_BANNER: BANNER, MEDIA_PURPOSE_MESSAGE: MESSAGE } = media.MediaPurpose;
const alice = { userId: 'user-alice', role: 'user' as const };
const bob = { userId: 'user-bob', role: 'user' as const };

let runtime: ServiceRuntime;
let app: INestApplicationContext;
let client: media.MediaServiceClient;
let storage: MediaStorage;
let objects: MediaObjectsRepository;

const gateway = testIdentity('gateway');

beforeAll(async () => {
  const config = loadMediaConfig({
    ...process.env,
    AURA_ENV: 'test',
    AURA_DB_SUFFIX: testConfig().AURA_DB_SUFFIX,
    LOG_LEVEL: 'silent',
    AURA_MEDIA_SIGNING_SECRET: SECRET,
    AURA_MEDIA_SIGNED_URL_TTL_SECONDS: '3600',
  });
  runtime = await ServiceRuntime.create({
    service: 'media',
    config,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  // Built as startMedia builds it; the outbox relay and the export worker are not started (the events stay stored).
  app = await NestFactory.createApplicationContext(MediaModule.register(runtime, config), { logger: false });
  await app.init();
  storage = app.get(MediaStorage);
  objects = app.get(MediaObjectsRepository);
  runtime.grpc.add(media.MediaServiceService, app.get(MediaGrpcController).implementation(runtime.logger));
  const port = await runtime.grpc.listen('127.0.0.1:0');
  client = createGrpcClient(media.MediaServiceClient, `127.0.0.1:${port}`, 'media', gateway);
});

afterAll(async () => {
  client?.close();
  await app?.close();
  await runtime?.stop();
});

interface UploadOptions {
  purpose: media.MediaPurpose;
  filename: string;
  contentType?: string;
  caller?: typeof alice;
  conversationId?: string;
  memberIds?: string[];
}

function upload(bytes: Buffer, options: UploadOptions): Promise<media.StoredMedia> {
  return new Promise((resolve, reject) => {
    const metadata =
      options.caller === undefined && 'caller' in options
        ? new Metadata()
        : callerMetadata(options.caller ?? alice, undefined, gateway);
    const call = client.upload(metadata, (error, response) => (error ? reject(error) : resolve(response)));
    call.on('error', () => undefined);
    call.write({
      header: {
        purpose: options.purpose,
        filename: options.filename,
        contentType: options.contentType ?? '',
        conversationId: options.conversationId ?? '',
        memberIds: options.memberIds ?? [],
      },
    });
    const pump = async () => {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
        if (!call.write({ chunk: bytes.subarray(offset, offset + 64 * 1024) }))
          await new Promise((r) => call.once('drain', r));
      }
      call.end();
    };
    void pump().catch(() => undefined);
  });
}

async function download(
  request: Partial<media.DownloadRequest>,
): Promise<{ info: media.MediaInfo | undefined; data: Buffer }> {
  const call = client.download({
    rangeStart: -1,
    rangeEnd: -1,
    expires: '',
    signature: '',
    collection: '',
    filename: '',
    ...request,
  });
  let info: media.MediaInfo | undefined;
  const chunks: Buffer[] = [];
  for await (const message of call as AsyncIterable<media.DownloadResponse>) {
    if (message.info) info = message.info;
    if (message.chunk) chunks.push(message.chunk);
  }
  return { info, data: Buffer.concat(chunks) };
}

/** collection + filename (+ signature) of an answered URL. */
function requestFor(url: string): Partial<media.DownloadRequest> {
  const parsed = new URL(url, 'http://media');
  const [, , , collection, filename] = parsed.pathname.split('/');
  return {
    collection,
    filename,
    expires: parsed.searchParams.get('expires') ?? '',
    signature: parsed.searchParams.get('sig') ?? '',
  };
}

async function refused(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

async function countObjects(prefix: string): Promise<number> {
  let count = 0;
  for await (const _ of storage.client.listObjectsV2(storage.bucket, prefix, true)) count++;
  return count;
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A minimal MP4: ftyp, a free box and an mdat of some bytes. */
function mp4(payloadBytes = 300_000): Buffer {
  const payload = randomBytes(payloadBytes);
  const box = (type: string, body: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + body.length);
    return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
  };
  return Buffer.concat([
    ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']),
    box('free', Buffer.alloc(0)),
    box('mdat', payload),
  ]);
}

/** MP3: ID3v2 header then MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each). */
function mp3(frames = 200): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0, 0, 0, 0]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

describe('media service', () => {
  it('stores a PNG re-encoded with variants and serves it back', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: '#6a5acd' } })
      .png()
      .toBuffer();
    const stored = await upload(png, { purpose: POST, filename: 'wide.png', contentType: 'image/png' });
    expect(stored).toMatchObject({ fileType: 'image', contentType: 'image/png' });
    expect(stored.url).toBe(`/api/media/posts/${stored.filename}`);
    expect(stored.filename).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(Object.keys(stored.variants).sort()).toEqual(['display', 'thumb']);

    const served = await download(requestFor(stored.url));
    expect(served.info).toMatchObject({ contentType: 'image/png', size: served.data.length });
    expect(served.data.length).toBe(stored.size);
    expect(await sharp(served.data).metadata()).toMatchObject({ format: 'png', width: 2000, height: 1000 });
    const thumb = await download(requestFor(stored.variants.thumb));
    expect(await sharp(thumb.data).metadata()).toMatchObject({ width: 320, height: 160 });
    const display = await download(requestFor(stored.variants.display));
    expect(await sharp(display.data).metadata()).toMatchObject({ width: 1280, height: 640 });

    const doc = await objects.rawWithOutbox(stored.filename);
    expect(doc).toMatchObject({
      owner_id: alice.userId,
      purpose: 'post',
      file_type: 'image',
      size: stored.size,
    });
  });

  it('drops EXIF (GPS included) from a JPEG profile picture and records its events', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ff8800' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'AuraCam', Model: 'Test' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stored = await upload(jpeg, { purpose: PICTURE, filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(stored.url).toMatch(/^\/api\/media\/profiles\/[0-9a-f]{32}\.jpg$/);
    const served = await download(requestFor(stored.url));
    const metadata = await sharp(served.data).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(served.data.includes(Buffer.from('AuraCam'))).toBe(false);

    const doc = await objects.rawWithOutbox(stored.filename);
    const types = (doc?._outbox ?? []).map((event) => (event as { type: string }).type);
    expect(types).toEqual(['media.stored', 'media.profile_picture_set']);
  });

  it('decodes a BMP and stores it as PNG', async () => {
    // 2 x 2, 24 bits, bottom-up; rows padded to 4 bytes.
    const header = Buffer.alloc(54);
    header.write('BM', 0, 'latin1');
    header.writeUInt32LE(54 + 16, 2);
    header.writeUInt32LE(54, 10);
    header.writeUInt32LE(40, 14);
    header.writeInt32LE(2, 18);
    header.writeInt32LE(2, 22);
    header.writeUInt16LE(1, 26);
    header.writeUInt16LE(24, 28);
    const pixels = Buffer.from([0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0]);
    const stored = await upload(Buffer.concat([header, pixels]), {
      purpose: PICTURE,
      filename: 'old.bmp',
      contentType: 'image/bmp',
    });
    expect(stored.contentType).toBe('image/png');
    const { data } = await download(requestFor(stored.url));
    const raw = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    expect(raw.info).toMatchObject({ width: 2, height: 2 });
    // top-left pixel is the second row of the file: blue (B=255)
    expect([...raw.data.subarray(0, 3)]).toEqual([0, 0, 255]);
  });

  it.each([
    ['an MP4', () => mp4(), 'clip.mp4', 'video/mp4', 'video', 'video/mp4'],
    ['an MP3', () => mp3(), 'song.mp3', 'audio/mpeg', 'audio', 'audio/mpeg'],
    [
      'a WebM voice recording',
      () => Buffer.concat([ebml('webm'), randomBytes(70_000)]),
      'blob',
      'audio/webm;codecs=opus',
      'audio',
      'audio/webm',
    ],
  ])('round-trips %s byte for byte', async (_name, make, filename, claimed, fileType, contentType) => {
    const bytes = make();
    const stored = await upload(bytes, { purpose: POST, filename, contentType: claimed });
    expect(stored).toMatchObject({ fileType, contentType, size: bytes.length, variants: {} });
    const served = await download(requestFor(stored.url));
    expect(served.info).toMatchObject({ contentType, size: bytes.length });
    expect(sha(served.data)).toBe(sha(bytes));
  });

  it('streams a video over several multipart parts and serves it back whole', async () => {
    const bytes = mp4(12 * 1024 * 1024);
    const stored = await upload(bytes, { purpose: POST, filename: 'long.mp4', contentType: 'video/mp4' });
    expect(stored.size).toBe(bytes.length);
    const served = await download(requestFor(stored.url));
    expect(served.info?.etag).toMatch(/-\d+$/);
    expect(sha(served.data)).toBe(sha(bytes));
  }, 60_000);

  it('serves exactly the asked range', async () => {
    const bytes = mp4(200_000);
    const stored = await upload(bytes, { purpose: BANNER, filename: 'loop.mp4', contentType: 'video/mp4' });
    const request = requestFor(stored.url);
    const middle = await download({ ...request, rangeStart: 10, rangeEnd: 99_999 });
    expect(middle.info?.size).toBe(bytes.length);
    expect(middle.data.equals(bytes.subarray(10, 100_000))).toBe(true);
    const tail = await download({ ...request, rangeStart: 150_000, rangeEnd: -1 });
    expect(tail.data.equals(bytes.subarray(150_000))).toBe(true);
    const one = await download({ ...request, rangeStart: 0, rangeEnd: 0 });
    expect(one.data.equals(bytes.subarray(0, 1))).toBe(true);
    const beyond = await refused(download({ ...request, rangeStart: bytes.length, rangeEnd: -1 }));
    expect(beyond.code).toBe(status.OUT_OF_RANGE);
  });

  it('refuses an oversize profile picture and stores nothing', async () => {
    const before = await countObjects('profiles/');
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, randomBytes(5 * 1024 * 1024)]);
    const error = await refused(
      upload(big, { purpose: PICTURE, filename: 'huge.png', contentType: 'image/png' }),
    );
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(error.details).toBe('Image too large. Maximum size is 5MB');
    expect(await countObjects('profiles/')).toBe(before);
  });

  it('aborts an oversize streamed banner video and leaves no object', async () => {
    const before = await countObjects('banners/');
    const big = mp4(25 * 1024 * 1024 + 1);
    const error = await refused(
      upload(big, { purpose: BANNER, filename: 'long.mp4', contentType: 'video/mp4' }),
    );
    expect(error.details).toBe('File too large. Maximum size is 25MB');
    expect(await countObjects('banners/')).toBe(before);
  }, 60_000);

  it('refuses text named .png and a PNG named .mp3', async () => {
    const text = Buffer.from('just some words, not pixels\n'.repeat(20));
    const asPicture = await refused(
      upload(text, { purpose: PICTURE, filename: 'fake.png', contentType: 'image/png' }),
    );
    expect(asPicture.details).toBe('Please select an image file');
    const asPost = await refused(
      upload(text, { purpose: POST, filename: 'fake.png', contentType: 'image/png' }),
    );
    expect(asPost.details).toBe('Unsupported media type');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const mismatch = await refused(
      upload(png, { purpose: POST, filename: 'song.mp3', contentType: 'audio/mpeg' }),
    );
    expect(mismatch.code).toBe(status.FAILED_PRECONDITION);
    expect(mismatch.details).toBe('File content does not match its type');
  });

  it('needs a caller, and a member for message attachments', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const anonymous = await refused(upload(png, { purpose: POST, filename: 'a.png', caller: undefined }));
    expect(anonymous.code).toBe(status.UNAUTHENTICATED);
    const outsider = await refused(
      upload(png, {
        purpose: MESSAGE,
        filename: 'a.png',
        caller: { userId: 'user-eve', role: 'user' },
        conversationId: 'c1',
        memberIds: [alice.userId, bob.userId],
      }),
    );
    expect(outsider.code).toBe(status.PERMISSION_DENIED);
  });

  it('serves message attachments only with a valid, unexpired signature', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const stored = await upload(png, {
      purpose: MESSAGE,
      filename: 'pic.png',
      contentType: 'image/png',
      caller: bob,
      conversationId: 'conv-1',
      memberIds: [alice.userId, bob.userId],
    });
    expect(stored.url).toMatch(/^\/api\/media\/messages\/[0-9a-f]{32}\.png\?expires=\d+&sig=[A-Za-z0-9_-]+$/);
    expect(stored.variants.thumb).toMatch(/\?expires=\d+&sig=/);
    const request = requestFor(stored.url);
    expect((await download(request)).data.length).toBe(stored.size);

    const denied = [
      { ...request, expires: '', signature: '' },
      { ...request, signature: request.signature!.slice(0, -2) + 'xx' },
      requestFor(new UrlSigner(signing('some-other-secret-value')).signedPath(`messages/${stored.filename}`)),
      requestFor(
        new UrlSigner(signing(SECRET, 60), () => Date.now() - 3_600_000).signedPath(
          `messages/${stored.filename}`,
        ),
      ),
    ];
    for (const attempt of denied) {
      const error = await refused(download(attempt));
      expect(error.code).toBe(status.PERMISSION_DENIED);
      expect(error.details).toBe('You cannot access this file');
    }
    const doc = await objects.rawWithOutbox(stored.filename);
    expect(doc).toMatchObject({ conversation_id: 'conv-1', member_ids: [alice.userId, bob.userId] });
  });

  it('answers NotFound for unknown objects and odd names; Stat and banner data URLs', async () => {
    for (const request of [
      { collection: 'posts', filename: 'nope.png' },
      { collection: 'posts', filename: '..%2f..%2fetc' },
      { collection: 'posts', filename: '..' },
      { collection: 'secrets', filename: 'a.png' },
    ]) {
      const error = await refused(download(request));
      expect(error.code).toBe(status.NOT_FOUND);
      expect(error.details).toBe('File not found');
    }
    const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    const banner = await upload(png, { purpose: BANNER, filename: 'banner.png', contentType: 'image/png' });
    const info = await new Promise<media.MediaInfo>((resolve, reject) =>
      client.stat(
        { ...requestFor(banner.url), rangeStart: -1, rangeEnd: -1 } as media.DownloadRequest,
        (e, r) => (e ? reject(e) : resolve(r)),
      ),
    );
    expect(info).toMatchObject({ contentType: 'image/png', size: banner.size });
    expect(new Date(info.lastModified).getTime()).toBeGreaterThan(0);
    const dataUrl = await new Promise<media.BannerDataUrl>((resolve, reject) =>
      client.getBannerDataUrl({ filename: banner.filename }, (e, r) => (e ? reject(e) : resolve(r))),
    );
    expect(dataUrl.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(dataUrl.dataUrl.split(',')[1], 'base64').length).toBe(banner.size);
  });
});
