import {
  RUNTIME,
  type DomainEvent,
  type MemberSource,
  type ServiceRuntime,
  type Subscription,
} from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { IDENTITY_LOOKUP } from '../tokens';
import { type MemberDoc, MembersRepository } from './members.repository';

/** Who a member is, as far as genies needs: by id (SuperAura) and by username (gifts). */
export type IdentityLookup = MemberSource;

/**
 * Who a member is, as genies needs it: the directory first, identity for what the directory does not
 * know (or holds twice).
 */
@Injectable()
export class MembersService {
  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Optional() @Inject(IDENTITY_LOOKUP) private readonly identity?: IdentityLookup,
  ) {}

  find(userId: string): Promise<MemberDoc | null> {
    return this.members.find(userId);
  }

  /** The member's SuperAura flag: the directory, else identity (then remembered). */
  async isSuperAura(userId: string): Promise<boolean> {
    return (await this.members.directory.find(userId))?.isSuperAura === true;
  }

  /** isSuperAura of a member already read from the directory (identity asked only if it holds no profile). */
  async isSuperAuraOf(member: MemberDoc): Promise<boolean> {
    const profile = this.members.directory.memberOf(member);
    return profile ? profile.isSuperAura === true : this.isSuperAura(member._id);
  }

  /**
   * The member who holds `username` now. The directory can hold a username twice for a while (a
   * rename and a sign-up taking the old name, applied out of order; another environment's events on a
   * shared broker): identity then says which of them holds it.
   */
  async findByUsername(username: string): Promise<MemberDoc | null> {
    const name = username.trim().replace(/^@/, '').toLowerCase();
    const holders = await this.members.withUsername(name, 10);
    if (holders.length <= 1 || !this.identity) return holders[0] ?? null;
    for (const holder of holders) {
      const current = await this.identity.find(holder._id).catch(() => null);
      if (current?.username.toLowerCase() === name) return holder;
    }
    return null;
  }
}

/** Keeps usernames and SuperAura flags from identity's events (the platform's member directory). */
@Injectable()
export class MembersConsumer {
  private readonly subscription: Subscription;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(MembersRepository) members: MembersRepository,
  ) {
    this.subscription = members.directory.subscription({
      group: 'genies.members',
      events: ['user.registered', 'user.profile_changed'],
    });
  }

  start(): Promise<void> {
    return this.runtime.subscribe(this.subscription);
  }

  handle(event: DomainEvent): Promise<void> {
    return this.subscription.handler(event);
  }
}
