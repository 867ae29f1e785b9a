import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

export type EmailTokenPurpose = 'password_reset' | 'verify_email';

/**
 * The secret of a link mailed to a member (reset the password, verify the address): only its SHA-256 is
 * kept. A link is spent by its first use and dies at `expires_at` (TTL); a newer link of the same
 * purpose replaces the older ones.
 */
interface EmailTokenDoc {
  _id: string; // sha-256 of the token
  purpose: EmailTokenPurpose;
  user_id: string;
  email: string;
  expires_at: Date;
}

const emailTokenSchema = new Schema<EmailTokenDoc>(
  {
    _id: { type: String, required: true },
    purpose: { type: String, required: true, enum: ['password_reset', 'verify_email'] },
    user_id: { type: String, required: true },
    email: { type: String, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'email_tokens', versionKey: false, autoIndex: false },
);
emailTokenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
emailTokenSchema.index({ user_id: 1, purpose: 1 });

export interface EmailToken {
  userId: string;
  email: string;
}

@Injectable()
export class EmailTokensRepository implements OnModuleInit {
  private readonly model: Model<EmailTokenDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.EmailToken as Model<EmailTokenDoc>) ??
      connection.model<EmailTokenDoc>('EmailToken', emailTokenSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** The member's new link of this purpose; their earlier ones stop working. */
  async replace(
    tokenHash: string,
    purpose: EmailTokenPurpose,
    userId: string,
    email: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.model.deleteMany({ user_id: userId, purpose }).exec();
    await this.model.create({ _id: tokenHash, purpose, user_id: userId, email, expires_at: expiresAt });
  }

  /** Spends the link: its member and address, or null when unknown, spent, expired or of another purpose. */
  async consume(tokenHash: string, purpose: EmailTokenPurpose, now = new Date()): Promise<EmailToken | null> {
    const doc = await this.model
      .findOneAndDelete({ _id: tokenHash, purpose, expires_at: { $gt: now } })
      .lean<EmailTokenDoc>()
      .exec();
    return doc ? { userId: doc.user_id, email: doc.email } : null;
  }

  /** Every link of the member of this purpose stops working. */
  async removeFor(userId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.model.deleteMany({ user_id: userId, purpose }).exec();
  }
}
