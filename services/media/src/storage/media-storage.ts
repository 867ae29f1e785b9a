import { BaseConfig, CONFIG, createObjectStorage } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';

/**
 * Part size of multipart uploads (S3's minimum; every part but the last must be at least this). One
 * part is held in memory per upload. (Given a stream of unknown length, minio's putObject would pick
 * parts sized for a 5 TiB object, i.e. buffer the whole file, and cannot be aborted midway; hence
 * ObjectWriter.)
 */
export const PART_SIZE = 5 * 1024 * 1024;

/** What the media bucket is reached with: S3's settings and the bucket's name. */
export type MediaStorageConfig = Pick<
  BaseConfig,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET_MEDIA'
>;

export interface ObjectInfo {
  contentType: string;
  size: number;
  etag: string;
  lastModified: Date;
}

/** True for the S3 answers that mean "no such object". */
export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
}

/** The media bucket: the only place the service touches S3. */
@Injectable()
export class MediaStorage {
  readonly client: Client;
  readonly bucket: string;

  constructor(@Inject(CONFIG) config: MediaStorageConfig) {
    this.client = createObjectStorage(config, { partSize: PART_SIZE });
    this.bucket = config.S3_BUCKET_MEDIA;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /** A writer that streams an object of unknown length to S3 and can be aborted midway. */
  writer(key: string, contentType: string): ObjectWriter {
    return new ObjectWriter(this, key, contentType);
  }

  /** Removes an object and any unfinished multipart upload of it; never throws. */
  async discard(key: string): Promise<void> {
    await this.client.removeIncompleteUpload(this.bucket, key).catch(() => undefined);
    await this.client.removeObject(this.bucket, key).catch(() => undefined);
  }

  /** Metadata of an object, or undefined when there is none. */
  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const meta = stat.metaData as Record<string, string | undefined>;
      return {
        contentType: meta['content-type'] ?? 'application/octet-stream',
        size: stat.size,
        etag: stat.etag,
        lastModified: stat.lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The object's bytes from `offset`, `length` of them (0 = to the end). */
  read(key: string, offset = 0, length = 0): Promise<Readable> {
    return this.client.getPartialObject(this.bucket, key, offset, length);
  }

  async readAll(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.client.getObject(this.bucket, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/**
 * Writes an object as its bytes arrive: parts of PART_SIZE are sent while the upload goes on (a
 * multipart upload, started once the first part is full); a smaller object is sent in one PUT at the
 * end. `abort` leaves nothing behind. Calls must not overlap (await each write).
 */
export class ObjectWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private uploadId?: string;
  private readonly parts: { part: number; etag: string }[] = [];
  private done = false;

  constructor(
    private readonly storage: MediaStorage,
    private readonly key: string,
    private readonly contentType: string,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    if (this.done) throw new Error('object writer already finished');
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= PART_SIZE) await this.sendPart();
  }

  private takePending(): Buffer {
    const data = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    return data;
  }

  private async sendPart(): Promise<void> {
    const { client, bucket } = this.storage;
    this.uploadId ??= await client.initiateNewMultipartUpload(bucket, this.key, {
      'Content-Type': this.contentType,
    });
    const data = this.takePending();
    const partNumber = this.parts.length + 1;
    const { etag } = await client.uploadPart(
      {
        bucketName: bucket,
        objectName: this.key,
        uploadID: this.uploadId,
        partNumber,
        headers: { 'Content-Length': data.length },
      },
      data,
    );
    this.parts.push({ part: partNumber, etag });
  }

  async finish(): Promise<void> {
    this.done = true;
    if (!this.uploadId) {
      await this.storage.put(this.key, this.takePending(), this.contentType);
      return;
    }
    if (this.pendingBytes > 0) await this.sendPart();
    await this.storage.client.completeMultipartUpload(
      this.storage.bucket,
      this.key,
      this.uploadId,
      this.parts,
    );
  }

  /** Drops what was buffered and any parts sent; never throws. */
  async abort(): Promise<void> {
    this.done = true;
    this.pending = [];
    this.pendingBytes = 0;
    if (this.uploadId)
      await this.storage.client
        .abortMultipartUpload(this.storage.bucket, this.key, this.uploadId)
        .catch(() => undefined);
  }
}
