import {
  Client,
  Metadata,
  ServiceDefinition,
  ServiceError,
  status as GrpcStatus,
  UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { EventEmitter } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { runAsPart } from '../telemetry/part-context';

// One-process mode (AURA_TARGET=all, docs/adr/0014-one-process-mode.md): the gateway and every service
// run in one Node process, and a call between them goes through this module instead of the network.
// The caller keeps its generated client interface and the callee its handlers, wrapped as on the
// network (caller policy, timing): only the channel differs. Messages are still encoded and decoded
// with the generated protobuf codecs, so that a handler sees exactly the message it would see over
// gRPC (defaults filled in, unknown fields gone, no object shared between caller and callee); what
// goes is the HTTP/2 connection, TLS and the event-loop turns in between.

type Handler = (call: object, callback?: (error: CallError, response?: unknown) => void) => void;
type Callback = (error: ServiceError | null, response?: unknown) => void;
type CallOptionsLike = { deadline?: number | Date };
type Method = ServiceDefinition[string];
type CallError = { code?: number; details?: string; metadata?: Metadata } | null | undefined;

interface Served {
  definition: ServiceDefinition;
  handlers: Record<string, Handler>;
}

let enabled = false;
/** The calling service of each call made in process (what a TLS certificate proves on the network). */
const inProcessCallers = new WeakMap<object, string>();

/** The service that made `call`, when it was made in process. */
export function inProcessCallingService(call: object): string | undefined {
  return inProcessCallers.get(call);
}
/** Served services by `<server>/<proto service path>`: "social/aura.social.v1.SocialService". */
const servers = new Map<string, Served>();

/** Turns one-process mode on: later clients call in process, and servers register themselves. */
export function enableInProcessCalls(): void {
  enabled = true;
}

export function inProcessCallsEnabled(): boolean {
  return enabled;
}

const protoServiceOf = (definition: ServiceDefinition): string =>
  (Object.values(definition)[0]?.path ?? '').split('/')[1] ?? '';

/** Makes `server`'s implementation of a service reachable in process (GrpcServer.add, when enabled). */
export function serveInProcess(
  server: string,
  definition: ServiceDefinition,
  implementation: UntypedServiceImplementation,
): void {
  servers.set(`${server}/${protoServiceOf(definition)}`, {
    definition,
    handlers: implementation as unknown as Record<string, Handler>,
  });
}

/** Forgets what `server` serves (its runtime stopped): its calls then fail as to a server that is down. */
export function stopServingInProcess(server: string): void {
  for (const key of [...servers.keys()]) if (key.startsWith(`${server}/`)) servers.delete(key);
}

/**
 * What a handler gets for a call in process: the request, the metadata, the calling service (set
 * by the client, read by callingService) and the 'cancelled' event at the caller's deadline.
 */
export class InProcessCall extends EventEmitter {
  cancelled = false;

  constructor(
    readonly request: unknown,
    readonly metadata: Metadata,
    readonly callingService: string,
  ) {
    super();
    inProcessCallers.set(this, callingService);
  }

  getAuthContext() {
    return {};
  }

  getPeer(): string {
    return `in-process:${this.callingService}`;
  }

  sendMetadata(): void {}

  cancel(): void {
    this.cancelled = true;
    this.emit('cancelled');
  }
}

/** How many messages a stream holds before the writer waits (grpc-js's flow control, in messages). */
const STREAM_WINDOW = 16;

/** A client-streaming call as its handler sees it: the messages to read, and the call's context. */
class InProcessReadable extends Readable {
  cancelled = false;

  constructor(
    readonly metadata: Metadata,
    readonly callingService: string,
  ) {
    super({ objectMode: true, highWaterMark: STREAM_WINDOW });
    inProcessCallers.set(this, callingService);
  }

  override _read(): void {
    this.emit('pulled');
  }

  getAuthContext() {
    return {};
  }

  cancel(): void {
    this.cancelled = true;
    this.emit('cancelled');
    this.push(null);
  }
}

/** A server-streaming call as its handler sees it: where to write, the request and the context. */
class InProcessWritable extends Writable {
  cancelled = false;
  request: unknown;

  constructor(
    readonly metadata: Metadata,
    readonly callingService: string,
    write: (message: unknown, done: () => void) => void,
  ) {
    super({
      objectMode: true,
      highWaterMark: STREAM_WINDOW,
      write: (message, _encoding, done) => write(message, done),
    });
    inProcessCallers.set(this, callingService);
  }

  getAuthContext() {
    return {};
  }

  cancel(): void {
    this.cancelled = true;
    this.emit('cancelled');
  }
}

type ClientConstructor<C extends Client> = { service?: ServiceDefinition } & (abstract new (
  ...args: never[]
) => C);

/**
 * A client with the generated client's unary methods, `(request, metadata, options, callback)`, that
 * calls `server`'s handlers in this process as `callingService`. A server that is not (or no longer)
 * serving answers UNAVAILABLE, as a connection refused would.
 */
export function createInProcessClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  server: string,
  callingService: string,
): C {
  const definition = Ctor.service;
  if (!definition) throw new Error(`in-process client for ${server}: the client has no service definition`);
  const key = `${server}/${protoServiceOf(definition)}`;
  const client: Record<string, unknown> = {
    close: () => undefined,
    getChannel: () => ({ getTarget: () => `in-process:${server}`, inProcess: { server, callingService } }),
  };
  for (const [name, method] of Object.entries(definition)) {
    const open = (metadata: Metadata, options: CallOptionsLike | undefined) =>
      openCall(key, server, name, metadata, options, callingService);
    const call = method.requestStream
      ? (metadata: Metadata, options: CallOptionsLike | undefined, callback: Callback) =>
          clientStreamingCall(open(metadata, options), method, callback)
      : method.responseStream
        ? (request: unknown, metadata?: Metadata | CallOptionsLike, options?: CallOptionsLike) =>
            serverStreamingCall(open(...metadataAndOptions(metadata, options)), method, request)
        : (request: unknown, metadata: Metadata, options: CallOptionsLike | undefined, callback: Callback) =>
            unaryCallInProcess(open(metadata, options), method, request, callback);
    client[name] = call;
    if (method.originalName) client[method.originalName] = call;
  }
  return client as unknown as C;
}

