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
import { Connection, Model, Types } from 'mongoose';
import { RegistrationMessages } from './registration-rules';
import { STARTING_AURA_SCORE, User, UserWithCredentials } from './user';
import { untilOutboxCleared } from './outbox-settled';
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

  get usersModel(): Model<UserDoc> {
    return this.model;
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
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
    if (!Types.ObjectId.isValid(userId)) return null;
    const column = field === 'profilePicture' ? 'profile_picture' : 'banner_image';
    await this.model
      .updateOne({ _id: new Types.ObjectId(userId) }, { $set: { [column]: url, updated_at: new Date() } })
      .exec();
    return this.findById(userId);
  }

  /**
   * SuperAura as economy's billing left it (superaura.changed). A change older than the last one applied
   * (`version`) is ignored: null then, and for an unknown member.
   */
  async setSuperAura(
    userId: string,
    change: { isSuperAura: boolean; until: string; version: number },
  ): Promise<UserWithCredentials | null> {
    if (!Types.ObjectId.isValid(userId)) return null;
    const _id = new Types.ObjectId(userId);
    const doc = await this.model.findOne({ _id }, { super_aura_version: 1 }).lean().exec();
    if (!doc || (doc.super_aura_version ?? 0) > change.version) return null;
    await this.model
      .updateOne(
        { _id },
        {
          $set: {
            is_super_aura: change.isSuperAura,
            super_aura_until: change.until ? new Date(change.until) : null,
            super_aura_version: change.version,
            updated_at: new Date(),
          },
        },
      )
      .exec();
    return this.findById(userId);
  }

  /** Members for the admin views: newest first, optionally one role or a search on names and e-mail. */
  async listForAdmin(query: { role: User['role'] | null; search: RegExp | null; limit: number }) {
    const filter: Record<string, unknown> = {};
    if (query.search)
      filter.$or = [{ username: query.search }, { display_name: query.search }, { email: query.search }];
    else if (query.role) filter.role = query.role;
    return this.findManyWhere(filter, { limit: query.limit, sort: { created_at: -1 } });
  }

  /** A role or SuperAura flag set by a super admin (SuperAura billing keeps its own version). */
  async setAdminFields(userId: string, change: { role?: User['role']; isSuperAura?: boolean }) {
    if (!Types.ObjectId.isValid(userId)) return null;
    const _id = new Types.ObjectId(userId);
    const fields: Record<string, unknown> = {};
    if (change.role !== undefined) fields.role = change.role;
    if (change.isSuperAura !== undefined) fields.is_super_aura = change.isSuperAura;
    // FerretDB rewrites the whole document on update (ADR 0003): let the relay clear a new member's
    // outbox first, then read the change back and write it again if a concurrent write undid it.
    await untilOutboxCleared(this.model, _id);
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.model.updateOne({ _id }, { $set: { ...fields, updated_at: new Date() } }).exec();
      const doc = (await this.model.findOne({ _id }).lean().exec()) as Record<string, unknown> | null;
      if (!doc || Object.entries(fields).every(([column, value]) => doc[column] === value)) break;
    }
    return this.findById(userId);
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
}
