import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

interface RefreshTokenDoc {
  _id: string; // sha-256 of the token: the token itself is never stored
  user_id: string;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const refreshTokenSchema = new Schema<RefreshTokenDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true, index: true },
    family_id: { type: String, required: true, index: true },
    expires_at: { type: Date, required: true, index: true },
    used_at: { type: Date, default: null },
    revoked_at: { type: Date, default: null },
    created_at: { type: Date, required: true },
  },
  { collection: 'refresh_tokens', versionKey: false },
);

export type ConsumeResult =
  | { outcome: 'ok'; userId: string; familyId: string }
  | { outcome: 'reused'; familyId: string }
  | { outcome: 'invalid' };

@Injectable()
export class RefreshTokensRepository {
  private readonly model: Model<RefreshTokenDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model = connection.models.RefreshToken ?? connection.model('RefreshToken', refreshTokenSchema);
  }

  async insert(hash: string, userId: string, familyId: string, expiresAt: Date): Promise<void> {
    await this.model.create({
      _id: hash,
      user_id: userId,
      family_id: familyId,
      expires_at: expiresAt,
      created_at: new Date(),
    });
  }

  /**
   * Marks the token used in one atomic update, so two concurrent refreshes with the same token
   * cannot both succeed. A token that was already used is a replay: the caller revokes its family.
   */
  async consume(hash: string, now = new Date()): Promise<ConsumeResult> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: hash, used_at: null, revoked_at: null, expires_at: { $gt: now } },
        { $set: { used_at: now } },
        { new: false },
      )
      .lean()
      .exec();
    if (doc) return { outcome: 'ok', userId: doc.user_id, familyId: doc.family_id };
    const seen = await this.model.findById(hash).lean().exec();
    if (seen && seen.used_at && !seen.revoked_at) return { outcome: 'reused', familyId: seen.family_id };
    return { outcome: 'invalid' };
  }

  async familyOf(hash: string): Promise<string | null> {
    const doc = await this.model.findById(hash).lean().exec();
    return doc?.family_id ?? null;
  }

  async revokeFamily(familyId: string, now = new Date()): Promise<void> {
    await this.model
      .updateMany({ family_id: familyId, revoked_at: null }, { $set: { revoked_at: now } })
      .exec();
  }

  /** No TTL indexes (FerretDB has none): expired tokens are swept by the service. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.model.deleteMany({ expires_at: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
