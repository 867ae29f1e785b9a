import { IdentityMemberSource } from '@aura/platform';
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
 * identity itself (the platform's IdentityMemberSource) for a member whose user.registered has not
 * arrived yet (signed up a moment ago).
 */
@Injectable()
export class MemberNames implements NameSource, OnModuleDestroy {
  private readonly identity: IdentityMemberSource | null;

  constructor(
    @Inject(DashboardReadModel) private readonly model: DashboardReadModel,
    @Inject(IDENTITY_URL) identityUrl: string | null,
  ) {
    this.identity = identityUrl ? new IdentityMemberSource(identityUrl) : null;
  }

  async find(userId: string): Promise<PersonName | null> {
    const doc = await this.model.member(userId);
    if (doc?.username)
      return { id: userId, username: doc.username, displayName: doc.display_name || doc.username };
    const user = await this.identity?.find(userId);
    return user ? { id: user.id, username: user.username, displayName: user.displayName } : null;
  }

  onModuleDestroy(): void {
    this.identity?.close();
  }
}
