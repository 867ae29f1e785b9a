import { DomainError, IdentityMemberSource } from '@aura/platform';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { Member, MemberDirectory } from './member';

/** identity could not be asked (HTTP 503 at the gateway, with the spec's "try again" message). */
export class DependencyUnavailable extends DomainError {
  readonly grpcStatus = GrpcStatus.UNAVAILABLE;

  constructor() {
    super('Service temporarily unavailable. Please try again shortly.');
  }
}

/**
 * Looks members up in identity over gRPC (the platform's IdentityMemberSource, the exception to
 * "services talk by events"); identity out of reach is economy's DependencyUnavailable.
 */
export class IdentityMemberDirectory implements MemberDirectory {
  private readonly identity: IdentityMemberSource;

  constructor(address: string) {
    this.identity = new IdentityMemberSource(address);
  }

  async lookup(userId: string): Promise<Member | null> {
    try {
      return await this.identity.find(userId);
    } catch {
      throw new DependencyUnavailable();
    }
  }

  close(): void {
    this.identity.close();
  }
}
