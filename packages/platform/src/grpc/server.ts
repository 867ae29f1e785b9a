import {
  handleUnaryCall,
  Metadata,
  Server,
  ServerUnaryCall,
  ServiceDefinition,
  status as GrpcStatus,
  UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { DomainError, ERROR_CODE_METADATA } from '../errors/domain-error';
import { isDependencyUnavailable } from '../errors/dependency-unavailable';
import { withCallSignal } from './call-signal';
import {
  inProcessCallingService,
  inProcessCallsEnabled,
  serveInProcess,
  stopServingInProcess,
} from './in-process';
import { rpcServerDuration } from '../telemetry/metrics';
import { internalCalls, peerService } from './internal-calls';
import { CallContext, readCallContext } from './metadata';

type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/** A generated gRPC server interface, with each unary handler written as an async function. */
export type AsyncService<S> = {
  [K in KnownKeys<S>]: S[K] extends handleUnaryCall<infer Req, infer Res>
    ? (request: Req, context: CallContext) => Promise<Res>
    : never;
};

/**
 * Which services may call which methods of a service: `methods` names the callers of a method,
 * `others` those of every other method (default: the gateway only); `'*'` admits any service of the
 * internal CA (health checks).
 */
export interface CallerPolicy<S = unknown> {
  methods?: Partial<Record<KnownKeys<S>, readonly string[]>>;
  others?: readonly string[];
}

/** A call's peer is a service allowed to call the method, or the call is refused (PERMISSION_DENIED). */
export function admitted(allowed: readonly string[], peer: string | undefined): peer is string {
  return peer !== undefined && (allowed.includes('*') || allowed.includes(peer));
}

const callers = new WeakMap<object, string | undefined>();

/**
 * The service that makes a call, from the certificate it presented (mutual TLS); read once per call
 * (the policy check and the handler both ask).
 */
export function callingService(
  call: Pick<ServerUnaryCall<unknown, unknown>, 'getAuthContext'>,
): string | undefined {
  if (callers.has(call)) return callers.get(call);
  const inProcess = inProcessCallingService(call);
  if (inProcess !== undefined) return inProcess;
  const service = peerService(call.getAuthContext()?.sslPeerCertificate?.raw);
  callers.set(call, service);
  return service;
}

const refusedCall = (name: string) => ({
  code: GrpcStatus.PERMISSION_DENIED,
  details: 'This service may not make this call',
  name: 'Error',
  message: `refused ${name}`,
});

/**
 * Adapts async handlers to grpc-js callbacks, each with its context: the calling service and the
 * caller read from the verified caller token (GrpcServer.add admits only the services its policy
 * names). A DomainError becomes its gRPC status with the message as details; an error saying that
 * MongoDB, Redis or Kafka cannot be reached becomes UNAVAILABLE (the gateway's 503 with Retry-After);
 * anything else is logged and answered as INTERNAL without internals.
 */
export function asyncService<S extends UntypedServiceImplementation>(
  definition: ServiceDefinition<S>,
  handlers: AsyncService<S>,
  logger: Logger,
): S {
  const adapted: Record<string, handleUnaryCall<unknown, unknown>> = {};
  // Handlers are usually a class instance: look methods up by the definition's names (prototype
  // methods are not own properties) and keep `this` bound.
  for (const name of Object.keys(definition)) {
    const method = (handlers as unknown as Record<string, (r: unknown, c: CallContext) => Promise<unknown>>)[
      name
    ];
    if (typeof method !== 'function') throw new Error(`gRPC handler ${name} is not implemented`);
    const handler = method.bind(handlers);
    adapted[name] = (call, callback) => {
      const abandoned = new AbortController();
      call.once('cancelled', () => abandoned.abort());
      withCallSignal(abandoned.signal, () =>
        handler(call.request, readCallContext(call.metadata, callingService(call) ?? '')),
      ).then(
        (response) => callback(null, response),
        (error: unknown) => {
          if (error instanceof DomainError) {
            callback({
              code: error.grpcStatus,
              details: error.message,
              name: error.name,
              message: error.message,
              ...(error.code ? { metadata: errorCodeMetadata(error.code) } : {}),
            });
            return;
          }
          if (isDependencyUnavailable(error)) {
            // MongoDB, Redis or Kafka cannot be reached: "try again" (the gateway's 503), not a fault.
            logger.warn({ err: error, method: name }, 'gRPC handler: a dependency is unavailable');
            callback({
              code: GrpcStatus.UNAVAILABLE,
              details: 'A dependency is unavailable',
              name: 'Error',
              message: 'A dependency is unavailable',
            });
            return;
          }
          logger.error({ err: error, method: name }, 'gRPC handler failed');
          callback({
            code: GrpcStatus.INTERNAL,
            details: 'Internal error',
            name: 'Error',
            message: 'Internal error',
          });
        },
      );
    };
  }
  return adapted as unknown as S;
}

function errorCodeMetadata(code: string): Metadata {
  const metadata = new Metadata();
  metadata.set(ERROR_CODE_METADATA, code);
  return metadata;
}

/** The `code` a service gave its error (DomainError.code), read from the call's trailers. */
export function errorCodeOf(error: { metadata?: Metadata }): string | undefined {
  const [value] = error.metadata?.get(ERROR_CODE_METADATA) ?? [];
  return value === undefined ? undefined : String(value);
}

export class GrpcServer {
  private readonly server = new Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  private boundPort?: number;

  /** `name`: the service this server is (in one-process mode its services are reachable in process). */
  constructor(private readonly name?: string) {}

  /** Serves a service to the callers its policy admits (default: the gateway only). */
  add<S extends UntypedServiceImplementation>(
    definition: ServiceDefinition<S>,
    implementation: S,
    policy: CallerPolicy<S> = {},
  ): this {
    internalCalls(); // fails at start, not at the first call, when the process has no identity
    const served = admitting(definition, timed(definition, implementation), policy);
    this.server.addService(definition, served);
    if (this.name && inProcessCallsEnabled()) serveInProcess(this.name, definition, served);
    return this;
  }

  /** Listens with mutual TLS: only clients with a certificate of the internal CA get in. */
  async listen(address: string): Promise<number> {
    this.boundPort = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync(address, internalCalls().serverCredentials(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
    return this.boundPort;
  }

  get port(): number | undefined {
    return this.boundPort;
  }

  /** Lets in-flight calls finish for up to `graceMs`, then cuts the rest. */
  async close(graceMs = 5000): Promise<void> {
    if (this.name) stopServingInProcess(this.name);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, graceMs);
      this.server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** What the wrappers below use of any call grpc-js hands a handler, unary or streaming. */
type AnyCall = Pick<ServerUnaryCall<unknown, unknown>, 'getAuthContext' | 'emit' | 'once'>;
/** A failed call's error as grpc-js passes it on: a status code when it has one. */
type CallError = { code?: unknown } | null | undefined;
type AnyCallback = (error: CallError, ...rest: unknown[]) => void;
type AnyHandler = (call: AnyCall, callback?: AnyCallback) => void;

const statusOf = (error: CallError): number =>
  typeof error?.code === 'number' ? error.code : GrpcStatus.UNKNOWN;

/**
 * Refuses (PERMISSION_DENIED) every call whose TLS peer is not a service the policy admits for the
 * method, before the handler runs: unary and client-streaming calls through their callback, server
 * streams with an error.
 */
function admitting<S extends UntypedServiceImplementation>(
  definition: ServiceDefinition<S>,
  implementation: S,
  policy: CallerPolicy<S>,
): S {
  const wrapped: Record<string, AnyHandler> = {};
  const logger = internalCallsLogger;
  for (const name of Object.keys(definition)) {
    const handler = (implementation as unknown as Record<string, AnyHandler>)[name];
    if (typeof handler !== 'function') continue;
    const allowed = (policy.methods as Record<string, readonly string[]> | undefined)?.[name] ??
      policy.others ?? ['gateway'];
    wrapped[name] = (call, callback) => {
      const peer = callingService(call);
      if (admitted(allowed, peer)) return handler.call(implementation, call, callback);
      logger?.warn({ method: name, peer: peer ?? 'none' }, 'internal call refused');
      if (callback) callback(refusedCall(name));
      else call.emit('error', refusedCall(name));
    };
  }
  return { ...implementation, ...wrapped } as S;
}

let internalCallsLogger: Logger | undefined;

/** Where refused internal calls are logged (ServiceRuntime sets its logger). */
export function logRefusedCallsTo(logger: Logger): void {
  internalCallsLogger = logger;
}

/**
 * Records rpc.server.duration (Prometheus rpc_server_duration_seconds) for every method of a service:
 * labels rpc.method (the proto method name) and rpc.grpc.status_code. Unary and client-streaming
 * calls end with their callback; streaming responses with the call's finish, error or cancel.
 */
export function timed<S extends UntypedServiceImplementation>(
  definition: ServiceDefinition<S>,
  implementation: S,
): S {
  const wrapped: Record<string, AnyHandler> = {};
  for (const name of Object.keys(definition)) {
    const handler = (implementation as unknown as Record<string, AnyHandler>)[name];
    if (typeof handler !== 'function') continue;
    const method = definition[name].path.split('/').pop() ?? name;
    const record = (started: bigint, code: number) =>
      rpcServerDuration.record(Number(process.hrtime.bigint() - started) / 1e9, {
        'rpc.method': method,
        'rpc.grpc.status_code': code,
      });
    if (!definition[name].responseStream) {
      wrapped[name] = (call, callback) => {
        const started = process.hrtime.bigint();
        return handler.call(implementation, call, (error, ...rest) => {
          record(started, error ? statusOf(error) : GrpcStatus.OK);
          callback?.(error, ...rest);
        });
      };
    } else {
      wrapped[name] = (call) => {
        const started = process.hrtime.bigint();
        let done = false;
        const end = (code: number) => {
          if (done) return;
          done = true;
          record(started, code);
        };
        call.once('finish', () => end(GrpcStatus.OK));
        call.once('cancelled', () => end(GrpcStatus.CANCELLED));
        call.once('error', (error: CallError) => end(statusOf(error)));
        return handler.call(implementation, call);
      };
    }
  }
  return { ...implementation, ...wrapped } as S;
}
