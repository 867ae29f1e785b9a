import { callingService, DomainError, InvalidInput, readCallContext } from '@aura/platform';
import { media } from '@aura/proto';
import {
  sendUnaryData,
  ServerErrorResponse,
  ServerReadableStream,
  ServerWritableStream,
  status as GrpcStatus,
} from '@grpc/grpc-js';
import { Inject, Injectable } from '@nestjs/common';
import { once } from 'node:events';
import type { Logger } from 'pino';
import { DataExportService } from '../data-export/data-export.service';
import { DownloadService, OpenedObject } from '../downloads/download.service';
import { UploadService } from '../uploads/upload.service';

/** Largest chunk sent in a Download (the contract says ≤ 64 KiB). */
export const CHUNK_BYTES = 64 * 1024;

/** A DomainError as its gRPC status; anything else logged and answered INTERNAL without internals. */
export function toGrpcError(error: unknown, logger: Logger, method: string): ServerErrorResponse {
  if (error instanceof DomainError)
    return { code: error.grpcStatus, details: error.message, name: error.name, message: error.message };
  logger.error({ err: error, method }, 'gRPC handler failed');
  return { code: GrpcStatus.INTERNAL, details: 'Internal error', name: 'Error', message: 'Internal error' };
}

/** The bytes of the messages after the header; a second header is malformed input. */
async function* uploadChunks(
  messages: AsyncIterator<media.UploadRequest>,
  call: { readonly cancelled: boolean },
): AsyncGenerator<Buffer> {
  for (let next = await messages.next(); !next.done; next = await messages.next()) {
    if (next.value.header) throw new InvalidInput('Only the first message may be the header');
    const chunk = next.value.chunk;
    if (chunk && chunk.length > 0) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }
  // A cancelled call ends its stream early: never store a truncated file.
  if (call.cancelled) throw new InvalidInput('Upload cancelled');
}

/**
 * The gRPC face of media. asyncService of the chassis adapts unary calls only, so this builds the
 * grpc-js implementation itself: client streaming (Upload), server streaming (Download), unary rest.
 */
@Injectable()
export class MediaGrpcController {
  constructor(
    @Inject(UploadService) private readonly uploads: UploadService,
    @Inject(DownloadService) private readonly downloads: DownloadService,
    @Inject(DataExportService) private readonly dataExports: DataExportService,
  ) {}

  implementation(logger: Logger): media.MediaServiceServer {
    const unary =
      <Req, Res>(method: string, handler: (request: Req) => Promise<Res>) =>
      (call: { request: Req }, callback: sendUnaryData<Res>) => {
        handler(call.request).then(
          (response) => callback(null, response),
          (error: unknown) => callback(toGrpcError(error, logger, method)),
        );
      };
    const callerOf = (call: { metadata: import('@grpc/grpc-js').Metadata }) =>
      readCallContext(call.metadata, callingService(call as never) ?? '').caller;
    const streamed =
      <Req>(
        method: string,
        open: (call: ServerWritableStream<Req, media.DownloadResponse>) => Promise<OpenedObject>,
      ) =>
      (call: ServerWritableStream<Req, media.DownloadResponse>) => {
        open(call)
          .then((opened) => this.stream(call, opened))
          .catch((error: unknown) => {
            if (call.cancelled || call.destroyed) return;
            call.emit('error', toGrpcError(error, logger, method));
          });
      };
    return {
      upload: (call, callback) => {
        this.upload(call).then(
          (response) => callback(null, response),
          (error: unknown) => callback(toGrpcError(error, logger, 'upload')),
        );
      },
      download: streamed('download', (call) => this.downloads.open(call.request)),
      stat: unary('stat', (request: media.DownloadRequest) => this.downloads.stat(request)),
      getBannerDataUrl: unary('getBannerDataUrl', async (request: media.GetBannerDataUrlRequest) => ({
        dataUrl: await this.downloads.bannerDataUrl(request.filename),
      })),
      requestDataExport: (call, callback) => {
        this.dataExports.request(callerOf(call)).then(
          (response) => callback(null, response),
          (error: unknown) => callback(toGrpcError(error, logger, 'requestDataExport')),
        );
      },
      listDataExports: (call, callback) => {
        this.dataExports.list(callerOf(call)).then(
          (response) => callback(null, response),
          (error: unknown) => callback(toGrpcError(error, logger, 'listDataExports')),
        );
      },
      downloadDataExport: streamed('downloadDataExport', (call) =>
        this.dataExports.open(callerOf(call), call.request.id),
      ),
    };
  }

  private async upload(call: ServerReadableStream<media.UploadRequest, media.StoredMedia>) {
    const messages = call[Symbol.asyncIterator]() as AsyncIterator<media.UploadRequest>;
    const first = await messages.next();
    const header = first.done ? undefined : first.value.header;
    if (!header) throw new InvalidInput('The first message must be the upload header');
    const { caller } = readCallContext(call.metadata, callingService(call) ?? '');
    return this.uploads.upload(header, uploadChunks(messages, call), caller);
  }

  /** Sends an opened object: its metadata, then its bytes in chunks of at most CHUNK_BYTES. */
  private async stream<Req>(call: ServerWritableStream<Req, media.DownloadResponse>, opened: OpenedObject) {
    const { info, body } = opened;
    // One abort signal for the whole call: waiting on 'drain' must not add a 'cancelled' listener per write.
    const cancelled = new AbortController();
    const onCancelled = () => {
      cancelled.abort();
      body.destroy();
    };
    call.once('cancelled', onCancelled);
    try {
      const send = async (message: media.DownloadResponse) => {
        if (!call.write(message))
          await once(call, 'drain', { signal: cancelled.signal }).catch(() => undefined);
      };
      await send({ info });
      for await (const piece of body) {
        if (call.cancelled) return;
        const bytes = piece as Buffer;
        for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES)
          await send({ chunk: bytes.subarray(offset, offset + CHUNK_BYTES) });
      }
      call.end();
    } finally {
      call.off('cancelled', onCancelled);
      body.destroy();
    }
  }
}
