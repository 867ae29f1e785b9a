import { createGrpcClient, isServiceError, unaryCall } from '@aura/platform';
import { identity } from '@aura/proto';
import { status } from '@grpc/grpc-js';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DashboardReadModel } from '../dashboard/read-model.repository';
import { IDENTITY_URL } from '../tokens';

export interface PersonName {
  id: string;
  username: string;
  displayName: string;
}

export interface NameSource {
  find(userId: string): Promise<PersonName | null>;
}

/**
 * Who a ticket's author or answering admin is: the member projection (identity's events), else
 * identity itself for a member whose user.registered has not arrived yet (signed up a moment ago).
 */
@Injectable()
export class MemberNames implements NameSource, OnModuleDestroy {
  private readonly client: identity.IdentityServiceClient | null;

  constructor(
    @Inject(DashboardReadModel) private readonly model: DashboardReadModel,
    @Inject(IDENTITY_URL) identityUrl: string | null,
  ) {
    this.client = identityUrl ? createGrpcClient(identity.IdentityServiceClient, identityUrl) : null;
  }

  async find(userId: string): Promise<PersonName | null> {
    const doc = await this.model.member(userId);
    if (doc?.username)
      return { id: userId, username: doc.username, displayName: doc.display_name || doc.username };
    const client = this.client;
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
  }

  onModuleDestroy(): void {
    this.client?.close();
  }
}
