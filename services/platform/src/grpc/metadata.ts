import { Metadata } from '@grpc/grpc-js';

/** Metadata keys the gateway sets on every call: who is calling, and the idempotency key of a write. */
export const CALLER_ID = 'x-aura-user-id';
export const CALLER_ROLE = 'x-aura-user-role';
export const IDEMPOTENCY_KEY = 'idempotency-key';

export type Role = 'user' | 'admin' | 'super_admin';

export interface Caller {
  userId: string;
  role: Role;
}

/** What a handler knows about its call besides the request message. */
export interface CallContext {
  caller?: Caller;
  idempotencyKey?: string;
  metadata: Metadata;
}

function first(metadata: Metadata, key: string): string | undefined {
  const [value] = metadata.get(key);
  return value === undefined ? undefined : String(value);
}

export function readCallContext(metadata: Metadata): CallContext {
  const userId = first(metadata, CALLER_ID);
  const role = first(metadata, CALLER_ROLE) as Role | undefined;
  return {
    caller: userId ? { userId, role: role ?? 'user' } : undefined,
    idempotencyKey: first(metadata, IDEMPOTENCY_KEY),
    metadata,
  };
}

export function callerMetadata(caller?: Caller, idempotencyKey?: string): Metadata {
  const metadata = new Metadata();
  if (caller) {
    metadata.set(CALLER_ID, caller.userId);
    metadata.set(CALLER_ROLE, caller.role);
  }
  if (idempotencyKey) metadata.set(IDEMPOTENCY_KEY, idempotencyKey);
  return metadata;
}
