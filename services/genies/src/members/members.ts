import {
  RUNTIME,
  Unavailable,
  type DomainEvent,
  type MemberSource,
  type ServiceRuntime,
  type Subscription,
} from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { IDENTITY_LOOKUP } from '../tokens';
import { askingIdentity, type MemberDoc, MembersRepository } from './members.repository';

/** Who a member is, as far as genies needs: by id (SuperAura) and by username (gifts). */
export type IdentityLookup = MemberSource;

/**
 * Who a member is, as genies needs it: the platform's member directory, identity asked for a member
 * it holds no profile of. identity out of reach is a 503 wherever its answer decides (Unavailable,
 * IDENTITY_UNAVAILABLE), except for the featured genie, shown without SuperAura's bonus then.
 */
@Injectable()
export class MembersService {
  private readonly identity?: MemberSource;

  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Optional() @Inject(IDENTITY_LOOKUP) identity?: IdentityLookup,
  ) {
    this.identity = identity && askingIdentity(identity);
  }

  /** The document genies holds of the member (their featured genie), as stored: identity not asked. */
  find(userId: string): Promise<MemberDoc | null> {
    return this.members.find(userId);
  }

  /**
   * The member's document and SuperAura flag in one read of the directory (identity asked if it holds
   * no profile of them). A member identity does not know keeps what genies holds of them, not SuperAura.
   */
  async member(userId: string): Promise<{ doc: MemberDoc | null; superAura: boolean }> {
    const doc = await this.members.directory.document(userId);
    if (!doc) return { doc: await this.members.find(userId), superAura: false };
    return { doc, superAura: this.members.directory.memberOf(doc)?.isSuperAura === true };
  }

  /** The member's SuperAura flag: the directory, else identity (then remembered). */
  async isSuperAura(userId: string): Promise<boolean> {
    return (await this.members.directory.find(userId))?.isSuperAura === true;
  }

  /** isSuperAura of a member already read from the directory (identity asked only if it holds no profile). */
  async isSuperAuraOf(member: MemberDoc): Promise<boolean> {
    const profile = this.members.directory.memberOf(member);
    if (profile) return profile.isSuperAura === true;
    return this.isSuperAura(member._id).catch((error: unknown) => {
      if (error instanceof Unavailable) return false;
      throw error;
    });
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
      const current = await this.identity.find(holder._id);
      if (current?.username.toLowerCase() === name) return holder;
    }
    return null;
  }

  /**
   * Throws Unavailable unless identity answers now (asked about `userId`). A username genies holds no
   * one under may belong to a member whose events have not arrived yet: "User not found" is said only
   * while identity is there to have told them.
   */
  async identityAnswers(userId: string): Promise<void> {
    await this.identity?.find(userId);
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
