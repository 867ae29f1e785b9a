import type { EventType, identityEvents } from '@aura/proto';
import type { mongo } from 'mongoose';
import { SingleFlight } from '../concurrency/single-flight';
import { changeTimeOf, type DomainEvent } from '../events/event';
import type { Subscription } from '../events/event-bus';
import { isDuplicateKeyError } from '../mongo/repository';
import {
  memberProfile,
  type MemberProfile,
  type MemberSnapshot,
  type MemberSource,
} from './identity-members';

/**
 * A member as a service's directory stores them (`_id` = identity's user id): the fields every
 * service shares, each service's own fields beside them. A document without `username` is not a
 * projected member yet (a service may hold its own fields of a member identity has not told it about,
 * e.g. genies' featured genie or economy's erased flag). `profile_changed_at` / `aura_changed_at` say
 * which change of identity the fields hold: a document without them counts as older than any event.
 */
export interface MemberDoc {
  _id: string;
  username?: string;
  username_lower?: string;
  display_name?: string;
  profile_picture?: string;
  aura_score?: number;
  role?: string;
  is_super_aura?: boolean;
  profile_changed_at?: Date;
  aura_changed_at?: Date;
  updated_at?: Date;
}

/** The identity events a directory applies. */
export const MEMBER_EVENTS = ['user.registered', 'user.profile_changed', 'user.aura_changed'] as const;

export type MemberEventType = (typeof MEMBER_EVENTS)[number];

/** The shared fields of a member document, by their default (snake_case) names. */
export type MemberField = Exclude<keyof MemberDoc, '_id'>;

/** A service's names of the shared fields where its documents had them before the directory. */
export type MemberFieldNames = Partial<Record<MemberField, string>>;

const DEFAULT_NAMES: Record<MemberField, string> = {
  username: 'username',
  username_lower: 'username_lower',
  display_name: 'display_name',
  profile_picture: 'profile_picture',
  aura_score: 'aura_score',
  role: 'role',
  is_super_aura: 'is_super_aura',
  profile_changed_at: 'profile_changed_at',
  aura_changed_at: 'aura_changed_at',
  updated_at: 'updated_at',
};

export interface MemberDirectoryOptions {
  /**
   * The names of the shared fields in this service's documents, where they differ from MemberDoc's
   * (kept so that stored members need no migration); `updated_at: ''` leaves that field out.
   */
  names?: MemberFieldNames;
  /** identity, asked for a member the directory does not hold yet (then stored); none: not asked. */
  source?: MemberSource;
  /** A service's own fields derived from the profile (e.g. search words), written with each profile change. */
  profileFields?: (member: MemberProfile) => Record<string, unknown>;
  /** A service's own fields a member gets when the directory first stores them (e.g. zeroed counts). */
  insertFields?: (id: string, at: Date) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Clock (tests). */
  now?: () => Date;
}

/** How to consume identity's member events into a directory (one consumer group per service). */
export interface MemberSubscription {
  group: string;
  /**
   * The member events the service needs (default all; without user.aura_changed the stored score is
   * the one the last profile change carried).
   */
  events?: readonly MemberEventType[];
  /** Where a new group starts: 'latest' where a missing member is asked of identity anyway. */
  newGroupStart?: Subscription['newGroupStart'];
  /** The service's own events handled by the same consumer (e.g. economy's user.deleted). */
  also?: { events: EventType[]; handle(event: DomainEvent): Promise<void> };
  /** Called after a member event was applied (e.g. to refresh a cache), with the event. */
  applied?: (userId: string, event: DomainEvent) => Promise<void>;
  /** Called when a score change names a member the directory does not hold (it is not stored). */
  unknown?: (userId: string) => void;
}

const isMemberEvent = (type: string): type is MemberEventType =>
  (MEMBER_EVENTS as readonly string[]).includes(type);

/**
 * A service's copy of identity's members (its own collection in its own database): identity's
 * member events applied idempotently and in order of change (the newest profile and the newest aura
 * score win, whatever order a redelivery brings them in), lookups by id or many ids, and identity
 * asked over gRPC for a member whose events have not arrived yet. A service keeps its own fields in
 * the same documents (options, or its own writes) and its own caches in front.
 */
export class MemberDirectory<T extends MemberDoc = MemberDoc> {
  private readonly inFlight = new SingleFlight<T | null>();
  private readonly now: () => Date;
  /** The service's names of the shared fields. */
  readonly names: Record<MemberField, string>;

  constructor(
    readonly collection: mongo.Collection<T>,
    private readonly options: MemberDirectoryOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.names = { ...DEFAULT_NAMES, ...options.names };
  }

