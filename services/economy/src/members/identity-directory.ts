import { createGrpcClient, DomainError, isServiceError, unaryCall } from '@aura/platform';
import { identity } from '@aura/proto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Member, MemberDirectory } from './member';

/** identity could not be asked (HTTP 503 at the gateway, with the spec's "try again" message). */
export class DependencyUnavailable extends DomainError {
  readonly grpcStatus = GrpcStatus.UNAVAILABLE;

  constructor() {
    super('Service temporarily unavailable. Please try again shortly.');
  }
}

/** Looks members up in identity over gRPC (the exception to "services talk by events"). */
export class IdentityMemberDirectory implements MemberDirectory {
  private readonly client: identity.IdentityServiceClient;

  constructor(address: string) {
    this.client = createGrpcClient(identity.IdentityServiceClient, address);
  }

  async lookup(userId: string): Promise<Member | null> {
    try {
      const user = await unaryCall(this.client, this.client.getUser, { userId }, undefined, 5000);
      return {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        role: user.role,
        isSuperAura: user.isSuperAura,
      };
    } catch (error) {
      if (
        isServiceError(error) &&
        (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT)
      )
        return null;
      throw new DependencyUnavailable();
    }
  }

  close(): void {
    this.client.close();
  }
}
