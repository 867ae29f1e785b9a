import { activeRestriction, StoredRestriction } from '../restrictions/restriction';
import {
  collectionOf,
  createEvent,
  EventRecord,
  inTransaction,
  isDuplicateKeyError,
  LeanDocument,
  MONGO,
  MongoRepository,
  OUTBOX_FIELD,
  RUNTIME,
  RuleViolation,
  ServiceRuntime,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ClientSession, Connection, Types } from 'mongoose';
import { AURA_MAX, AURA_MIN } from '../aura/aura-rules';
import { RegistrationMessages } from './registration-rules';
import { usernameHash } from '../account-deletion/account-deletion';
import { STARTING_AURA_SCORE, User, UserWithCredentials } from './user';
import { UserDoc, userSchema } from './user.schema';

export interface NewUser {
  username: string;
  email: string;
  displayName: string;
  passwordHash: string;
  role: User['role'];
}

/** What a member's data export reads of their account: never the password hash or the outbox. */
const EXPORTED_USER_FIELDS = [
  'username',
  'email',
  'email_verified_at',
  'display_name',
  'bio',
  'profile_picture',
  'banner_image',
  'aura_animation_style',
  'aura_color_gradient',
  'profile_ring_color',
  'profile_background',
  'profile_audio_youtube_link',
  'role',
  'aura_score',
  'is_super_aura',
  'super_aura_until',
  'restriction',
  'deletion',
  'deleted_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof UserDoc)[];

/** What a profile view leaves out of the stored member. */
const MEMBER_READ_PROJECTION = { password_hash: 0, [OUTBOX_FIELD]: 0 };

export type ExportedUserDoc = Pick<UserDoc, (typeof EXPORTED_USER_FIELDS)[number]>;

@Injectable()
export class UsersRepository extends MongoRepository<UserWithCredentials, UserDoc> implements OnModuleInit {
  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {
    super(connection.models.User ?? connection.model<UserDoc>('User', userSchema));
    runtime.registerOutbox(this.model);
  }

  /** Makes the collection's indexes those of the schema, and gives older members the search copy. */
  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
    await this.model.collection.updateMany({ display_name_lower: { $exists: false } }, [
      { $set: { display_name_lower: { $toLower: '$display_name' } } },
    ]);
  }

  protected toEntity(doc: LeanDocument): UserWithCredentials {
    const d = doc as unknown as UserDoc & { _id: Types.ObjectId };
    return {
      id: d._id.toString(),
      username: d.username,
      displayName: d.display_name,
      email: d.email,
      emailVerified: Boolean(d.email_verified_at),
      role: d.role,
      auraScore: d.aura_score,
      profilePicture: d.profile_picture ?? '',
      bannerImage: d.banner_image ?? '',
      bio: d.bio ?? '',
      auraAnimationStyle: d.aura_animation_style ?? 'pulse',
      auraColorGradient: d.aura_color_gradient ?? 'cosmic',
      profileRingColor: d.profile_ring_color ?? 'default',
      profileBackground: d.profile_background ?? 'default',
      profileAudioYoutubeLink: d.profile_audio_youtube_link ?? '',
      isSuperAura: Boolean(d.is_super_aura),
      restriction: activeRestriction(d.restriction),
      deletionScheduledFor: d.deletion?.delete_at ?? null,
      erased: Boolean(d.deleted_at),
      createdAt: d.created_at,
      passwordHash: d.password_hash,
    };
  }

  override async findById(id: string): Promise<UserWithCredentials | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    return this.findOneWhere({ _id: new Types.ObjectId(id) });
  }

  /**
   * The member as others see them (a profile view): one read by `_id` on the driver, without the
   * password hash and any events still waiting in the outbox.
   */
  async findMember(id: string): Promise<User | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const doc = await collectionOf(this.model).findOne(
      { _id: new Types.ObjectId(id) },
      { projection: MEMBER_READ_PROJECTION },
    );
    return doc ? this.toEntity(doc as unknown as LeanDocument) : null;
  }

  /**
   * What an access check needs (role and restriction in force), read with a projection: checked on
   * every role-gated call and every call a suspension refuses.
   */
  async accessOf(id: string): Promise<Pick<User, 'id' | 'role' | 'restriction'> | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const doc = await collectionOf(this.model).findOne(
      { _id: new Types.ObjectId(id) },
      { projection: { role: 1, restriction: 1 } },
    );
    return doc ? { id, role: doc.role, restriction: activeRestriction(doc.restriction) } : null;
  }

  findByUsername(username: string): Promise<UserWithCredentials | null> {
    return this.findOneWhere({ username_lower: username.trim().toLowerCase() });
  }

  findByEmail(email: string): Promise<UserWithCredentials | null> {
    return this.findOneWhere({ email_lower: email.trim().toLowerCase() });
  }

  /**
   * Sets a moderator's suspension or ban unless a later action set one already (events of one member
   * arrive in order; this also makes a redelivery change nothing). True when it was applied.
   */
  async restrict(userId: string, restriction: StoredRestriction): Promise<boolean> {
    if (!Types.ObjectId.isValid(userId)) return false;
    const result = await this.model
      .updateOne(
        {
          _id: new Types.ObjectId(userId),
          $or: [{ restriction: null }, { 'restriction.taken_at': { $lt: restriction.taken_at } }],
        },
        { $set: { restriction, updated_at: new Date() } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /**
   * An admin lifted the suspension or ban set by `liftedActionId`: if that is still the restriction in
   * force, it is replaced by one that ended at the lift (kept rather than cleared, so a redelivered
   * older event finds a later restriction and changes nothing). True when it was lifted.
   */
  async liftRestriction(userId: string, liftedActionId: string, lift: StoredRestriction): Promise<boolean> {
    if (!Types.ObjectId.isValid(userId)) return false;
    const result = await this.model
      .updateOne(
        { _id: new Types.ObjectId(userId), 'restriction.action_id': liftedActionId },
        { $set: { restriction: lift, updated_at: new Date() } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** The member asked to leave: erased at `deleteAt` unless they sign in before. */
  async scheduleDeletion(userId: string, requestedAt: Date, deleteAt: Date): Promise<boolean> {
    if (!Types.ObjectId.isValid(userId)) return false;
    const result = await this.model
      .updateOne(
        { _id: new Types.ObjectId(userId), deleted_at: null },
        { $set: { deletion: { requested_at: requestedAt, delete_at: deleteAt }, updated_at: requestedAt } },
      )
      .exec();
    return result.matchedCount === 1;
  }

  /** Signed in again before the end: the deletion is off. True when one was scheduled. */
  async cancelDeletion(userId: string): Promise<boolean> {
    if (!Types.ObjectId.isValid(userId)) return false;
    const result = await this.model
      .updateOne(
        { _id: new Types.ObjectId(userId), deletion: { $ne: null } },
        { $set: { deletion: null, updated_at: new Date() } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Members whose grace period ended by `asOf`, oldest first. */
  async dueForDeletion(asOf: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ 'deletion.delete_at': { $lte: asOf } })
      .sort({ 'deletion.delete_at': 1 })
      .limit(limit)
      .select({ _id: 1 })
      .lean()
      .exec();
    return docs.map((doc) => String(doc._id));
  }

  /**
   * Erases a member whose grace period ended by `asOf`: the document becomes a tombstone with the same
   * id (the ledger's entries point at it) and nothing of the person, stored with `events` in one
   * transaction. Replaced, not updated, so the old username and e-mail leave their unique indexes
   * (ADR 0010 rule 7). False when it was not due (cancelled, or erased already).
   */
  async erase(
    userId: string,
    asOf: Date,
    tombstone: Partial<UserDoc>,
    events: EventRecord[],
  ): Promise<boolean> {
    if (!Types.ObjectId.isValid(userId)) return false;
    const _id = new Types.ObjectId(userId);
    return inTransaction(this.model.db, async (session) => {
      const doc = await this.model
        .findOne({ _id, 'deletion.delete_at': { $lte: asOf }, deleted_at: null })
        .session(session)
        .lean<UserDoc & { _id: Types.ObjectId }>()
        .exec();
      if (!doc) return false;
      await this.model.deleteOne({ _id }, { session }).exec();
      const erased = {
        ...doc,
        ...tombstone,
        // Not a hash any password verifies against.
        password_hash: '!erased',
        restriction: null,
        deletion: null,
        deleted_at: asOf,
        updated_at: asOf,
        _outbox: toStoredOutbox(events),
      };
      await this.model.collection.insertOne(erased as never, { session });
      return true;
    }).then((erased) => {
      if (erased) this.runtime.eventsStored(events, { model: this.model, id: userId });
      return erased;
    });
  }

  /** The member opened a link mailed to `email`: verified, if that is still their address. */
  async markEmailVerified(userId: string, email: string, now = new Date()): Promise<boolean> {
    if (!Types.ObjectId.isValid(userId)) return false;
    const result = await this.model
      .updateOne(
        { _id: new Types.ObjectId(userId), email_lower: email.toLowerCase(), email_verified_at: null },
        { $set: { email_verified_at: now, updated_at: now } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /**
   * Inserts the member and their user.registered event in one document write (outbox), so the
   * event cannot be lost if the process dies right after. Unique indexes decide races.
   */
  async create(newUser: NewUser): Promise<UserWithCredentials> {
    const id = new Types.ObjectId();
    const now = new Date();
    const events: EventRecord[] = [
      createEvent(this.runtime.service, 'user.registered', id.toString(), {
        userId: id.toString(),
        username: newUser.username,
        displayName: newUser.displayName,
        email: newUser.email,
        role: newUser.role,
        auraScore: STARTING_AURA_SCORE,
        createdAt: now.toISOString(),
      }),
    ];
    try {
      await this.model.create({
        _id: id,
        username: newUser.username,
        username_lower: newUser.username.toLowerCase(),
        email: newUser.email,
        email_lower: newUser.email.toLowerCase(),
        password_hash: newUser.passwordHash,
        display_name: newUser.displayName,
        display_name_lower: newUser.displayName.toLowerCase(),
        role: newUser.role,
        aura_score: STARTING_AURA_SCORE,
        created_at: now,
        updated_at: now,
        _outbox: toStoredOutbox(events),
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        // Which unique index refused it? Ask rather than parse the server's message (it differs by engine).
        const usernameTaken = await this.usernameTaken(newUser.username);
        throw new RuleViolation(
          usernameTaken ? RegistrationMessages.usernameTaken : RegistrationMessages.emailTaken,
        );
      }
      throw error;
    }
    this.runtime.eventsStored(events, { model: this.model, id: id.toString() });
    const created = await this.findById(id.toString());
    if (!created) throw new Error('user vanished after insert');
    return created;
  }

  /** Points the member at a newly stored picture or banner (a plain set: the last upload wins). */
  async setProfileMedia(
    userId: string,
    field: 'profilePicture' | 'bannerImage',
    url: string,
  ): Promise<UserWithCredentials | null> {
    const column = field === 'profilePicture' ? 'profile_picture' : 'banner_image';
    return this.setFields(userId, { [column]: url });
  }

  /**
   * Sets the profile columns given and nothing else, so concurrent edits of different fields (and
   * aura changes) all stay. The member as stored afterwards; null for an unknown member.
   */
  async updateProfile(userId: string, columns: Partial<UserDoc>): Promise<UserWithCredentials | null> {
    const fields: Partial<UserDoc> = { ...columns };
    if (columns.display_name !== undefined) fields.display_name_lower = columns.display_name.toLowerCase();
    return this.setFields(userId, fields);
  }

  /** Stores the member's new password hash; false for an unknown member. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<boolean> {
    return (await this.setFields(userId, { password_hash: passwordHash })) !== null;
  }

  /**
   * Moves the member's aura score by `delta`, clamped to AURA_MIN-AURA_MAX, in one atomic update; the
   * score before the change (null for an unknown member). With a session, the change commits with the
   * rest of its transaction.
   */
  async addToAuraScore(userId: string, delta: number, session?: ClientSession): Promise<number | null> {
    if (!Types.ObjectId.isValid(userId)) return null;
    const clamped = { $min: [AURA_MAX, { $max: [AURA_MIN, { $add: ['$aura_score', delta] }] }] };
    const before = await this.model.collection.findOneAndUpdate(
      { _id: new Types.ObjectId(userId) },
      [{ $set: { aura_score: clamped, updated_at: '$$NOW' } }],
      { returnDocument: 'before', projection: { aura_score: 1 }, session },
    );
    return before ? (before.aura_score as number) : null;
  }

  /**
   * SuperAura as economy's billing left it (superaura.changed). A change older than the last one applied
   * (`version`) is ignored: null then, and for an unknown member.
   */
  async setSuperAura(
    userId: string,
    change: { isSuperAura: boolean; until: string; version: number },
  ): Promise<UserWithCredentials | null> {
    return this.setFields(
      userId,
      {
        is_super_aura: change.isSuperAura,
        super_aura_until: change.until ? new Date(change.until) : null,
        super_aura_version: change.version,
      },
      { super_aura_version: { $not: { $gt: change.version } } },
    );
  }

  /**
   * Members for the admin views: newest first (or by username, aura score or role), optionally one
   * role, or those whose username, display name or e-mail starts with `prefix` (a lower-cased, anchored
   * pattern: each branch is an index range); a page of `limit` after `offset`, and the total matching.
   */
  async listForAdmin(query: {
    role: User['role'] | null;
    prefix: RegExp | null;
    limit: number;
    sort?: 'created_at' | 'username' | 'aura_score' | 'role';
    ascending?: boolean;
    offset?: number;
  }): Promise<{ users: UserWithCredentials[]; total: number }> {
    const filter: Record<string, unknown> = {};
    if (query.prefix)
      filter.$or = [
        { username_lower: query.prefix },
        { display_name_lower: query.prefix },
        { email_lower: query.prefix },
      ];
    else if (query.role) filter.role = query.role;
    const direction = query.ascending ? 1 : -1;
    const field = {
      created_at: 'created_at',
      username: 'username_lower',
      aura_score: 'aura_score',
      role: 'role',
    }[query.sort ?? 'created_at'];
    // The id breaks ties, so that pages neither repeat nor skip members of equal value.
    const sort: Record<string, 1 | -1> = { [field]: direction, _id: direction };
    const [docs, total] = await Promise.all([
      this.model
        .find(filter)
        .sort(sort)
        .skip(query.offset ?? 0)
        .limit(query.limit)
        .lean<LeanDocument[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { users: docs.map((doc) => this.toEntity(doc)), total };
  }

  /** A role or SuperAura flag set by a super admin (SuperAura billing keeps its own version). */
  async setAdminFields(userId: string, change: { role?: User['role']; isSuperAura?: boolean }) {
    const fields: Partial<UserDoc> = {};
    if (change.role !== undefined) fields.role = change.role;
    if (change.isSuperAura !== undefined) fields.is_super_aura = change.isSuperAura;
    return this.setFields(userId, fields);
  }

  countByRole(role: User['role']): Promise<number> {
    return this.model.countDocuments({ role }).exec();
  }

  /** Held by a member, or by an account erased in the last USERNAME_HELD_DAYS. */
  async usernameTaken(username: string, now = new Date()): Promise<boolean> {
    const held = await this.model
      .exists({
        $or: [
          { username_lower: username.toLowerCase() },
          { 'former_username.sha256': usernameHash(username), 'former_username.until': { $gt: now } },
        ],
      })
      .exec();
    return held !== null;
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.model.exists({ email_lower: email.toLowerCase() })) !== null;
  }

  /**
   * The member's account and profile as stored, for their data export: only the fields named here (no
   * password hash, no outbox); null for no member or an erased account.
   */
  async exportProfile(userId: string): Promise<ExportedUserDoc | null> {
    if (!Types.ObjectId.isValid(userId)) return null;
    const projection = Object.fromEntries(EXPORTED_USER_FIELDS.map((field) => [field, 1]));
    const doc = await this.model
      .findOne({ _id: new Types.ObjectId(userId) }, projection)
      .lean<ExportedUserDoc & { _id: Types.ObjectId }>()
      .exec();
    return doc && !doc.deleted_at ? doc : null;
  }

  /**
   * One atomic `$set` of the given columns (and `updated_at`) where `condition` also holds: the member
   * as stored afterwards, or null when no member matched.
   */
  private async setFields(
    userId: string,
    fields: Partial<UserDoc>,
    condition: Record<string, unknown> = {},
  ): Promise<UserWithCredentials | null> {
    if (!Types.ObjectId.isValid(userId)) return null;
    const doc = await this.model
      .findOneAndUpdate(
        { _id: new Types.ObjectId(userId), ...condition },
        { $set: { ...fields, updated_at: new Date() } },
        { new: true },
      )
      .lean<LeanDocument>()
      .exec();
    return doc ? this.toEntity(doc) : null;
  }
}
