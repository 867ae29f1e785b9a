import { MemberDirectory, type MemberSource } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DashboardReadModel, type MemberDoc } from '../dashboard/read-model.repository';
import { MEMBER_SOURCE } from '../tokens';

/**
 * Admin's copy of identity's members: the platform's member directory over the read model's `members`
 * (its documents already had the directory's field names: no migration), beside the dashboard's own
 * fields of each member (registered_at, last_active_at).
 */
@Injectable()
export class MembersRepository {
  readonly directory: MemberDirectory<MemberDoc>;

  constructor(
    @Inject(DashboardReadModel) model: DashboardReadModel,
    @Inject(MEMBER_SOURCE) identity: MemberSource | null,
  ) {
    this.directory = new MemberDirectory(model.members, { source: identity ?? undefined });
  }
}
