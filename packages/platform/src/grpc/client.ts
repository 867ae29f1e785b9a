import {
  CallOptions,
  ChannelCredentials,
  Client,
  ClientUnaryCall,
  Metadata,
  ServiceDefinition,
  ServiceError,
} from '@grpc/grpc-js';

import { createInProcessClient, inProcessCallsEnabled, inProcessTargetOf } from './in-process';
import { InternalCalls, internalCalls } from './internal-calls';

type ClientConstructor<C extends Client> = (new (
  address: string,
  credentials: ChannelCredentials,
  options?: Record<string, unknown>,
) => C) & { service?: ServiceDefinition };

/** The service a generated client talks to: "identity" for aura.identity.v1.IdentityService. */
function serviceOf(Ctor: ClientConstructor<Client>): string | undefined {
  const [method] = Object.values(Ctor.service ?? {});
  const name = /^\/aura\.([a-z]+)\.v\d+\./.exec(method?.path ?? '')?.[1];
  return name === 'common' ? undefined : name;
}

/**
 * A client channel with mutual TLS (this process's certificate; only a server whose internal-CA
 * certificate names the expected service) that
 * fails fast while the server is down (so the gateway can answer 503) and reconnects quickly when it
 * returns.
 */
export function createGrpcClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  address: string,
  /** The service expected at `address` (its certificate must name it); derived from Ctor if omitted. */
  server = serviceOf(Ctor),
  /** Who calls (this process, unless a test plays another service). */
  identity: InternalCalls = internalCalls(),
): C {
  if (!server) throw new Error(`createGrpcClient: name the service expected at ${address}`);
  // One-process mode: the server runs in this process; the call skips the network (grpc/in-process.ts).
  if (inProcessCallsEnabled()) return createInProcessClient(Ctor, server, identity.service);
  return new Ctor(address, identity.clientCredentials(), {
    // The server's certificate must name the service we meant to reach, whatever its address.
    'grpc.ssl_target_name_override': server,
    'grpc.default_authority': server,
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 2000,
    'grpc.keepalive_time_ms': 30000,
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
  });
}

/**
 * A client of another service of the same server on `sibling`'s channel, so both see one connection:
 * a health probe then reports the connection the calls use (on a channel of its own it could still be
 * backing off after an outage while calls already went through again, or the other way round).
 */
export function createClientOnChannelOf<C extends Client>(Ctor: ClientConstructor<C>, sibling: Client): C {
  const inProcess = inProcessTargetOf(sibling);
  if (inProcess) return createInProcessClient(Ctor, inProcess.server, inProcess.callingService);
  const channel = sibling.getChannel();
  return new Ctor(channel.getTarget(), internalCalls().clientCredentials(), { channelOverride: channel });
}

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

/** Calls one unary method and resolves with its answer, rejecting with the ServiceError. */
export function unaryCall<Req, Res>(
  client: Client,
  method: UnaryMethod<Req, Res>,
  request: Req,
  metadata: Metadata = new Metadata(),
  timeoutMs = 10000,
): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    method.call(client, request, metadata, { deadline: Date.now() + timeoutMs }, (error, response) =>
      error ? reject(error) : resolve(response),
    );
  });
}

export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === 'object' && error !== null && 'code' in error && 'details' in error;
}
