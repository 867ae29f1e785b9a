import {
  handleUnaryCall,
  Server,
  ServerCredentials,
  ServiceDefinition,
  status as GrpcStatus,
  UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error';
import { rpcServerDuration } from '../telemetry/metrics';
import { CallContext, readCallContext } from './metadata';

type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/** A generated gRPC server interface, with each unary handler written as an async function. */
export type AsyncService<S> = {
  [K in KnownKeys<S>]: S[K] extends handleUnaryCall<infer Req, infer Res>
    ? (request: Req, context: CallContext) => Promise<Res>
    : never;
};

/**
 * Adapts async handlers to grpc-js callbacks. A DomainError becomes its gRPC status with the
 * message as details; anything else is logged and answered as INTERNAL without internals.
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
      handler(call.request, readCallContext(call.metadata)).then(
        (response) => callback(null, response),
        (error: unknown) => {
          if (error instanceof DomainError) {
            callback({
              code: error.grpcStatus,
              details: error.message,
              name: error.name,
              message: error.message,
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

export class GrpcServer {
  private readonly server = new Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  private boundPort?: number;

  add<S extends UntypedServiceImplementation>(definition: ServiceDefinition<S>, implementation: S): this {
    this.server.addService(definition, timed(definition, implementation));
    return this;
  }

  async listen(address: string): Promise<number> {
    this.boundPort = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync(address, ServerCredentials.createInsecure(), (error, port) =>
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

type AnyHandler = (call: any, callback?: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

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
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        return handler.call(implementation, call, (error: any, ...rest: unknown[]) => {
          record(started, error ? (typeof error.code === 'number' ? error.code : GrpcStatus.UNKNOWN) : 0);
          callback(error, ...rest);
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
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        call.once('error', (error: any) =>
          end(typeof error?.code === 'number' ? error.code : GrpcStatus.UNKNOWN),
        );
        return handler.call(implementation, call);
      };
    }
  }
  return { ...implementation, ...wrapped } as S;
}
