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
    this.server.addService(definition, implementation);
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
