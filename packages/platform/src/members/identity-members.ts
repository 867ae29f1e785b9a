import { identity } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { createGrpcClient, isServiceError, unaryCall } from '../grpc/client';

/** A member as identity describes them: the profile fields other services keep a copy of. */
export interface MemberProfile {
  id: string;
  username: string;
  displayName: string;
  profilePicture: string;
  auraScore: number;
  role: string;
  isSuperAura: boolean;
  /** The member's bio, where the source carries it (identity's profile events do). */
  bio?: string;
}

/** What identity says of a member (GetUser's User, or one of its member events). */
interface IdentityDescription {
  username: string;
  displayName?: string;
  profilePicture?: string;
  auraScore: number;
  role?: string;
  isSuperAura?: boolean;
  bio?: string;
}

/** A member's profile from identity's description: no display name is the username, no role "user". */
export function memberProfile(id: string, user: IdentityDescription): MemberProfile {
  return {
    id,
    username: user.username,
    displayName: user.displayName || user.username,
    profilePicture: user.profilePicture ?? '',
    auraScore: user.auraScore,
    role: user.role || 'user',
    isSuperAura: user.isSuperAura === true,
    ...(user.bio !== undefined ? { bio: user.bio } : {}),
  };
}

/**
 * Where a member a service's directory does not know yet is asked for (identity's GetUser): a
 * directory follows identity's events a moment behind, and a member who signed up a second ago must
 * already be found. Null when identity says there is no such member; other failures are thrown.
 */
export interface MemberSource {
  find(userId: string): Promise<MemberSnapshot | null>;
}

/** A member as a source answers: the id and username, and as many of the other fields as it knows. */
export type MemberSnapshot = Pick<MemberProfile, 'id' | 'username'> & Partial<MemberProfile>;

/** The member source over gRPC: the one synchronous call a directory makes to identity. */
export class IdentityMemberSource implements MemberSource {
  private readonly client: identity.IdentityServiceClient;

  constructor(
    address: string,
    private readonly timeoutMs = 5000,
  ) {
    this.client = createGrpcClient(identity.IdentityServiceClient, address);
  }

  async find(userId: string): Promise<MemberProfile | null> {
    try {
      const user = await unaryCall(this.client, this.client.getUser, { userId }, undefined, this.timeoutMs);
      return memberProfile(user.id, user);
    } catch (error) {
      if (
        isServiceError(error) &&
        (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT)
      )
        return null;
      throw error;
    }
  }

  close(): void {
    this.client.close();
  }
}
