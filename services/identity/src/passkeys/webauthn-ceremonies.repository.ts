import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/** A registration, a password-less sign-in, or the second step after a password. */
export type CeremonyPurpose = 'register' | 'sign_in' | 'second_step';

/** A WebAuthn challenge the server issued and waits for: spent by its first answer, gone after 5 minutes. */
interface CeremonyDoc {
  _id: string; // random ceremony id, handed to the browser with the options
  purpose: CeremonyPurpose;
  challenge: string;
  user_id: string; // the member registering or signing in (second step); empty for a sign-in
  expires_at: Date;
}

const ceremonySchema = new Schema<CeremonyDoc>(
  {
    _id: { type: String, required: true },
    purpose: { type: String, required: true, enum: ['register', 'sign_in', 'second_step'] },
    challenge: { type: String, required: true },
    user_id: { type: String, default: '' },
    expires_at: { type: Date, required: true },
  },
  { collection: 'webauthn_ceremonies', versionKey: false, autoIndex: false },
);
ceremonySchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export interface Ceremony {
  challenge: string;
  userId: string;
}

@Injectable()
export class WebAuthnCeremoniesRepository implements OnModuleInit {
  private readonly model: Model<CeremonyDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.WebAuthnCeremony as Model<CeremonyDoc>) ??
      connection.model<CeremonyDoc>('WebAuthnCeremony', ceremonySchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  async start(id: string, purpose: CeremonyPurpose, challenge: string, userId: string, expiresAt: Date) {
    await this.model.create({ _id: id, purpose, challenge, user_id: userId, expires_at: expiresAt });
  }

  /** Spends the ceremony: its challenge, or null when unknown, spent, expired or of another purpose. */
  async finish(id: string, purpose: CeremonyPurpose, now = new Date()): Promise<Ceremony | null> {
    const doc = await this.model
      .findOneAndDelete({ _id: id, purpose, expires_at: { $gt: now } })
      .lean<CeremonyDoc>()
      .exec();
    return doc ? { challenge: doc.challenge, userId: doc.user_id } : null;
  }
}