  /** The fields of a change (shared names), under this service's names. */
  private named(fields: Partial<Record<MemberField, unknown>>): Record<string, unknown> {
    const named: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      const name = this.names[field as MemberField];
      if (name && value !== undefined) named[name] = value;
    }
    return named;
  }

  /** The shared fields of a stored member (this service's names); null for a document with no profile yet. */
  memberOf(doc: T): MemberProfile | null {
    if (!this.options.names) return memberOf(doc);
    const raw = doc as unknown as Record<string, unknown>;
    const byDefault = Object.fromEntries(
      Object.entries(this.names).map(([field, name]) => [field, name ? raw[name] : undefined]),
    );
    return memberOf({ ...byDefault, _id: doc._id } as MemberDoc);
  }

  /** Whether identity described the member yet (memberOf is not null). */
  private hasProfile(doc: T): boolean {
    return typeof (doc as unknown as Record<string, unknown>)[this.names.username] === 'string';
  }

  /** The consumer of identity's member events (and the service's own, when `also` is given). */
  subscription(options: MemberSubscription): Subscription {
    return {
      group: options.group,
      events: [...(options.events ?? MEMBER_EVENTS), ...(options.also?.events ?? [])],
      newGroupStart: options.newGroupStart,
      // Every change is a "newer wins" write keyed by member: a redelivery changes nothing.
      idempotent: options.also ? undefined : true,
      handler: async (event) => {
        const applied = await this.apply(event);
        if (!applied) {
          if (!isMemberEvent(event.type)) await options.also?.handle(event);
          return;
        }
        if (!applied.held) options.unknown?.(applied.id);
        await options.applied?.(applied.id, event);
      },
    };
  }

  /**
   * Applies one of identity's member events; answers the member's id when it was a member event with a
   * member (whether it changed anything or not), null otherwise.
   */
  async handle(event: DomainEvent): Promise<string | null> {
    return (await this.apply(event))?.id ?? null;
  }

  /** handle(), and whether the member is in the directory (false: a score change of a member not held). */
  private async apply(event: DomainEvent): Promise<{ id: string; held: boolean } | null> {
    switch (event.type) {
      case 'user.registered': {
        const user = event.payload as identityEvents.UserRegistered;
        if (!user.userId || !user.username) return null;
        const at = changeTimeOf(event, user.createdAt, this.now());
        await this.registered(memberProfile(user.userId, { ...user, bio: '' }), at);
        return { id: user.userId, held: true };
      }
      case 'user.profile_changed': {
        const user = event.payload as identityEvents.UserProfileChanged;
        if (!user.userId || !user.username) return null;
        await this.profileChanged(
          memberProfile(user.userId, user),
          changeTimeOf(event, user.changedAt, this.now()),
        );
        return { id: user.userId, held: true };
      }
      case 'user.aura_changed': {
        const change = event.payload as identityEvents.UserAuraChanged;
        if (!change.userId) return null;
        const at = changeTimeOf(event, change.changedAt, this.now());
        return { id: change.userId, held: await this.auraChanged(change.userId, change.auraScore, at) };
      }
      default:
        return null;
    }
  }

  /** The member as stored, or identity's answer (then stored); null if identity knows no such member. */
  async find(id: string, { askIdentity = true } = {}): Promise<MemberProfile | null> {
    if (!id) return null;
    return (await this.findMany([id], { askIdentity })).get(id) ?? null;
  }

  /** Several members (one indexed read; identity asked for each one missing, once however many ask). */
  async findMany(ids: string[], { askIdentity = true } = {}): Promise<Map<string, MemberProfile>> {
    const found = new Map<string, MemberProfile>();
    for (const [id, doc] of await this.documents(ids, { askIdentity })) {
      const member = this.memberOf(doc);
      if (member) found.set(id, member);
    }
    return found;
  }

  /**
   * The stored documents of several members, the service's own fields with the shared ones (one
   * indexed read; identity asked for each one missing as findMany does). Documents with no profile
   * yet are left out.
   */
  async documents(ids: string[], { askIdentity = true } = {}): Promise<Map<string, T>> {
    const unique = [...new Set(ids.filter(Boolean))];
    const found = new Map<string, T>();
    if (unique.length === 0) return found;
    const docs = await this.collection
      .find({ _id: unique.length === 1 ? unique[0] : { $in: unique } } as mongo.Filter<T>)
      .toArray();
    for (const doc of docs as T[]) if (this.hasProfile(doc)) found.set(doc._id, doc);
    const source = this.options.source;
    if (!askIdentity || !source) return found;
    await Promise.all(
      unique
        .filter((id) => !found.has(id))
        .map(async (id) => {
          const doc = await this.inFlight.run(id, () => this.fetch(source, id));
          if (doc) found.set(id, doc);
        }),
    );
    return found;
  }

  /** The stored document of a member (see documents). */
  async document(id: string, { askIdentity = true } = {}): Promise<T | null> {
    if (!id) return null;
    return (await this.documents([id], { askIdentity })).get(id) ?? null;
  }

  /** The member as the directory holds them (identity not asked). */
  stored(id: string): Promise<MemberProfile | null> {
    return this.find(id, { askIdentity: false });
  }

  /** How many documents the directory holds (the collection's estimate). */
  count(): Promise<number> {
    return this.collection.estimatedDocumentCount();
  }

  /** user.registered: the member as they signed up, unless the directory holds them already. */
  async registered(member: MemberProfile, at: Date): Promise<void> {
    await this.fillIfAbsent(member, at);
  }

  /** user.profile_changed: the profile snapshot (with its aura score), unless a newer one is stored. */
  async profileChanged(member: MemberProfile, at: Date): Promise<boolean> {
    const set = {
      ...this.profileOf(member),
      ...this.named({ profile_changed_at: at, updated_at: this.now() }),
    };
    const written = await this.upsertUnlessNewer(
      member.id,
      this.newerOrAbsent('profile_changed_at', at),
      set,
      at,
    );
    await this.auraChanged(member.id, member.auraScore, at);
    return written;
  }

  /**
   * user.aura_changed: the score, unless a newer one is stored. False when the member is not in the
   * directory yet (their registration is on its way, and carries the score then current).
   */
  async auraChanged(id: string, auraScore: number, at: Date): Promise<boolean> {
    const held = { _id: id, [this.names.username]: { $exists: true } };
    const result = await this.collection.updateOne(
      { ...held, ...this.newerOrAbsent('aura_changed_at', at) } as mongo.Filter<T>,
      {
        $set: this.named({ aura_score: auraScore, aura_changed_at: at, updated_at: this.now() }),
      } as mongo.UpdateFilter<T>,
    );
    if (result.matchedCount > 0) return true;
    return (await this.collection.countDocuments(held as mongo.Filter<T>)) > 0;
  }

  private newerOrAbsent(field: MemberField, at: Date) {
    const name = this.names[field];
    return { $or: [{ [name]: { $lte: at } }, { [name]: { $exists: false } }] };
  }

  private async fetch(source: MemberSource, id: string): Promise<T | null> {
    const member = await source.find(id);
    if (!member) return null;
    // Stored without change times: identity's events stay the source of every later change. If an
    // event stored the member meanwhile, what it stored is the answer.
    await this.fillIfAbsent(member);
    return this.document(id, { askIdentity: false });
  }

  /** The stored profile fields of a member (those a source did not answer are left out). */
  private profileOf(member: MemberSnapshot): Record<string, unknown> {
    const profile: MemberProfile = {
      ...member,
      displayName: member.displayName || member.username,
      profilePicture: member.profilePicture ?? '',
      auraScore: member.auraScore ?? 0,
      role: member.role || 'user',
      isSuperAura: member.isSuperAura === true,
    };
    return {
      ...this.named({
        username: member.username,
        username_lower: member.username.toLowerCase(),
        display_name: profile.displayName,
        profile_picture: member.profilePicture,
        role: profile.role,
        is_super_aura: profile.isSuperAura,
      }),
      ...this.options.profileFields?.(profile),
    };
  }

  /** Writes the whole member where the directory has no profile of them yet (their own fields kept). */
  private fillIfAbsent(member: MemberSnapshot, at?: Date): Promise<boolean> {
    const set = {
      ...this.profileOf(member),
      ...this.named({
        aura_score: member.auraScore,
        profile_changed_at: at,
        aura_changed_at: at,
        updated_at: this.now(),
      }),
    };
    return this.upsertUnlessNewer(
      member.id,
      { [this.names.username]: { $exists: false } },
      set,
      at ?? this.now(),
    );
  }

  /**
   * One upsert of `set` where `condition` holds: a document that does not match makes the upsert insert
   * a second `_id` (duplicate key), so it is tried once more (a concurrent insert of the same new
   * member) before it counts as "newer already stored". A service's insertFields are computed only
   * for a member not stored yet. True when written.
   */
  private async upsertUnlessNewer(
    id: string,
    condition: Record<string, unknown>,
    set: Record<string, unknown>,
    at: Date,
  ): Promise<boolean> {
    const filter = { _id: id, ...condition } as mongo.Filter<T>;
    let insert: Record<string, unknown> | undefined;
    if (this.options.insertFields) {
      const updated = await this.collection.updateOne(filter, { $set: set } as mongo.UpdateFilter<T>);
      if (updated.matchedCount > 0) return true;
      insert = await this.options.insertFields(id, at);
    }
    for (let attempt = 0; ; attempt++) {
      try {
        await this.collection.updateOne(
          filter,
          { $set: set, ...(insert ? { $setOnInsert: insert } : {}) } as mongo.UpdateFilter<T>,
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        if (attempt > 0) return false;
      }
    }
  }
}

/** The shared fields of a stored member (default names); null for a document with no profile yet. */
export function memberOf(doc: MemberDoc): MemberProfile | null {
  if (typeof doc.username !== 'string') return null;
  return {
    id: doc._id,
    username: doc.username,
    displayName: doc.display_name || doc.username,
    profilePicture: doc.profile_picture ?? '',
    auraScore: doc.aura_score ?? 0,
    role: doc.role || 'user',
    isSuperAura: doc.is_super_aura === true,
  };
}
