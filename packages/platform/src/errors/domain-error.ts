import { status as GrpcStatus } from '@grpc/grpc-js';

/** Trailing metadata key that carries a DomainError's `code` from a service to the gateway. */
export const ERROR_CODE_METADATA = 'aura-error-code';

/**
 * Errors a service raises on purpose. Each kind maps to one gRPC status, and the gateway maps that
 * status to the HTTP status of ARCHITECTURE.md §3. `message` is shown to the member as `detail`,
 * so it is the spec's text where the spec gives one. `code`, when given, is a stable word a client
 * may act on (e.g. `pause_required`): it travels as the `aura-error-code` trailer and the gateway
 * answers it as `code` beside `detail`.
 */
export abstract class DomainError extends Error {
  abstract readonly grpcStatus: GrpcStatus;
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A rule is broken (HTTP 400), e.g. "Username already taken", "Insufficient balance". */
export class RuleViolation extends DomainError {
  readonly grpcStatus = GrpcStatus.FAILED_PRECONDITION;
}
/** Input is malformed (HTTP 422). */
export class InvalidInput extends DomainError {
  readonly grpcStatus = GrpcStatus.INVALID_ARGUMENT;
}
/** Bad credentials or token (HTTP 401). */
export class Unauthenticated extends DomainError {
  readonly grpcStatus = GrpcStatus.UNAUTHENTICATED;
}
/** The caller may not do this (HTTP 403). */
export class Forbidden extends DomainError {
  readonly grpcStatus = GrpcStatus.PERMISSION_DENIED;
}
/** HTTP 404. */
export class NotFound extends DomainError {
  readonly grpcStatus = GrpcStatus.NOT_FOUND;
}
/** A conflicting concurrent change or duplicate (HTTP 409). */
export class Conflict extends DomainError {
  readonly grpcStatus = GrpcStatus.ALREADY_EXISTS;
}
/** HTTP 429. */
export class RateLimited extends DomainError {
  readonly grpcStatus = GrpcStatus.RESOURCE_EXHAUSTED;
}
/** Busy for a moment; trying again is the answer (HTTP 503). */
export class Unavailable extends DomainError {
  readonly grpcStatus = GrpcStatus.UNAVAILABLE;
}

/** The HTTP status the gateway answers for a gRPC status. */
export function httpStatusForGrpc(code: GrpcStatus): number {
  switch (code) {
    case GrpcStatus.OK:
      return 200;
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.OUT_OF_RANGE:
      return 400;
    case GrpcStatus.INVALID_ARGUMENT:
      return 422;
    case GrpcStatus.UNAUTHENTICATED:
      return 401;
    case GrpcStatus.PERMISSION_DENIED:
      return 403;
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return 409;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 429;
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 503;
    default:
      return 500;
  }
}
