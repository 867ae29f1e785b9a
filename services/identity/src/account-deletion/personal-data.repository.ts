import { MONGO } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';

/** Where identity keeps something of a member beyond their (now anonymous) document: collection → field. */
const PERSONAL_DATA: [collection: string, field: string][] = [
  ['two_factor', '_id'],
  ['passkeys', 'user_id'],
  ['email_tokens', 'user_id'],
  ['login_challenges', 'user_id'],
  ['mood_checkins', 'user_id'],
  ['reflections', 'user_id'],
  ['wellness_days', 'user_id'],
  ['aura_log', 'user_id'],
  ['profile_visits', 'profile_id'],
  ['profile_visits', 'viewer_id'],
  ['profile_visit_counts', '_id'],
  ['blocks', 'blocker_id'],
  ['blocks', 'blocked_id'],
];

/** What identity keeps of a member besides their (anonymous) user document, across its collections. */
@Injectable()
export class PersonalDataRepository {
  constructor(@Inject(MONGO) private readonly connection: Connection) {}

  /** Deletes all of it; answers how many documents went. */
  async eraseAllOf(userId: string): Promise<number> {
    let removed = 0;
    for (const [collection, field] of PERSONAL_DATA)
      removed += (await this.connection.collection(collection).deleteMany({ [field]: userId })).deletedCount;
    return removed;
  }
}
