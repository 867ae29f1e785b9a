// Calls in one process (AURA_TARGET=all): what a handler and a caller see must be what they would see
// over gRPC — decoded messages, status codes, deadlines, cancellation, stream order and back-pressure.
import { media } from '@aura/proto';
import { Metadata, ServiceError, status } from '@grpc/grpc-js';
import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { createInProcessClient, serveInProcess, stopServingInProcess } from './in-process';
import { callingService } from './server';

type Handlers = Record<string, (call: never, callback: never) => void>;

const SERVER = 'media-test';
const serve = (handlers: Handlers) =>
  serveInProcess(SERVER, media.MediaServiceService, handlers as unknown as Record<string, never>);
const client = (caller = 'gateway') =>
  createInProcessClient(media.MediaServiceClient, SERVER, caller) as media.MediaServiceClient;

function stat(
  c: media.MediaServiceClient,
  request: Partial<media.DownloadRequest>,
  deadline?: number,
): Promise<media.MediaInfo> {
  return new Promise((resolve, reject) =>
    c.stat(media.DownloadRequest.fromPartial(request), new Metadata(), { deadline }, (error, response) =>
      error ? reject(error) : resolve(response),
    ),
  );
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ServiceError) => error,
  );

afterEach(() => stopServingInProcess(SERVER));

describe('unary calls in process', () => {
  it('hand the handler the decoded request and the calling service, and the caller the decoded answer', async () => {
    let seen: { request: unknown; caller: string | undefined; metadata: string[] } | undefined;
    serve({
      stat: (call: { request: unknown; metadata: Metadata }, callback: (e: null, r: unknown) => void) => {
        seen = {
          request: call.request,
          caller: callingService(call as never),
          metadata: call.metadata.get('x-test') as string[],
        };
        // What the contract does not know does not reach the other side, as after protobuf decoding.
        callback(null, {
          ...media.MediaInfo.fromPartial({ contentType: 'image/png', size: 7 }),
          extra: 'not in the contract',
        });
      },
    });
    const c = client('economy');
    const metadata = new Metadata();
    metadata.set('x-test', 'yes');
    const answer = await new Promise((resolve, reject) =>
      c.stat(media.DownloadRequest.fromPartial({ collection: 'posts' }), metadata, {}, (error, response) =>
        error ? reject(error) : resolve(response),
      ),
    );
    expect(seen).toEqual({
      request: media.DownloadRequest.fromPartial({ collection: 'posts' }),
      caller: 'economy',
      metadata: ['yes'],
    });
    expect(answer).toEqual(media.MediaInfo.fromPartial({ contentType: 'image/png', size: 7 }));
  });

  it('pass a handler’s status, details and trailers on as a ServiceError', async () => {
    const trailers = new Metadata();
    trailers.set('x-aura-error-code', 'pause_required');
    serve({
      stat: (_call: unknown, callback: (e: unknown) => void) =>
        callback({ code: status.NOT_FOUND, details: 'File not found', metadata: trailers }),
    });
    const error = await failureOf(stat(client(), { filename: 'x' }));
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.details).toBe('File not found');
    expect(error.message).toBe('5 NOT_FOUND: File not found');
    expect(error.metadata.get('x-aura-error-code')).toEqual(['pause_required']);
  });

  it('fail UNAVAILABLE when the server does not serve (not started, or stopped)', async () => {
    const error = await failureOf(stat(client(), {}));
    expect(error.code).toBe(status.UNAVAILABLE);
  });

  it('end DEADLINE_EXCEEDED at the caller’s deadline and cancel the handler’s call', async () => {
    let cancelled = false;
    serve({
      stat: (call: { once: (event: string, listener: () => void) => void }) =>
        call.once('cancelled', () => (cancelled = true)),
    });
    const error = await failureOf(stat(client(), {}, Date.now() + 20));
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
    expect(cancelled).toBe(true);
  });
});

