import { once } from 'node:events';
import { Readable } from 'node:stream';
import { Caller, createClientOnChannelOf, callerMetadata, createGrpcClient, unaryCall } from '@aura/platform';
import { common, media } from '@aura/proto';
import type { ClientReadableStream } from '@grpc/grpc-js';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** The most bytes one upload message carries (media.proto: chunks ≤ 64 KiB). */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
/** An upload may take a while on a slow connection; it still may not hang forever. */
export const UPLOAD_DEADLINE_MS = 10 * 60 * 1000;
export const DOWNLOAD_DEADLINE_MS = 60 * 60 * 1000;

/** Cuts buffers into pieces of at most `size` bytes (no copy: subarrays of the input). */
export function* rechunk(buffer: Buffer, size = UPLOAD_CHUNK_BYTES): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) {
    yield buffer.subarray(offset, Math.min(offset + size, buffer.length));
  }
}

/**
 * Typed calls to the media service. Errors are gRPC ServiceErrors (mapped to HTTP by ApiErrorFilter).
 * Files pass through as streams: an upload is forwarded chunk by chunk as it arrives, a download is
 * handed back as the server stream.
 */
@Injectable()
export class MediaClient implements OnModuleDestroy {
  private readonly client: media.MediaServiceClient;
  private readonly health: common.HealthServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = createGrpcClient(media.MediaServiceClient, config.MEDIA_GRPC_URL);
    this.health = createClientOnChannelOf(common.HealthServiceClient, this.client);
  }

  /**
   * Streams one file to media: the header, then the bytes in chunks of ≤ 64 KiB, respecting the
   * call's flow control. When media refuses early (type by the first bytes, size), reading stops at
   * once, the rest of the upload is drained (so the client gets the answer instead of a hung
   * connection) and the refusal is returned.
   */
  upload(
    caller: Caller,
    header: media.UploadHeader,
    file: AsyncIterable<Buffer> | Readable,
  ): Promise<media.StoredMedia> {
    return new Promise<media.StoredMedia>((resolve, reject) => {
      let finished = false;
      let signalFailure: () => void = () => undefined;
      const failed = new Promise<void>((resolveFailed) => (signalFailure = resolveFailed));
      const call = this.client.upload(
        callerMetadata(caller),
        { deadline: Date.now() + UPLOAD_DEADLINE_MS },
        (error, response) => {
          finished = true;
          if (error) {
            signalFailure();
            reject(error);
          } else {
            resolve(response);
          }
        },
      );
      // Write errors surface through the callback; keep them from becoming unhandled 'error' events.
      call.on('error', () => undefined);

      const pump = async () => {
        const iterator =
          file instanceof Readable ? file.iterator({ destroyOnReturn: false }) : file[Symbol.asyncIterator]();
        try {
          if (!call.write({ header })) await Promise.race([once(call, 'drain'), failed]);
          for (;;) {
            if (finished) break;
            const next = await iterator.next();
            if (next.done) break;
            const buffer = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
            for (const chunk of rechunk(buffer)) {
              if (finished) break;
              if (!call.write({ chunk })) await Promise.race([once(call, 'drain'), failed]);
            }
          }
          if (!finished) call.end();
        } catch (error) {
          // The client's upload broke (aborted, malformed multipart): tell media to forget it.
          if (!finished) {
            finished = true;
            call.cancel();
            reject(error);
          }
        } finally {
          await iterator.return?.().catch(() => undefined);
          // Whatever is left of the upload is read and thrown away, never forwarded.
          if (file instanceof Readable && !file.readableEnded && !file.destroyed) file.resume();
        }
      };
      void pump();
    });
  }

  /** The server stream: first a message with `info`, then `chunk`s (the range when one is asked). */
  download(request: media.DownloadRequest): ClientReadableStream<media.DownloadResponse> {
    return this.client.download(request, { deadline: Date.now() + DOWNLOAD_DEADLINE_MS });
  }

  /** The caller's data exports (docs/data-export.md). */
  requestDataExport(caller: Caller) {
    return unaryCall(this.client, this.client.requestDataExport, {}, callerMetadata(caller));
  }

  listDataExports(caller: Caller) {
    return unaryCall(this.client, this.client.listDataExports, {}, callerMetadata(caller));
  }

  /** Like download: the export's info first, then the ZIP's bytes. */
  downloadDataExport(caller: Caller, id: string): ClientReadableStream<media.DownloadResponse> {
    return this.client.downloadDataExport({ id }, callerMetadata(caller), {
      deadline: Date.now() + DOWNLOAD_DEADLINE_MS,
    });
  }

  stat(request: media.DownloadRequest) {
    return unaryCall(this.client, this.client.stat, request, callerMetadata(), 5000);
  }

  getBannerDataUrl(filename: string) {
    return unaryCall(this.client, this.client.getBannerDataUrl, { filename }, callerMetadata(), 30000);
  }

  checkHealth() {
    return unaryCall(this.health, this.health.check, {}, undefined, 2000);
  }

  onModuleDestroy(): void {
    this.client.close();
    this.health.close();
  }
}
