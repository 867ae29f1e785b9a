import {
  CallOptions,
  ChannelCredentials,
  Client,
  ClientUnaryCall,
  credentials,
  Metadata,
  ServiceError,
} from '@grpc/grpc-js';

type ClientConstructor<C extends Client> = new (
  address: string,
  credentials: ChannelCredentials,
  options?: Record<string, unknown>,
) => C;

/**
 * A client channel that fails fast while the server is down (so the gateway can answer 503) and
 * reconnects quickly when it returns.
 */
export function createGrpcClient<C extends Client>(Ctor: ClientConstructor<C>, address: string): C {
  return new Ctor(address, credentials.createInsecure(), {
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 2000,
    'grpc.keepalive_time_ms': 30000,
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
  });
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