describe('client streaming in process (Upload)', () => {
  it('delivers every message in order, with back-pressure, and answers once', async () => {
    let received: media.UploadRequest[] = [];
    let release: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (release = resolve));
    serve({
      upload: (call: Readable, callback: (e: null, r: unknown) => void) => {
        void (async () => {
          await reading; // the handler reads nothing until released
          for await (const message of call) received.push(message as media.UploadRequest);
          callback(null, media.StoredMedia.fromPartial({ filename: `${received.length} messages` }));
        })();
      },
    });
    const done = new Promise<media.StoredMedia>((resolve, reject) => {
      const call = client().upload(new Metadata(), {}, (error, response) =>
        error ? reject(error) : resolve(response),
      ) as unknown as Writable;
      void (async () => {
        call.write(media.UploadRequest.fromPartial({ header: { filename: 'a.png' } }));
        let waited = false;
        for (let i = 0; i < 40; i += 1) {
          if (!call.write({ chunk: Buffer.from([i]) })) {
            waited = true;
            release();
            await once(call, 'drain');
          }
        }
        expect(waited).toBe(true); // the writer had to wait for the reader
        call.end();
      })();
    });
    const answer = await done;
    expect(answer.filename).toBe('41 messages');
    expect(received[0]).toEqual(media.UploadRequest.fromPartial({ header: { filename: 'a.png' } }));
    expect(received.slice(1).map((m) => m.chunk?.[0])).toEqual([...Array(40).keys()]);
    received = [];
  });

  it('tells the handler when the caller cancels', async () => {
    let cancelled = false;
    serve({
      upload: (call: Readable & { cancelled: boolean }) =>
        call.once('cancelled', () => (cancelled = call.cancelled)),
    });
    const error = await new Promise<ServiceError>((resolve) => {
      const call = client().upload(new Metadata(), {}, (e) => resolve(e as ServiceError));
      call.write(media.UploadRequest.fromPartial({ header: { filename: 'a.png' } }));
      setImmediate(() => call.cancel());
    });
    expect(error.code).toBe(status.CANCELLED);
    expect(cancelled).toBe(true);
  });
});

describe('server streaming in process (Download)', () => {
  it('delivers what the handler writes, in order, then ends', async () => {
    serve({
      download: (call: Writable & { request: media.DownloadRequest }) => {
        call.write(media.DownloadResponse.fromPartial({ info: { etag: call.request.filename } }));
        for (let i = 0; i < 40; i += 1) call.write({ chunk: Buffer.from([i]) });
        call.end();
      },
    });
    const messages: media.DownloadResponse[] = [];
    for await (const message of client().download(media.DownloadRequest.fromPartial({ filename: 'b.mp4' })))
      messages.push(message as media.DownloadResponse);
    expect(messages[0].info?.etag).toBe('b.mp4');
    expect(messages.slice(1).map((m) => m.chunk?.[0])).toEqual([...Array(40).keys()]);
  });

  it('ends the caller’s stream with the handler’s error', async () => {
    serve({
      download: (call: Writable) => call.emit('error', { code: status.NOT_FOUND, details: 'File not found' }),
    });
    const stream = client().download(media.DownloadRequest.fromPartial({}));
    const error = await new Promise<ServiceError>((resolve) => stream.once('error', resolve));
    expect(error.code).toBe(status.NOT_FOUND);
  });

  it('cancels the handler’s call when the caller stops reading', async () => {
    let cancelled = false;
    serve({
      download: (call: Writable & { cancelled: boolean }) => {
        call.once('cancelled', () => (cancelled = true));
        const pump = () => {
          while (!call.cancelled && call.write({ chunk: Buffer.alloc(1) }));
          if (!call.cancelled) call.once('drain', pump);
        };
        pump();
      },
    });
    const stream = client().download(media.DownloadRequest.fromPartial({}));
    stream.on('error', () => undefined);
    await once(stream, 'readable');
    stream.cancel();
    expect(cancelled).toBe(true);
  });
});
