import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/**
 * Refresh tokens are insert-only records. Spending a token and revoking a family are inserts keyed by
 * `_id`, so a unique index decides every race: FerretDB v1 applies a conditional update by reading the
 * document and writing it back, which lets two concurrent updates both "win" (docs/adr/0003).
 */
interface RefreshTokenDoc {
  _id: string; // sha-256 of the token: the token itself is never stored
  user_id: string;
  family_id: string;
  expires_at: Date;
  created_at: Date;
}

interface MarkerDoc {
  _id: string;
  at: Date;
}

const refreshTokenSchema = new Schema<RefreshTokenDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    family_id: { type: String, required: true },
    expires_at: { type: Date, required: true, index: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'refresh_tokens', versionKey: false },
);

const markerSchema = (collection: string) =>
  new Schema<MarkerDoc>(
    { _id: { type: String, required: true }, at: { type: Date, required: true } },
    { collection, versionKey: false },
  );

export type ConsumeResult =
  | { outcome: 'ok'; userId: string; familyId: string }
  | { outcome: 'reused'; familyId: string }
  | { outcome: 'invalid' };

@Injectable()
export class RefreshTokensRepository {
  private readonly tokens: Model<RefreshTokenDoc>;
  /** One document per spent token (`_id` = token hash). */
  private readonly spent: Model<MarkerDoc>;
  /** One document per revoked session family (`_id` = family id). */
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

  async insert(hash: string, userId: string, familyId: string, expiresAt: Date): Promise<void> {
    await this.tokens.create({
      _id: hash,
      user_id: userId,
      family_id: familyId,
      expires_at: expiresAt,
      created_at: new Date(),
    });
  }

  /** Spends the token once: of two concurrent spends of the same token, exactly one succeeds. */
  async consume(hash: string, now = new Date()): Promise<ConsumeResult> {
    const token = await this.tokens.findById(hash).lean().exec();
    if (!token || token.expires_at <= now) return { outcome: 'invalid' };
    if (await this.revoked.exists({ _id: token.family_id })) return { outcome: 'invalid' };
    try {
      await this.spent.create({ _id: hash, at: now });
    } catch (error) {
      if (isDuplicateKeyError(error)) return { outcome: 'reused', familyId: token.family_id };
      throw error;
    }
    return { outcome: 'ok', userId: token.user_id, familyId: token.family_id };
  }

  async familyOf(hash: string): Promise<string | null> {
    const doc = await this.tokens.findById(hash).lean().exec();
    return doc?.family_id ?? null;
  }

  async revokeFamily(familyId: string, now = new Date()): Promise<void> {
    try {
      await this.revoked.create({ _id: familyId, at: now });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** No TTL indexes (FerretDB has none): expired tokens are swept by the service. */
  async deleteExpired(before: Date): Promise<number> {
    const expired = await this.tokens
      .find({ expires_at: { $lt: before } }, { _id: 1 })
      .lean()
      .exec();
    const ids = expired.map((doc) => doc._id);
    if (ids.length === 0) return 0;
    await this.spent.deleteMany({ _id: { $in: ids } }).exec();
    const result = await this.tokens.deleteMany({ _id: { $in: ids } }).exec();
    return result.deletedCount;
  }
}
