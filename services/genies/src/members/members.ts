import {
  createGrpcClient,
  isServiceError,
  MONGO,
  RUNTIME,
  unaryCall,
  type DomainEvent,
  type ServiceRuntime,
} from '@aura/platform';
import { identity, type identityEvents } from '@aura/proto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import type { Collection, Connection } from 'mongoose';
import { IDENTITY_LOOKUP } from '../tokens';

/** A member as genies keeps them: identity's username and SuperAura flag (from its events), and the featured genie. */
export interface MemberDoc {
  _id: string;
  username?: string;
  username_lower?: string;
  is_super_aura?: boolean;
  /** The member's one featured genie (a single field: one featured genie per member). */
  featured_id?: string | null;
}

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

@Injectable()
export class MembersRepository implements OnModuleInit {
  readonly collection: Collection<MemberDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Optional() @Inject(IDENTITY_LOOKUP) private readonly identity?: IdentityLookup,
  ) {
    this.collection = connection.collection<MemberDoc>('members');
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ username_lower: 1 });
  }

  find(userId: string): Promise<MemberDoc | null> {
    return this.collection.findOne({ _id: userId });
  }

  /** The member's SuperAura flag: the projection, else identity (then remembered). */
  async isSuperAura(userId: string): Promise<boolean> {
    const member = await this.find(userId);
    if (member?.username !== undefined) return member.is_super_aura === true;
    const found = await this.identity?.byId(userId).catch(() => null);
    if (!found) return false;
    await this.upsert(found.id, found.username, found.isSuperAura);
    return found.isSuperAura;
  }

  /**
   * The member who holds `username` now. The projection can hold a username twice for a while (a
   * rename and a sign-up taking the old name, applied out of order; another environment's events on a
   * shared broker): identity then says which of them holds it.
   */
  async findByUsername(username: string): Promise<MemberDoc | null> {
    const name = username.trim().replace(/^@/, '').toLowerCase();
    const holders = await this.collection.find({ username_lower: name }).limit(10).toArray();
    if (holders.length <= 1 || !this.identity) return holders[0] ?? null;
    for (const holder of holders) {
      const current = await this.identity.byId(holder._id).catch(() => null);
      if (current?.username.toLowerCase() === name) return holder;
    }
    return null;
  }

  async upsert(userId: string, username: string, isSuperAura: boolean): Promise<void> {
    await this.collection.updateOne(
      { _id: userId },
      { $set: { username, username_lower: username.toLowerCase(), is_super_aura: isSuperAura } },
      { upsert: true },
    );
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
