import {
  createEvent,
  EventRecord,
  isDuplicateKeyError,
  LeanDocument,
  MONGO,
  MongoRepository,
  RUNTIME,
  RuleViolation,
  ServiceRuntime,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { ClientSession, Connection, Types } from 'mongoose';
import { AURA_MAX, AURA_MIN } from '../aura/aura-rules';
import { RegistrationMessages } from './registration-rules';
import { STARTING_AURA_SCORE, User, UserWithCredentials } from './user';
import { UserDoc, userSchema } from './user.schema';

export interface NewUser {
  username: string;
  email: string;
  displayName: string;
  passwordHash: string;
  role: User['role'];
}

@Injectable()
export class UsersRepository extends MongoRepository<UserWithCredentials, UserDoc> {
  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {
    super(connection.models.User ?? connection.model<UserDoc>('User', userSchema));
    runtime.registerOutbox(this.model);
  }

  /** Makes the collection's indexes those of the schema, and gives older members the search copy. */
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
      createdAt: d.created_at,
      passwordHash: d.password_hash,
    };
  }

  override async findById(id: string): Promise<UserWithCredentials | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    return this.findOneWhere({ _id: new Types.ObjectId(id) });
  }

  findByUsername(username: string): Promise<UserWithCredentials | null> {
    return this.findOneWhere({ username_lower: username.trim().toLowerCase() });
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

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.model.exists({ username_lower: username.toLowerCase() })) !== null;
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.model.exists({ email_lower: email.toLowerCase() })) !== null;
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
