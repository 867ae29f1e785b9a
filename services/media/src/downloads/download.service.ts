import { DomainError, Forbidden, NotFound, RuleViolation } from '@aura/platform';
import { media } from '@aura/proto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { MediaStorage, ObjectInfo } from '../storage/media-storage';
import { UrlSigner } from '../storage/signed-urls';
import { UploadMessages } from '../validation/upload-rules';

export const DownloadMessages = {
  notFound: 'File not found',
  forbidden: 'You cannot access this file',
  badRange: 'Requested range not satisfiable',
} as const;

/** A range outside the object (gRPC OUT_OF_RANGE; the gateway answers 416). */
export class RangeNotSatisfiable extends DomainError {
  readonly grpcStatus = GrpcStatus.OUT_OF_RANGE;
}

const COLLECTIONS = new Set(['posts', 'profiles', 'banners', 'messages']);
const FILENAME = /^[A-Za-z0-9_.-]+$/;
/**
 * The banner data: URL (an anonymous fallback for when a HEAD is unclear) is answered for images of
 * at most 2 MiB only (issue 18, review F7): a 25 MiB video banner used to be read whole and
 * base64-encoded on every anonymous request. Larger or non-image banners are served as files.
 */
export const MAX_DATA_URL_BYTES = 2 * 1024 * 1024;
export const DATA_URL_TOO_LARGE = 'This banner is too large for a data URL: load it as a file';

export interface OpenedObject {
  info: media.MediaInfo;
  body: Readable;
}

function toMediaInfo(info: ObjectInfo): media.MediaInfo {
  return {
    contentType: info.contentType,
    size: info.size,
    etag: info.etag,
    lastModified: info.lastModified.toUTCString(),
  };
}

@Injectable()
export class DownloadService {
  constructor(
    @Inject(MediaStorage) private readonly storage: MediaStorage,
    @Inject(UrlSigner) private readonly signer: UrlSigner,
  ) {}

  /**
   * The object key for a request, after the checks every read shares: a known collection, a plain
   * file name (no path, no `..`), and for message attachments a valid, unexpired signature.
   */
  resolveKey(
    request: Pick<media.DownloadRequest, 'collection' | 'filename' | 'expires' | 'signature'>,
  ): string {
    const { collection, filename } = request;
    if (!COLLECTIONS.has(collection) || !FILENAME.test(filename) || filename.includes('..'))
      throw new NotFound(DownloadMessages.notFound);
    const key = `${collection}/${filename}`;
    if (collection === 'messages' && !this.signer.verify(key, request.expires, request.signature))
      throw new Forbidden(DownloadMessages.forbidden);
    return key;
  }

  private async statKey(key: string): Promise<ObjectInfo> {
    const info = await this.storage.stat(key);
    if (!info) throw new NotFound(DownloadMessages.notFound);
    return info;
  }

  async stat(request: media.DownloadRequest): Promise<media.MediaInfo> {
    return toMediaInfo(await this.statKey(this.resolveKey(request)));
  }

  /**
   * Metadata (size = the whole object's size) and the bytes: the whole object when range_start < 0,
   * else the inclusive range [range_start, range_end], range_end < 0 meaning to the end.
   */
  async open(request: media.DownloadRequest): Promise<OpenedObject> {
    const key = this.resolveKey(request);
    const info = await this.statKey(key);
    const start = request.rangeStart;
    if (start < 0) return { info: toMediaInfo(info), body: await this.storage.read(key) };
    if (start >= info.size) throw new RangeNotSatisfiable(DownloadMessages.badRange);
    const end = request.rangeEnd < 0 ? info.size - 1 : Math.min(request.rangeEnd, info.size - 1);
    if (end < start) throw new RangeNotSatisfiable(DownloadMessages.badRange);
    return { info: toMediaInfo(info), body: await this.storage.read(key, start, end - start + 1) };
  }

  async bannerDataUrl(filename: string): Promise<string> {
    const key = this.resolveKey({ collection: 'banners', filename, expires: '', signature: '' });
    const info = await this.statKey(key);
    if (!info.contentType.startsWith('image/')) throw new RuleViolation(UploadMessages.unsupported);
    if (info.size > MAX_DATA_URL_BYTES) throw new RuleViolation(DATA_URL_TOO_LARGE);
    // Read with a cap, whatever the stat said: never more than the limit in memory.
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of await this.storage.read(key, 0, MAX_DATA_URL_BYTES + 1)) {
      total += (chunk as Buffer).length;
      if (total > MAX_DATA_URL_BYTES) throw new RuleViolation(DATA_URL_TOO_LARGE);
      chunks.push(chunk as Buffer);
    }
    return `data:${info.contentType};base64,${Buffer.concat(chunks).toString('base64')}`;
  }
}
