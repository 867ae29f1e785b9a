import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/** A member's passkey (a WebAuthn credential): its public key and signature counter, never a secret. */
interface PasskeyDoc {
  _id: string; // the credential id, base64url
  user_id: string;
  public_key: string; // COSE, base64url
  counter: number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const passkeySchema = new Schema<PasskeyDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    public_key: { type: String, required: true },
    counter: { type: Number, required: true },
    transports: { type: [String], default: [] },
    name: { type: String, required: true },
    created_at: { type: Date, required: true },
    last_used_at: { type: Date, default: null },
  },
  { collection: 'passkeys', versionKey: false, autoIndex: false },
);
passkeySchema.index({ user_id: 1, created_at: -1 });

export interface Passkey {
  id: string;
  userId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const toPasskey = (doc: PasskeyDoc): Passkey => ({
  id: doc._id,
  userId: doc.user_id,
  publicKey: Uint8Array.from(Buffer.from(doc.public_key, 'base64url')),
  counter: doc.counter,
  transports: doc.transports,
  name: doc.name,
  createdAt: doc.created_at,
  lastUsedAt: doc.last_used_at,
});

@Injectable()
export class PasskeysRepository implements OnModuleInit {
  private readonly model: Model<PasskeyDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.Passkey as Model<PasskeyDoc>) ??
      connection.model<PasskeyDoc>('Passkey', passkeySchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Stores a new passkey; false when that credential is already registered (to anyone). */
  async add(passkey: Omit<Passkey, 'lastUsedAt'>): Promise<boolean> {
    try {
      await this.model.create({
        _id: passkey.id,
        user_id: passkey.userId,
        public_key: Buffer.from(passkey.publicKey).toString('base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
        name: passkey.name,
        created_at: passkey.createdAt,
        last_used_at: null,
      });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  async find(id: string): Promise<Passkey | null> {
    const doc = await this.model.findById(id).lean<PasskeyDoc>().exec();
    return doc ? toPasskey(doc) : null;
  }

  /** The member's passkeys, the newest first. */
  async listOf(userId: string): Promise<Passkey[]> {
    const docs = await this.model
      .find({ user_id: userId })
      .sort({ created_at: -1, _id: -1 })
      .lean<PasskeyDoc[]>()
      .exec();
    return docs.map(toPasskey);
  }

  async countOf(userId: string): Promise<number> {
    return this.model.countDocuments({ user_id: userId }).exec();
  }

  /**
   * Records a sign-in with the passkey at the authenticator's new counter. The counter only moves
   * forward: a lower one means a cloned authenticator or a replay, and the write is refused (authenticators
   * that keep no counter report 0 every time, which stays allowed).
   */
  async used(id: string, previousCounter: number, newCounter: number, now: Date): Promise<boolean> {
    const filter =
      newCounter === 0 && previousCounter === 0
        ? { _id: id, counter: 0 }
        : { _id: id, counter: { $lt: newCounter } };
    const result = await this.model
      .updateOne(filter, { $set: { counter: newCounter, last_used_at: now } })
      .exec();
    return result.matchedCount === 1;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id, user_id: userId }).exec()).deletedCount === 1;
  }
}
