import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/**
 * A sign-in that passed the password and waits for the second factor. The member holds a random token
 * (only its hash is stored); it is spent by a good code, lives a few minutes, and allows a few tries.
 */
interface LoginChallengeDoc {
  _id: string; // sha-256 of the token
  user_id: string;
  attempts: number;
  expires_at: Date;
}

const loginChallengeSchema = new Schema<LoginChallengeDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    expires_at: { type: Date, required: true },
  },
  { collection: 'login_challenges', versionKey: false, autoIndex: false },
);
loginChallengeSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

/** Wrong codes allowed per challenge before the member must enter the password again. */
export const CHALLENGE_ATTEMPTS = 5;

@Injectable()
export class LoginChallengesRepository implements OnModuleInit {
  private readonly model: Model<LoginChallengeDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.LoginChallenge as Model<LoginChallengeDoc>) ??
      connection.model<LoginChallengeDoc>('LoginChallenge', loginChallengeSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  async create(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
    await this.model.create({ _id: tokenHash, user_id: userId, attempts: 0, expires_at: expiresAt });
  }

  /** Counts a try against the challenge; answers its member, or null when spent, expired or out of tries. */
  async attempt(tokenHash: string, now: Date): Promise<string | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: tokenHash, expires_at: { $gt: now }, attempts: { $lt: CHALLENGE_ATTEMPTS } },
        { $inc: { attempts: 1 } },
        { new: true },
      )
      .lean<LoginChallengeDoc>()
      .exec();
    return doc?.user_id ?? null;
  }

  /** The challenge's member without counting a try (null when spent, expired or out of tries). */
  async peek(tokenHash: string, now: Date): Promise<string | null> {
    const doc = await this.model
      .findOne({ _id: tokenHash, expires_at: { $gt: now }, attempts: { $lt: CHALLENGE_ATTEMPTS } })
      .lean<LoginChallengeDoc>()
      .exec();
    return doc?.user_id ?? null;
  }

  /** Spends the challenge; false when another request already did (only one session per challenge). */
  async consume(tokenHash: string): Promise<boolean> {
    return (await this.model.deleteOne({ _id: tokenHash }).exec()).deletedCount === 1;
  }
}
