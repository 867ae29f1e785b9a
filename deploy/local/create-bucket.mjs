// Creates the media bucket (S3_BUCKET_MEDIA) on the local S3 server, idempotently (up.sh runs it on every start).
// When it creates the bucket, or with --self-test, it also checks what the media service relies on:
// a multipart upload, a presigned GET and a presigned PUT (then removes the test objects).
//   S3_ENDPOINT=http://127.0.0.1:9000 node deploy/local/create-bucket.mjs [--self-test]
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as Minio from 'minio';

const endpoint = new URL(process.env.S3_ENDPOINT || 'http://127.0.0.1:9000');
const region = process.env.S3_REGION || 'us-east-1';
const bucket = process.env.S3_BUCKET_MEDIA || 'aura-media';
const partSize = 5 * 1024 * 1024;
const client = new Minio.Client({
  endPoint: endpoint.hostname,
  port: Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80)),
  useSSL: endpoint.protocol === 'https:',
  accessKey: process.env.S3_ACCESS_KEY || 'aura-local',
  secretKey: process.env.S3_SECRET_KEY || 'aura-local-secret',
  region,
  pathStyle: true,
  partSize,
});

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

async function selfTest() {
  const prefix = `deploy-local-self-test/${Date.now()}`;
  const mib = 1024 * 1024;
  const big = randomBytes(11 * mib);
  const bigKey = `${prefix}/multipart.bin`;
  const putKey = `${prefix}/presigned-put.txt`;
  try {
    // A stream (not a Buffer) larger than partSize makes the minio client use a multipart upload; it cuts
    // parts from the stream's chunks (one 11 MiB chunk would be one part), so the stream yields 1 MiB chunks.
    const chunks = Array.from({ length: 11 }, (_, i) => big.subarray(i * mib, (i + 1) * mib));
    const { etag } = await client.putObject(bucket, bigKey, Readable.from(chunks), big.length);
    const parts = Number(/-(\d+)"?$/.exec(etag)?.[1] ?? 0);
    if (parts < 2) throw new Error(`expected a multipart ETag (<md5>-<parts>), got ${etag}`);
    const get = await fetch(await client.presignedGetObject(bucket, bigKey, 60));
    if (!get.ok) throw new Error(`presigned GET answered ${get.status}`);
    if (sha256(Buffer.from(await get.arrayBuffer())) !== sha256(big))
      throw new Error('presigned GET returned other bytes');
    const body = `presigned put ${prefix}`;
    const put = await fetch(await client.presignedPutObject(bucket, putKey, 60), { method: 'PUT', body });
    if (!put.ok) throw new Error(`presigned PUT answered ${put.status}`);
    const read = [];
    for await (const chunk of await client.getObject(bucket, putKey)) read.push(chunk);
    if (Buffer.concat(read).toString() !== body) throw new Error('object written by presigned PUT differs');
    console.log(
      `deploy/local: s3 self-test ok: multipart upload (${parts} parts), presigned GET, presigned PUT`,
    );
  } finally {
    await client.removeObjects(bucket, [bigKey, putKey]).catch(() => {});
  }
}

let created = false;
if (await client.bucketExists(bucket)) {
  console.log(`deploy/local: s3 bucket ${bucket}: already there`);
} else {
  await client.makeBucket(bucket, region);
  created = true;
  console.log(`deploy/local: s3 bucket ${bucket}: created`);
}
if (created || process.argv.includes('--self-test')) await selfTest();
