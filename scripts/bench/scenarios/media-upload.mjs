// POST /api/media/upload of a ~1 MB JPEG by concurrent clients: gateway (token check, @fastify/multipart
// streams the part) → media over a gRPC client stream of 64 KiB chunks → magic-byte sniffing, sharp
// decode + re-encode without metadata + a 320 px thumbnail, two S3 PUTs (versitygw), one MongoDB insert
// with its outbox event (→ Kafka `media.stored`) → JSON back.
//
// The image is random noise (1200×900, JPEG quality 93, ≈1.0 MB), made once per run: noise does not
// compress, so every upload really moves ~1 MB and sharp really decodes ~1 MP. Each connection sends
// the same bytes; the media service stores each upload under a new name, as for real members.
// Teardown deletes what the run stored (the bench databases are dropped at the next run; S3 is not).
import { randomBytes } from 'node:crypto';
import { registerMember } from '../api.mjs';

export const name = 'media-upload';
export const description =
  'POST /api/media/upload of a 1 MB JPEG (noise) as a member: multipart streamed to media over gRPC, sniffed, re-encoded by sharp with a thumbnail, stored in S3, one MongoDB insert';
export const unit = 'uploads';

const WIDTH = 1200;
const HEIGHT = 900;
const QUALITY = 93;

/** A JPEG of random noise (does not compress away): ≈1.0 MB at 1200×900, quality 93. */
async function noiseJpeg() {
  const { default: sharp } = await import('sharp');
  const pixels = randomBytes(WIDTH * HEIGHT * 3);
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: QUALITY })
    .toBuffer();
}

/** One multipart/form-data body with the field `file` (what a browser's FormData sends). */
function multipart(file, filename, contentType) {
  const boundary = `----AuraBench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function setup(baseUrl, { env }) {
  const member = await registerMember(baseUrl, 'bench_up');
  const image = await noiseJpeg();
  const { body, contentType } = multipart(image, 'bench-noise.jpg', 'image/jpeg');
  console.log(
    `  image: ${WIDTH}×${HEIGHT} JPEG of noise, ${(image.length / 1024 / 1024).toFixed(2)} MiB; request body ${body.length} bytes`,
  );
  return { accessToken: member.accessToken, userId: member.user.id, body, contentType, env };
}

/**
 * autocannon gives up on a request after 10 s by default; a queue of 1 MB uploads on a busy 2-core
 * machine can take longer, and an abandoned upload is work the server did for nothing. 60 s here.
 */
const TIMEOUT_SEC = 60;

export function request(context) {
  return {
    timeout: TIMEOUT_SEC,
    method: 'POST',
    path: '/api/media/upload',
    headers: { authorization: `Bearer ${context.accessToken}`, 'content-type': context.contentType },
    body: context.body,
  };
}

/** The probe must have stored an image, not answered an error page. */
export function check(_context, body) {
  if (body?.file_type !== 'image' || !/^\/api\/media\/posts\/[^/]+\.jpg$/.test(body?.file_url ?? ''))
    throw new Error(`expected a stored image, got ${JSON.stringify(body)}`);
}

/** Removes the run's uploads from S3 and from media's database (they would pile up run after run). */
export async function teardown(context) {
  const { env, userId } = context;
  const { MongoClient } = await import('mongodb');
  const { Client } = await import('minio');
  const mongo = await MongoClient.connect(env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
  try {
    const objects = mongo.db(`aura_media_${env.AURA_DB_SUFFIX}`).collection('media_objects');
    const stored = await objects
      .find({ owner_id: userId }, { projection: { collection_name: 1, variants: 1 } })
      .toArray();
    const keys = [];
    for (const doc of stored) {
      keys.push(`${doc.collection_name}/${doc._id}`);
      for (const url of Object.values(doc.variants ?? {}))
        keys.push(`${doc.collection_name}/${String(url).split('?')[0].split('/').pop()}`);
    }
    const endpoint = new URL(env.S3_ENDPOINT);
    const s3 = new Client({
      endPoint: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : endpoint.protocol === 'https:' ? 443 : 80,
      useSSL: endpoint.protocol === 'https:',
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      region: env.S3_REGION,
      pathStyle: true,
    });
    for (let i = 0; i < keys.length; i += 1000)
      await s3.removeObjects(env.S3_BUCKET_MEDIA, keys.slice(i, i + 1000));
    await objects.deleteMany({ owner_id: userId });
    console.log(`  teardown: removed ${stored.length} uploads (${keys.length} objects) from S3`);
  } finally {
    await mongo.close();
  }
}
