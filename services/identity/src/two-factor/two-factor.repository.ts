import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';
import { TotpSecretCipher, UnreadableTotpSecret } from './totp-secret-cipher';

/**
 * A member's second factor: one document per member who started or finished setting up an
 * authenticator. `pending_secret` is a setup not yet confirmed with a code (it does not protect sign-in);
 * `totp_secret` is on. `last_step` is the newest time step a code was accepted for: a code is single-use.
 * Both secrets are stored sealed (AES-256-GCM, totp-secret-cipher.ts); this class alone seals and opens
 * them, so everything above it sees the plain base32 secret.
 */
interface TwoFactorDoc {
  _id: string; // the member's id
  totp_secret: string | null;
  pending_secret: string | null;
  pending_expires_at: Date | null;
  enabled_at: Date | null;
  last_step: number;
  recovery_codes: Array<{ hash: string; used_at: Date | null }>;
}

const twoFactorSchema = new Schema<TwoFactorDoc>(
  {
    _id: { type: String, required: true },
    totp_secret: { type: String, default: null },
    pending_secret: { type: String, default: null },
    pending_expires_at: { type: Date, default: null },
    enabled_at: { type: Date, default: null },
    last_step: { type: Number, default: 0 },
    recovery_codes: { type: [{ hash: String, used_at: Date, _id: false }], default: [] },
  },
  { collection: 'two_factor', versionKey: false, autoIndex: false },
);

type SecretField = 'totp_secret' | 'pending_secret';

/** What `sealStoredSecrets` did at start. */
export interface SealSweep {
  /** Secrets sealed again with the current key (plaintext ones from before encryption, previous key's). */
  sealed: number;
  /** Members whose secret does not authenticate (altered or moved): their second factor fails. */
  corrupt: string[];
}

export interface TwoFactorState {
  totpSecret: string | null;
  pendingSecret: string | null;
  pendingExpiresAt: Date | null;
  enabledAt: Date | null;
  lastStep: number;
  recoveryCodesLeft: number;
}

