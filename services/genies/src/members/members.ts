import {
  createGrpcClient,
  isServiceError,
  RUNTIME,
  unaryCall,
  type DomainEvent,
  type ServiceRuntime,
} from '@aura/platform';
import { identity, type identityEvents } from '@aura/proto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { IDENTITY_LOOKUP } from '../tokens';
import { type MemberDoc, MembersRepository } from './members.repository';

/** Who a member is, as far as genies needs: by id (SuperAura) and by username (gifts). */
export interface IdentityLookup {
  byId(userId: string): Promise<{ id: string; username: string; isSuperAura: boolean } | null>;
}

export class IdentityGrpcLookup implements IdentityLookup {
  private readonly client: identity.IdentityServiceClient;

  constructor(address: string) {
    this.client = createGrpcClient(identity.IdentityServiceClient, address);
  }

  async byId(userId: string) {
    try {
      const user = await unaryCall(this.client, this.client.getUser, { userId }, undefined, 5000);
      return { id: user.id, username: user.username, isSuperAura: user.isSuperAura };
    } catch (error) {
      if (isServiceError(error) && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
        return null;
      throw error;
    }
  }

  close(): void {
    this.client.close();
  }
}

/**
 * Who a member is, as genies needs it: the projection first, identity for what the projection does not
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

  /** The member's SuperAura flag: the projection, else identity (then remembered). */
  async isSuperAura(userId: string): Promise<boolean> {
    const member = await this.members.find(userId);
    if (member?.username !== undefined) return member.is_super_aura === true;
    const found = await this.identity?.byId(userId).catch(() => null);
    if (!found) return false;
    await this.members.upsert(found.id, found.username, found.isSuperAura);
    return found.isSuperAura;
  }

  /**
   * The member who holds `username` now. The projection can hold a username twice for a while (a
   * rename and a sign-up taking the old name, applied out of order; another environment's events on a
   * shared broker): identity then says which of them holds it.
   */
  async findByUsername(username: string): Promise<MemberDoc | null> {
    const name = username.trim().replace(/^@/, '').toLowerCase();
    const holders = await this.members.withUsername(name, 10);
    if (holders.length <= 1 || !this.identity) return holders[0] ?? null;
    for (const holder of holders) {
      const current = await this.identity.byId(holder._id).catch(() => null);
      if (current?.username.toLowerCase() === name) return holder;
    }
    return null;
  }
}

/** Keeps usernames and SuperAura flags from identity's events (each change is idempotent). */
@Injectable()
export class MembersConsumer {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
    @Inject(MembersRepository) private readonly members: MembersRepository,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'genies.members',
      events: ['user.registered', 'user.profile_changed'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    if (event.type === 'user.registered') {
      const user = event.payload as identityEvents.UserRegistered;
      if (user.userId && user.username) await this.members.upsert(user.userId, user.username, false);
    } else if (event.type === 'user.profile_changed') {
      const user = event.payload as identityEvents.UserProfileChanged;
      if (user.userId && user.username)
        await this.members.upsert(user.userId, user.username, user.isSuperAura);
    }
  }
}