/** The in-process identity behind a client made by createInProcessClient, if it is one. */
export function inProcessTargetOf(client: Client): { server: string; callingService: string } | undefined {
  const channel = (
    client as unknown as { getChannel?: () => { inProcess?: { server: string; callingService: string } } }
  ).getChannel?.();
  return channel?.inProcess;
}

/** A server stream's call takes (request, options) or (request, metadata, options). */
function metadataAndOptions(
  metadata: Metadata | CallOptionsLike | undefined,
  options: CallOptionsLike | undefined,
): [Metadata, CallOptionsLike | undefined] {
  return metadata instanceof Metadata ? [metadata, options] : [new Metadata(), metadata];
}

/** One call on its way to a handler: the handler, the context it gets, and how the call ends. */
interface OpenedCall {
  /** The part that serves the call: its handler runs as that part (metrics). */
  server: string;
  handler?: Handler;
  serverMethod?: Method;
  metadata: Metadata;
  callingService: string;
  /** The caller's deadline, if any, as a time. */
  deadline?: number;
  /** The error of a call to a part not serving here (made only then: an Error costs its stack). */
  unavailable: () => ServiceError;
}

function openCall(
  key: string,
  server: string,
  name: string,
  metadata: Metadata,
  options: CallOptionsLike | undefined,
  callingService: string,
): OpenedCall {
  const target = servers.get(key);
  return {
    server,
    handler: target?.handlers[name],
    serverMethod: target?.definition[name],
    metadata: metadata.clone(),
    callingService,
    deadline: options?.deadline === undefined ? undefined : new Date(options.deadline).getTime(),
    unavailable: () => serviceError(GrpcStatus.UNAVAILABLE, `${server} is not serving in this process`),
  };
}

/**
 * The serving side of one call: a server span named like grpc-js's (the network's spans are not
 * there to show the hop), and the handler run as the serving part inside it.
 */
