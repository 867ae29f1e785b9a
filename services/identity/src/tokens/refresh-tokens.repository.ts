import { collectionOf, insertOnce, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/**
 * Refresh tokens are insert-only records. Spending a token and revoking a family are inserts keyed by
 * `_id`, so a unique index decides every race and a spend is a fact that cannot be undone (its marker
 * is what detects a replayed token). Every document carries `expires_at`, the moment it stops
 * mattering, and a TTL index deletes it after that (within about a minute, so reads still check the
 * expiry themselves).
 */
interface RefreshTokenDoc {
  _id: string; // sha-256 of the token: the token itself is never stored
  user_id: string;
  family_id: string;
  expires_at: Date;
  created_at: Date;
  /** When the session (the family) began: sign-in or sign-up. Rotations carry it forward. */
  session_started_at?: Date;
}

interface MarkerDoc {
  _id: string;
  at: Date;
  expires_at: Date;
}

/** The collection's documents are deleted by the server once their `expires_at` has passed. */
function expiring<T>(schema: Schema<T>): Schema<T> {
  schema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
  return schema;
}

// Indexes come from ensureIndexes (syncIndexes), which also turns an older plain `expires_at` index
// into the TTL index; creating it on model compile would fail against that older index.
const refreshTokenSchema = expiring(
  new Schema<RefreshTokenDoc>(
    {
      _id: { type: String, required: true },
      user_id: { type: String, required: true },
      family_id: { type: String, required: true },
      expires_at: { type: Date, required: true },
      created_at: { type: Date, required: true },
      session_started_at: { type: Date, required: false },
    },
    { collection: 'refresh_tokens', versionKey: false, autoIndex: false },
  ),
);
// A member's sessions (familiesOf): their tokens that have not expired.
refreshTokenSchema.index({ user_id: 1, expires_at: 1 });

const markerSchema = (collection: string) =>
  expiring(
    new Schema<MarkerDoc>(
      {
        _id: { type: String, required: true },
        at: { type: Date, required: true },
        expires_at: { type: Date, required: true },
      },
      { collection, versionKey: false, autoIndex: false },
    ),
  );

export type ConsumeResult =
  | { outcome: 'ok'; userId: string; familyId: string; sessionStartedAt: Date }
  | { outcome: 'reused'; familyId: string }
  | { outcome: 'invalid' };

@Injectable()
export class RefreshTokensRepository implements OnModuleInit {
  private readonly tokens: Model<RefreshTokenDoc>;
  /** One document per spent token (`_id` = token hash), kept until the token would have expired. */
  private readonly spent: Model<MarkerDoc>;
  /** One document per revoked session family (`_id` = family id), kept while its tokens could live. */
  private readonly revoked: Model<MarkerDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.tokens = connection.models.RefreshToken ?? connection.model('RefreshToken', refreshTokenSchema);
    this.spent =
      connection.models.SpentRefreshToken ??
      connection.model('SpentRefreshToken', markerSchema('refresh_tokens_spent'));
    this.revoked =
      connection.models.RevokedSessionFamily ??
      connection.model('RevokedSessionFamily', markerSchema('session_families_revoked'));
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.tokens.syncIndexes(), this.spent.syncIndexes(), this.revoked.syncIndexes()]);
  }

  async insert(
    hash: string,
    userId: string,
    familyId: string,
    expiresAt: Date,
    sessionStartedAt: Date = new Date(),
  ): Promise<void> {
    await this.tokens.create({
      _id: hash,
      user_id: userId,
      family_id: familyId,
      expires_at: expiresAt,
      created_at: new Date(),
      session_started_at: sessionStartedAt,
    });
  }

  /** Spends the token once: of two concurrent spends of the same token, exactly one succeeds. */
  async consume(hash: string, now = new Date()): Promise<ConsumeResult> {
    const token = await this.tokens.findById(hash).lean().exec();
    if (!token || token.expires_at <= now) return { outcome: 'invalid' };
    if (await this.revoked.exists({ _id: token.family_id })) return { outcome: 'invalid' };
    // Once the token has expired it is refused as invalid anyway: its spent marker can go with it.
    const spentNow = await insertOnce(collectionOf(this.spent), {
      _id: hash,
      at: now,
      expires_at: token.expires_at,
    });
    if (!spentNow) return { outcome: 'reused', familyId: token.family_id };
    return {
      outcome: 'ok',
      userId: token.user_id,
      familyId: token.family_id,
      // Tokens stored before sessions had a start: the token's own creation is the earliest known.
      sessionStartedAt: token.session_started_at ?? token.created_at,
    };
  }

  async familyOf(hash: string): Promise<{ familyId: string; userId: string } | null> {
    const doc = await this.tokens.findById(hash).lean().exec();
    return doc ? { familyId: doc.family_id, userId: doc.user_id } : null;
  }

  /** The member's sessions (families) that a token could still be refreshed in: not expired, not revoked. */
  async familiesOf(userId: string, now = new Date()): Promise<string[]> {
    const families: string[] = await this.tokens.distinct('family_id', {
      user_id: userId,
      expires_at: { $gt: now },
    });
    const ended = await this.endedAmong(families);
    return families.filter((family) => !ended.has(family));
  }

  /** Which of these session families were revoked. */
  async endedAmong(familyIds: string[]): Promise<Set<string>> {
    if (familyIds.length === 0) return new Set();
    const revoked = await this.revoked
      .find({ _id: { $in: familyIds } }, { _id: 1 })
      .lean()
      .exec();
    return new Set(revoked.map((doc) => doc._id));
  }

  /** Revokes a session family until `until`, when every token the family issued has expired. */
  async revokeFamily(familyId: string, until: Date, now = new Date()): Promise<void> {
    await insertOnce(collectionOf(this.revoked), { _id: familyId, at: now, expires_at: until });
  }
}