@Injectable()
export class TwoFactorRepository implements OnModuleInit {
  private readonly model: Model<TwoFactorDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(TotpSecretCipher) private readonly cipher: TotpSecretCipher,
  ) {
    this.model =
      (connection.models.TwoFactor as Model<TwoFactorDoc>) ??
      connection.model<TwoFactorDoc>('TwoFactor', twoFactorSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  /**
   * The member's state with the secrets opened. A secret stored in plaintext (before encryption) or with
   * the previous key is sealed again with the current one on the way (see `sealStoredSecrets`).
   */
  async find(userId: string): Promise<TwoFactorState | null> {
    const doc = await this.model.findById(userId).lean<TwoFactorDoc>().exec();
    if (!doc) return null;
    return {
      totpSecret: await this.open(userId, 'totp_secret', doc.totp_secret),
      pendingSecret: await this.open(userId, 'pending_secret', doc.pending_secret),
      pendingExpiresAt: doc.pending_expires_at,
      enabledAt: doc.enabled_at,
      lastStep: doc.last_step,
      recoveryCodesLeft: doc.recovery_codes.filter((code) => !code.used_at).length,
    };
  }

  /** Whether the member's second factor is on, without reading (or opening) its secret. */
  async isOn(userId: string): Promise<boolean> {
    return (await this.model.exists({ _id: userId, totp_secret: { $ne: null } }).exec()) !== null;
  }

  /** A setup begins (or begins again); a second factor already on is left as it is. */
  async setPending(userId: string, secret: string, expiresAt: Date): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: userId, totp_secret: null },
        {
          $set: { pending_secret: this.cipher.seal(userId, secret), pending_expires_at: expiresAt },
          $setOnInsert: { totp_secret: null, enabled_at: null, last_step: 0, recovery_codes: [] },
        },
        { upsert: true },
      )
      .exec()
      .catch((error: { code?: number }) => {
        // The upsert met a document that is on (totp_secret set): not this member's setup to start.
        if (error.code === 11000) return { matchedCount: 0, upsertedCount: 0 };
        throw error;
      });
    return result.matchedCount + result.upsertedCount === 1;
  }

  /**
   * Turns the pending setup with this secret on, once: the confirming code's step becomes the last one
   * used. Sealed texts differ at every sealing (a random IV), so the pending one is read, opened and
   * compared here, and the update is conditional on that very text: a setup begun again in between
   * (another secret) is not turned on.
   */
  async enable(
    userId: string,
    secret: string,
    step: number,
    recoveryCodeHashes: string[],
    now: Date,
  ): Promise<boolean> {
    const doc = await this.model.findById(userId).lean<TwoFactorDoc>().exec();
    const pending = doc?.pending_secret;
    // Opened without sealing again: the update below replaces exactly this text.
    if (!pending || this.cipher.open(userId, pending).secret !== secret) return false;
    const result = await this.model
      .updateOne(
        { _id: userId, totp_secret: null, pending_secret: pending, pending_expires_at: { $gt: now } },
        {
          $set: {
            totp_secret: this.cipher.seal(userId, secret),
            pending_secret: null,
            pending_expires_at: null,
            enabled_at: now,
            last_step: step,
            recovery_codes: recoveryCodeHashes.map((hash) => ({ hash, used_at: null })),
          },
        },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Spends a time step: false when that step (or a later one) was already used. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: userId, totp_secret: { $ne: null }, last_step: { $lt: step } },
        { $set: { last_step: step } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** Spends a recovery code: false when it is not one of the member's or was used. */
  async useRecoveryCode(userId: string, hash: string, now: Date): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: userId, totp_secret: { $ne: null }, recovery_codes: { $elemMatch: { hash, used_at: null } } },
        { $set: { 'recovery_codes.$.used_at': now } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** A new set of codes; the old ones stop working. False when the second factor is not on. */
  async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: userId, totp_secret: { $ne: null } },
        { $set: { recovery_codes: hashes.map((hash) => ({ hash, used_at: null })) } },
      )
      .exec();
    return result.matchedCount === 1;
  }

  async remove(userId: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: userId }).exec();
    return result.deletedCount === 1;
  }

  /**
   * At start: seals with the current key every secret that is not (plaintext from before encryption,
   * or the previous key's after a rotation). Done once for all rather than only on each member's next
   * use (which `find` does too), because a member who never signs in again would otherwise keep a
   * plaintext secret in the database for good, and the previous key could never be retired. The
   * collection holds one small document per member with a second factor; each write is conditional on
   * the text read, so replicas starting together (or a sign-in at the same time) do not clash, and a
   * start cut short leaves the rest to the next. A secret sealed with a key that is not configured
   * stops the start: a rotation that dropped the key still in use would lock those members out.
   */
  async sealStoredSecrets(): Promise<SealSweep> {
    const notCurrent = { $type: 'string', $not: new RegExp(`^${escapeRegExp(this.cipher.currentPrefix)}`) };
    const cursor = this.model
      .find({ $or: [{ totp_secret: notCurrent }, { pending_secret: notCurrent }] })
      .select({ totp_secret: 1, pending_secret: 1 })
      .lean<Pick<TwoFactorDoc, '_id' | SecretField>>()
      .cursor();
    const sweep: SealSweep = { sealed: 0, corrupt: [] };
    for await (const doc of cursor) {
      for (const field of ['totp_secret', 'pending_secret'] as const) {
        const stored = doc[field];
        if (!stored || stored.startsWith(this.cipher.currentPrefix)) continue;
        try {
          const opened = this.cipher.open(doc._id, stored);
          if (await this.reseal(doc._id, field, stored, opened.secret)) sweep.sealed++;
        } catch (error) {
          if (!(error instanceof UnreadableTotpSecret) || error.reason !== 'corrupt') throw error;
          if (!sweep.corrupt.includes(doc._id)) sweep.corrupt.push(doc._id);
        }
      }
    }
    return sweep;
  }

  /** A stored secret opened; sealed again with the current key when it was not already. */
  private async open(userId: string, field: SecretField, stored: string | null): Promise<string | null> {
    if (stored === null) return null;
    const opened = this.cipher.open(userId, stored);
    if (!opened.current) await this.reseal(userId, field, stored, opened.secret);
    return opened.secret;
  }

  /** Replaces exactly the text read (a concurrent change wins); true when this call replaced it. */
  private async reseal(userId: string, field: SecretField, stored: string, secret: string): Promise<boolean> {
    const result = await this.model
      .updateOne({ _id: userId, [field]: stored }, { $set: { [field]: this.cipher.seal(userId, secret) } })
      .exec();
    return result.modifiedCount === 1;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