function servedCall(opened: OpenedCall, path: string) {
  const [service, method] = path.slice(1).split('/');
  const span = runAsPart(opened.server, () =>
    trace.getTracer('aura').startSpan(`grpc.${service}/${method}`, {
      kind: SpanKind.SERVER,
      attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method },
    }),
  );
  let ended = false;
  return {
    run: (work: () => void) =>
      runAsPart(opened.server, () => context.with(trace.setSpan(context.active(), span), work)),
    end: (code: number) => {
      if (ended) return;
      ended = true;
      span.setAttribute('rpc.grpc.status_code', code);
      if (code !== GrpcStatus.OK) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Runs `expire` at the call's deadline; the returned function clears it. */
function atDeadline(deadline: number | undefined, expire: () => void): () => void {
  if (deadline === undefined) return () => undefined;
  const timer = setTimeout(expire, Math.max(0, deadline - Date.now()));
  return () => clearTimeout(timer);
}

const fromHandlerError = (error: NonNullable<CallError>): ServiceError =>
  serviceError(error.code ?? GrpcStatus.UNKNOWN, error.details ?? '', error.metadata);

function unaryCallInProcess(opened: OpenedCall, method: Method, request: unknown, callback: Callback) {
  const { handler, serverMethod } = opened;
  if (!handler || !serverMethod) {
    queueMicrotask(() => callback(opened.unavailable()));
    return { cancel: () => undefined };
  }
  const inbound = new InProcessCall(
    serverMethod.requestDeserialize(method.requestSerialize(request)),
    opened.metadata,
    opened.callingService,
  );
  const served = servedCall(opened, serverMethod.path);
  let settled = false;
  const settle = (error: ServiceError | null, response?: unknown) => {
    if (settled) return;
    settled = true;
    clearDeadline();
    served.end(error ? error.code : GrpcStatus.OK);
    callback(error, response);
  };
  const cancel = (code: GrpcStatus, details: string) => {
    if (settled) return;
    inbound.cancel();
    settle(serviceError(code, details));
  };
  const clearDeadline = atDeadline(opened.deadline, () =>
    cancel(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded'),
  );
  // The handler runs on a later turn, as after the network: the caller's code after the call runs first.
  queueMicrotask(() => {
    try {
      served.run(() =>
        handler(inbound, (error, response) => {
          if (error) settle(fromHandlerError(error));
          else settle(null, method.responseDeserialize(serverMethod.responseSerialize(response)));
        }),
      );
    } catch (error) {
      settle(serviceError(GrpcStatus.INTERNAL, error instanceof Error ? error.message : String(error)));
    }
  });
  return { cancel: () => cancel(GrpcStatus.CANCELLED, 'Cancelled on client') };
}

/**
 * Client streaming (media's Upload): the caller writes to a Writable, the handler reads the same
 * messages, in order and with back-pressure, from its call (a Readable) and answers once.
 */
function clientStreamingCall(opened: OpenedCall, method: Method, callback: Callback) {
  const { handler, serverMethod } = opened;
  const inbound = new InProcessReadable(opened.metadata, opened.callingService);
  const served = serverMethod ? servedCall(opened, serverMethod.path) : undefined;
  let settled = false;
  const settle = (error: ServiceError | null, response?: unknown) => {
    if (settled) return;
    settled = true;
    clearDeadline();
    served?.end(error ? error.code : GrpcStatus.OK);
    callback(error, response);
    if (error) outbound.destroy();
  };
  const cancel = (code: GrpcStatus, details: string) => {
    if (settled) return;
    inbound.cancel();
    settle(serviceError(code, details));
  };
  const outbound = Object.assign(
    new Writable({
      objectMode: true,
      highWaterMark: STREAM_WINDOW,
      write: (message: unknown, _encoding, done) => {
        if (settled || !serverMethod) return done();
        const decoded = serverMethod.requestDeserialize(method.requestSerialize(message));
        if (inbound.push(decoded)) done();
        else inbound.once('pulled', () => done());
      },
      final: (done) => {
        if (!inbound.cancelled) inbound.push(null);
        done();
      },
    }),
    { cancel: () => cancel(GrpcStatus.CANCELLED, 'Cancelled on client') },
  );
  const clearDeadline = atDeadline(opened.deadline, () =>
    cancel(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded'),
  );
  if (!handler || !serverMethod) {
    queueMicrotask(() => settle(opened.unavailable()));
    return outbound;
  }
  queueMicrotask(() =>
    served!.run(() =>
      handler(inbound, (error, response) => {
        if (error) settle(fromHandlerError(error));
        else settle(null, method.responseDeserialize(serverMethod.responseSerialize(response)));
      }),
    ),
  );
  return outbound;
}

/**
 * Server streaming (media's downloads): the handler writes to its call (a Writable) and ends it or
 * emits a gRPC error on it; the caller reads the messages from a Readable with `cancel()`.
 */
function serverStreamingCall(opened: OpenedCall, method: Method, request: unknown) {
  const { handler, serverMethod } = opened;
  let ended = false;
  const inbound = new InProcessWritable(opened.metadata, opened.callingService, (message, done) => {
    if (ended || !serverMethod) return done();
    const decoded = method.responseDeserialize(serverMethod.responseSerialize(message));
    if (outbound.push(decoded)) done();
    else pulled.push(done);
  });
  const pulled: (() => void)[] = [];
  const served = serverMethod ? servedCall(opened, serverMethod.path) : undefined;
  const finish = (error?: ServiceError) => {
    if (ended) return;
    ended = true;
    clearDeadline();
    served?.end(error ? error.code : GrpcStatus.OK);
    for (const done of pulled.splice(0)) done();
    if (error) outbound.destroy(error);
    else outbound.push(null);
  };
  const cancel = (code: GrpcStatus, details: string) => {
    if (ended) return;
    inbound.cancel();
    finish(serviceError(code, details));
  };
  const outbound = Object.assign(
    new Readable({
      objectMode: true,
      highWaterMark: STREAM_WINDOW,
      read: () => {
        for (const done of pulled.splice(0)) done();
      },
    }),
    { cancel: () => cancel(GrpcStatus.CANCELLED, 'Cancelled on client') },
  );
  const clearDeadline = atDeadline(opened.deadline, () =>
    cancel(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded'),
  );
  if (!handler || !serverMethod) {
    queueMicrotask(() => finish(opened.unavailable()));
    return outbound;
  }
  inbound.request = serverMethod.requestDeserialize(method.requestSerialize(request));
  inbound.once('finish', () => finish());
  inbound.on('error', (error: CallError) => finish(fromHandlerError(error ?? {})));
  queueMicrotask(() => served!.run(() => handler(inbound)));
  return outbound;
}

function serviceError(code: number, details: string, metadata = new Metadata()): ServiceError {
  return Object.assign(new Error(`${code} ${GrpcStatus[code] ?? 'UNKNOWN'}: ${details}`), {
    code,
    details,
    metadata,
  });
}
