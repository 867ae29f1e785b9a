import { MONGO } from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Connection, Model, Schema } from 'mongoose';

/**
 * What a member sees of their sessions on the Devices screen: one document per session (refresh-token
 * family), written when it opens and again at each refresh, with the device it was last used from.
 * The refresh tokens stay the truth of whether a session lives (RefreshTokensRepository); this is the
 * description. The document goes when the session is ended, and by TTL when its last token expires.
 */
interface DeviceSessionDoc {
  _id: string; // the family id (the access tokens' `sid`)
  user_id: string;
  started_at: Date;
  last_seen_at: Date;
  user_agent: string;
  ip: string;
  /** When the family's newest refresh token expires: the session cannot outlive it. */
  expires_at: Date;
}

const deviceSessionSchema = new Schema<DeviceSessionDoc>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    started_at: { type: Date, required: true },
    last_seen_at: { type: Date, required: true },
    user_agent: { type: String, default: '' },
    ip: { type: String, default: '' },
    expires_at: { type: Date, required: true },
  },
  { collection: 'device_sessions', versionKey: false, autoIndex: false },
);
deviceSessionSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
deviceSessionSchema.index({ user_id: 1, last_seen_at: -1 });

export interface DeviceSession {
  id: string;
  startedAt: Date;
  lastSeenAt: Date;
  userAgent: string;
  ip: string;
}

export interface DeviceSeen {
  userId: string;
  sessionId: string;
  startedAt: Date;
  expiresAt: Date;
  userAgent: string;
  ip: string;
}

/** A member has at most this many sessions listed (the most recently active). */
export const LISTED_SESSIONS = 50;

@Injectable()
export class DeviceSessionsRepository implements OnModuleInit {
  private readonly model: Model<DeviceSessionDoc>;

  constructor(@Inject(MONGO) connection: Connection) {
    this.model =
      (connection.models.DeviceSession as Model<DeviceSessionDoc>) ??
      connection.model<DeviceSessionDoc>('DeviceSession', deviceSessionSchema);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** The session was opened or refreshed now, from this device. */
  async seen(session: DeviceSeen, now = new Date()): Promise<void> {
    await this.model
      .updateOne(
        { _id: session.sessionId },
        {
          $set: {
            last_seen_at: now,
            user_agent: session.userAgent.slice(0, 512),
            ip: session.ip.slice(0, 64),
            expires_at: session.expiresAt,
          },
          $setOnInsert: { user_id: session.userId, started_at: session.startedAt },
        },
        { upsert: true },
      )
      .exec();
  }

  /** The member's sessions that have not expired, the most recently seen first. */
  async listOf(userId: string, now = new Date()): Promise<DeviceSession[]> {
    const docs = await this.model
      .find({ user_id: userId, expires_at: { $gt: now } })
      .sort({ last_seen_at: -1 })
      .limit(LISTED_SESSIONS)
      .lean<DeviceSessionDoc[]>()
      .exec();
    return docs.map((doc) => ({
      id: doc._id,
      startedAt: doc.started_at,
      lastSeenAt: doc.last_seen_at,
      userAgent: doc.user_agent,
      ip: doc.ip,
    }));
  }

  /** Whether the session is the member's (and not yet expired or ended). */
  async belongsTo(sessionId: string, userId: string, now = new Date()): Promise<boolean> {
    return (
      (await this.model.exists({ _id: sessionId, user_id: userId, expires_at: { $gt: now } }).exec()) !== null
    );
  }

  async remove(sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await this.model.deleteMany({ _id: { $in: sessionIds } }).exec();
  }
}
