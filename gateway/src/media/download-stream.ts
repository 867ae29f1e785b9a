import { Readable } from 'node:stream';
import type { media } from '@aura/proto';
import type { ClientReadableStream } from '@grpc/grpc-js';

export interface OpenedDownload {
  info: media.MediaInfo;
  body: Readable;
}

/**
 * Waits for a media download's first message (the object's info), so that a refusal (403, 404, 503)
 * is still answered as an error before any header is sent; the body then pulls the rest of the
 * stream as the HTTP response drains.
 */
export async function openDownload(
  call: ClientReadableStream<media.DownloadResponse>,
): Promise<OpenedDownload> {
  const messages = call[Symbol.asyncIterator]() as AsyncIterator<media.DownloadResponse>;
  let first: IteratorResult<media.DownloadResponse>;
  try {
    first = await messages.next();
  } catch (error) {
    call.cancel();
    throw error;
  }
  if (first.done || !first.value.info) {
    call.cancel();
    throw new Error('media download did not start with the object info');
  }
  const leading = first.value.chunk;
  return { info: first.value.info, body: Readable.from(chunks(call, messages, leading)) };
}

/** The bytes of a download, pulled from the gRPC stream as the HTTP response drains. */
async function* chunks(
  call: ClientReadableStream<media.DownloadResponse>,
  messages: AsyncIterator<media.DownloadResponse>,
  leading: Buffer | undefined,
): AsyncGenerator<Buffer> {
  let complete = false;
  try {
    if (leading?.length) yield leading;
    for (;;) {
      const next = await messages.next();
      if (next.done) break;
      if (next.value.chunk?.length) yield next.value.chunk;
    }
    complete = true;
  } finally {
    // The browser went away (or the stream broke): stop media sending the rest.
    if (!complete) call.cancel();
  }
}
