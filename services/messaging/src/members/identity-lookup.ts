import { createGrpcClient, isServiceError, unaryCall } from '@aura/platform';
import { identity } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import type { Participant } from './participant';

export const IDENTITY_LOOKUP = Symbol('IdentityLookup');

/**
 * The one synchronous call messaging makes to another service: a member it has not heard of yet
 * (their user.registered is still on its way) is asked of identity, so a message to a member who
 * signed up a second ago works. Everything else comes from identity's events.
 */
export interface IdentityLookup {
  find(userId: string): Promise<Participant | null>;
  close(): void;
}

export function grpcIdentityLookup(address: string): IdentityLookup {
  const client = createGrpcClient(identity.IdentityServiceClient, address);
  return {
    async find(userId) {
      try {
        const user = await unaryCall(client, client.getUser, { userId }, undefined, 5000);
        return {
          id: user.id,
          username: user.username,
          displayName: user.displayName,
          profilePicture: user.profilePicture,
          auraScore: user.auraScore,
          isSuperAura: user.isSuperAura,
        };
      } catch (error) {
        if (isServiceError(error) && error.code === status.NOT_FOUND) return null;
        throw error;
      }
    },
    close: () => client.close(),
  };
}
