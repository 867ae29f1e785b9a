import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { CacheTtl } from '../common/cache-ttl';
import { RedisCache } from '../common/redis-cache';
import { SocialKeys } from '../common/social-keys';

/** A word, phrase or #tag a member muted (collection `muted_words`, one per member and phrase). */
export interface MutedWordDoc {
  _id: string;
  memberId: string;
  phrase: string;
  createdAt: Date;
  /** null: until unmuted. The TTL index deletes the document once this has passed. */
  expiresAt: Date | null;
}

const mutedWordSchema = new Schema<MutedWordDoc>(
  {
    _id: { type: String, required: true },
    memberId: { type: String, required: true },
    phrase: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, default: null },
  },
  { collection: 'muted_words', versionKey: false },
);
mutedWordSchema.index({ memberId: 1, phrase: 1 }, { unique: true });
/** A member's list, the newest first. */
mutedWordSchema.index({ memberId: 1, createdAt: -1 });
mutedWordSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/**
 * Muted words and tags per member. The feeds read a member's phrases from a Redis copy (each entry
 * "<expiry ms or 0>:<phrase>", dropped at every change and rebuilt from MongoDB when missing) and skip
 * the expired ones themselves: TTL deletion runs about once a minute.
 */
@Injectable()
export class MutedWordsRepository implements OnModuleInit {
  readonly model: Model<MutedWordDoc>;

  constructor(
    @Inject(MONGO) connection: Connection,
    @Inject(RedisCache) private readonly cache: RedisCache,
    @Inject(SocialKeys) private readonly keys: SocialKeys,
  ) {
    this.model =
      (connection.models.MutedWord as Model<MutedWordDoc>) ??
      connection.model<MutedWordDoc>('MutedWord', mutedWordSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.init();
  }

  /** Account erasure: the member's muted words. */
  async deleteAllOf(memberId: string): Promise<void> {
    await this.model.deleteMany({ memberId }).exec();
  }

  /** The member's muted phrases in force at `now`. */
  async phrasesOf(memberId: string, now: Date): Promise<string[]> {
    const entries = await this.cache.set(this.keys.mutedWords(memberId), CacheTtl.memberSet, async () =>
      (await this.listOf(memberId, new Date(0))).map(
        (doc) => `${doc.expiresAt ? new Date(doc.expiresAt).getTime() : 0}:${doc.phrase}`,
      ),
    );
    const phrases: string[] = [];
    for (const entry of entries) {
      const colon = entry.indexOf(':');
      const expiresMs = Number(entry.slice(0, colon));
      if (expiresMs === 0 || expiresMs > now.getTime()) phrases.push(entry.slice(colon + 1));
    }
    return phrases;
  }

  /** The member's muted words in force at `now`, the newest first. */
  listOf(memberId: string, now: Date): Promise<MutedWordDoc[]> {
    return this.model
      .find({ memberId, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] })
      .sort({ createdAt: -1, _id: -1 })
      .lean<MutedWordDoc[]>()
      .exec();
  }

  /** Mutes the phrase, or gives an already muted one its new expiry. */
  async put(memberId: string, phrase: string, expiresAt: Date | null, now: Date): Promise<MutedWordDoc> {
    const upsert = () =>
      this.model
        .findOneAndUpdate(
          { memberId, phrase },
          { $set: { expiresAt, createdAt: now }, $setOnInsert: { _id: randomUUID() } },
          { upsert: true, new: true },
        )
        .lean<MutedWordDoc>()
        .exec();
    // Two concurrent first mutes of a phrase: the unique index lets one insert; the other updates it.
    const doc = await upsert().catch((error: unknown) => {
      if (isDuplicateKeyError(error)) return upsert();
      throw error;
    });
    await this.cache.invalidate(this.keys.mutedWords(memberId));
    return doc!;
  }

  /** Unmutes it; false when the member has no such muted word. */
  async remove(memberId: string, id: string): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ _id: id, memberId }).exec();
    await this.cache.invalidate(this.keys.mutedWords(memberId));
    return deletedCount === 1;
  }
}
