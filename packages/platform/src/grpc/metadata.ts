import { Metadata } from '@grpc/grpc-js';
import { CALLER_TOKEN, InternalCalls, internalCalls } from './internal-calls';

/** Metadata key of a write's idempotency key (the gateway passes the member's Idempotency-Key on). */
export const IDEMPOTENCY_KEY = 'idempotency-key';

export type Role = 'user' | 'admin' | 'super_admin';

export interface Caller {
  userId: string;
  role: Role;
}

/** What a handler knows about its call besides the request message. */
export interface CallContext {
  /** The member the gateway calls for, from its verified caller token (absent: no member). */
  caller?: Caller;
  /** The calling service, proven by its TLS certificate ("gateway", "genies"...). */
  peer: string;
  idempotencyKey?: string;
  metadata: Metadata;
}

function first(metadata: Metadata, key: string): string | undefined {
  const [value] = metadata.get(key);
  return value === undefined ? undefined : String(value);
}

/** The context of a call from `peer`: its caller only when the caller token verifies. */
export function readCallContext(metadata: Metadata, peer: string): CallContext {
  const token = first(metadata, CALLER_TOKEN);
  return {
    caller: token ? internalCalls().verifyCaller(token) : undefined,
    peer,
    idempotencyKey: first(metadata, IDEMPOTENCY_KEY),
    metadata,
  };
}

/**
 * The metadata of a call for `caller` (signed: only the gateway, which holds the key, can name a
 * member) with the write's idempotency key.
 */
export function callerMetadata(caller?: Caller, idempotencyKey?: string, identity?: InternalCalls): Metadata {
  const metadata = new Metadata();
  if (caller) metadata.set(CALLER_TOKEN, (identity ?? internalCalls()).signCaller(caller));
  if (idempotencyKey) metadata.set(IDEMPOTENCY_KEY, idempotencyKey);
  return metadata;
}
