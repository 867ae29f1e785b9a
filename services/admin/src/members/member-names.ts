import { createGrpcClient, isServiceError, unaryCall } from '@aura/platform';
import { identity } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import type { DashboardReadModel } from '../dashboard/read-model';

export interface PersonName {
  id: string;
  username: string;
  displayName: string;
}

export interface NameSource {
  find(userId: string): Promise<PersonName | null>;
  close(): void;
}

/**
 * Who a ticket's author or answering admin is: the member projection (identity's events), else
 * identity itself for a member whose user.registered has not arrived yet (signed up a moment ago).
 */
export function memberNames(model: DashboardReadModel, identityUrl: string | null): NameSource {
  const client = identityUrl ? createGrpcClient(identity.IdentityServiceClient, identityUrl) : null;
  return {
    async find(userId) {
      const doc = await model.members.findOne({ _id: userId });
      if (doc?.username)
        return { id: userId, username: doc.username, displayName: doc.display_name || doc.username };
      if (!client) return null;
      try {
        const user = await unaryCall(client, client.getUser, { userId }, undefined, 5000);
        return { id: user.id, username: user.username, displayName: user.displayName || user.username };
      } catch (error) {
        if (
          isServiceError(error) &&
          (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT)
        )
          return null;
        throw error;
      }
    },
    close: () => client?.close(),
  };
}
