import { collectionOf, inTransaction, isDuplicateKeyError, MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model } from 'mongoose';
import { StoredVisits } from './stored-visits';
import { ProfileVisitCountDoc, profileVisitCountSchema } from './visit-count.schema';
import { ProfileVisitDoc, profileVisitSchema } from './visit.schema';

/**
 * Profile visits (one per viewer, profile and UTC day) and each profile's count of them. The count is
 * a counter raised in the transaction that stores a new visit, so showing a profile reads one document
 * instead of counting every visit it ever had (5,000 index keys for a popular member at scale).
 *
 * A profile whose counter does not exist yet (no visit since the counter was introduced) gets it from
 * the visits once, before its next visit is stored; `$max` makes concurrent first views agree: each
 * sets a count no larger than the truth, and every later visit adds one.
 */
@Injectable()
export class ProfileVisitsRepository implements OnModuleInit {
  readonly visits: Model<ProfileVisitDoc>;
  readonly counts: Model<ProfileVisitCountDoc>;
  /** Visits of the current UTC day known to be stored: a later view of the day reads no visit. */
  private readonly stored = new StoredVisits();

  constructor(@Inject(MONGO) private readonly connection: Connection) {
    this.visits =
      connection.models.ProfileVisit ?? connection.model<ProfileVisitDoc>('ProfileVisit', profileVisitSchema);
    this.counts =
      connection.models.ProfileVisitCount ??
      connection.model<ProfileVisitCountDoc>('ProfileVisitCount', profileVisitCountSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.visits.init(), this.counts.init()]);
  }

  /**
   * Stores `viewerId`'s visit of `profileId` on `day` unless it is there already; answers the profile's
   * count of visits with it.
   */
  async record(profileId: string, viewerId: string, day: string, at: Date): Promise<number> {
    const _id = `${profileId}:${viewerId}:${day}`;
    if (this.stored.has(day, _id)) return this.count(profileId);
    const [count, seen] = await Promise.all([
      this.count(profileId),
      collectionOf(this.visits)
        .findOne({ _id }, { projection: { _id: 1 } })
        .then((found) => found !== null),
    ]);
    if (seen) {
      this.stored.add(day, _id);
      return count;
    }
    try {
      const raised = await inTransaction(this.connection, async (session) => {
        await collectionOf(this.visits).insertOne(
          { _id, profile_id: profileId, viewer_id: viewerId, day, at },
          { session },
        );
        const raised = await collectionOf(this.counts).findOneAndUpdate(
          { _id: profileId },
          { $inc: { count: 1 } },
          { session, returnDocument: 'after', includeResultMetadata: false },
        );
        return raised?.count ?? count + 1;
      });
      this.stored.add(day, _id);
      return raised;
    } catch (error) {
      // The same viewer's visit of the day, stored by a concurrent request: already counted.
      if (!isDuplicateKeyError(error)) throw error;
      this.stored.add(day, _id);
      return this.count(profileId);
    }
  }

  /** The profile's count of visits. */
  async count(profileId: string): Promise<number> {
    const counted = await collectionOf(this.counts).findOne({ _id: profileId }, { projection: { count: 1 } });
    return counted?.count ?? this.countFromVisits(profileId);
  }

  /** Creates the profile's counter from its stored visits (see the class comment). */
  private async countFromVisits(profileId: string): Promise<number> {
    const stored = await this.visits.countDocuments({ profile_id: profileId }).exec();
    try {
      const counter = await collectionOf(this.counts).findOneAndUpdate(
        { _id: profileId },
        { $max: { count: stored } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: false },
      );
      return counter?.count ?? stored;
    } catch (error) {
      // A concurrent first view inserted the counter: apply the maximum to it.
      if (!isDuplicateKeyError(error)) throw error;
      return this.countFromVisits(profileId);
    }
  }
}
