import { Inject, Injectable } from '@nestjs/common';
import { MembersRepository } from './members.repository';

export interface PersonName {
  id: string;
  username: string;
  displayName: string;
}

export interface NameSource {
  find(userId: string): Promise<PersonName | null>;
}

/**
 * Who a ticket's author or answering admin is: the member directory (identity's events), which asks
 * identity for a member whose user.registered has not arrived yet (signed up a moment ago).
 */
@Injectable()
export class MemberNames implements NameSource {
  constructor(@Inject(MembersRepository) private readonly members: MembersRepository) {}

  async find(userId: string): Promise<PersonName | null> {
    const member = await this.members.directory.find(userId);
    return member && { id: member.id, username: member.username, displayName: member.displayName };
  }
}
