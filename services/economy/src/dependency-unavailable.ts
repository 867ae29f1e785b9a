import { DomainError } from '@aura/platform';
import { status as GrpcStatus } from '@grpc/grpc-js';

/** identity could not be asked (HTTP 503 at the gateway, with the spec's "try again" message). */
export class DependencyUnavailable extends DomainError {
  readonly grpcStatus = GrpcStatus.UNAVAILABLE;

  constructor() {
    super('Service temporarily unavailable. Please try again shortly.');
  }
}
