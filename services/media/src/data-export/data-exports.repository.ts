import {
  Conflict,
  createEvent,
  inTransaction,
  isDuplicateKeyError,
  MONGO,
  outboxCollection,
  OutboxModel,
  RateLimited,
  RUNTIME,
  toStoredOutbox,
} from '@aura/platform';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { OutboxHost } from '../objects/media-objects.repository';
import {
  DataExportDoc,
  DataExportOpenDoc,
  dataExportOpenSchema,
  dataExportSchema,
} from './data-export.schema';

export const ExportMessages = {
  inProgress: 'Your data export is already being prepared.',
  tooMany: 'You can export your data 3 times a day. Try again tomorrow.',
  notFound: 'Export not found',
  notReady: 'This export is not ready to download.',
} as const;

/** Exports a member may request in 24 hours. */
export const EXPORTS_PER_DAY = 3;
/** How long a finished ZIP stays downloadable. */
export const EXPORT_KEEP_MS = 7 * 24 * 3600 * 1000;
/** A worker renews its lease with every step; a crashed worker's job is taken over after this. */
export const LEASE_MS = 60_000;
/** A job that failed this many times is given up (the member sees "failed" and may ask again). */
export const MAX_ATTEMPTS = 3;

@Injectable()
export class DataExportsRepository implements OnModuleInit {
  readonly exports: Model<DataExportDoc>;
  private readonly open: Model<DataExportOpenDoc>;
  private readonly outbox: OutboxModel;

  constructor(
    @Inject(MONGO) private readonly connection: Connection,
    @Inject(RUNTIME) private readonly runtime: OutboxHost,
  ) {
    this.exports =
      (connection.models.DataExport as Model<DataExportDoc>) ??
      connection.model<DataExportDoc>('DataExport', dataExportSchema);
    this.open =
      (connection.models.DataExportOpen as Model<DataExportOpenDoc>) ??
      connection.model<DataExportOpenDoc>('DataExportOpen', dataExportOpenSchema);
    this.outbox = outboxCollection(connection, 'data_export_events');
    runtime.registerOutbox(this.outbox);
  }

  onModuleInit(): Promise<void> {
    return this.ensureIndexes();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.exports.init(), this.open.init()]);
  }

  /** Queues an export for the member: one at a time (Conflict), EXPORTS_PER_DAY a day (RateLimited). */
  async request(ownerId: string, now: Date): Promise<DataExportDoc> {
    const since = new Date(now.getTime() - 24 * 3600 * 1000);
    const recent = await this.exports
      .countDocuments({ owner_id: ownerId, requested_at: { $gt: since } })
      .exec();
    if (recent >= EXPORTS_PER_DAY) throw new RateLimited(ExportMessages.tooMany);
    const id = randomUUID();
    await this.admit(ownerId, id, now);
    const doc: DataExportDoc = {
      _id: id,
      owner_id: ownerId,
      status: 'queued',
      progress: 0,
      step: '',
      requested_at: now,
      lease_until: new Date(0),
      attempts: 0,
    };
    await this.exports.create(doc);
    return doc;
  }

  /**
   * Inserts the member's open claim. A claim left by a crash between it and its export's insert (or
   * by an export that finished without removing it) is replaced; a live one refuses the request.
   */
  private async admit(ownerId: string, exportId: string, now: Date): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await this.open.create({ _id: ownerId, export_id: exportId, created_at: now });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const held = await this.open.findById(ownerId).lean().exec();
      if (!held) continue;
      const job = await this.exports.findById(held.export_id).select({ status: 1 }).lean().exec();
      const live = job
        ? job.status === 'queued' || job.status === 'building'
        : now.getTime() - held.created_at.getTime() < LEASE_MS;
      if (live) break;
      await this.open.deleteOne({ _id: ownerId, export_id: held.export_id }).exec();
    }
    throw new Conflict(ExportMessages.inProgress);
  }

  /** The member's exports, newest first. */
  async listFor(ownerId: string, limit: number): Promise<DataExportDoc[]> {
    return this.exports.find({ owner_id: ownerId }).sort({ requested_at: -1 }).limit(limit).lean().exec();
  }

  async findOwned(id: string, ownerId: string): Promise<DataExportDoc | null> {
    return this.exports.findOne({ _id: id, owner_id: ownerId }).lean().exec();
  }

  /** Takes the oldest unfinished job nobody holds (a queued one, or one whose worker's lease ran out). */
  async claim(now: Date): Promise<DataExportDoc | null> {
    return this.exports
      .findOneAndUpdate(
        { status: { $in: ['queued', 'building'] }, lease_until: { $lt: now } },
        {
          $set: { status: 'building', lease_until: new Date(now.getTime() + LEASE_MS), progress: 0 },
          $inc: { attempts: 1 },
        },
        { sort: { lease_until: 1 }, new: true },
      )
      .lean()
      .exec();
  }

  /** Records progress and renews the lease; false when the job is no longer this worker's. */
  async progress(id: string, attempt: number, progress: number, step: string, now: Date): Promise<boolean> {
    const result = await this.exports
      .updateOne(
        { _id: id, status: 'building', attempts: attempt },
        { $set: { progress, step, lease_until: new Date(now.getTime() + LEASE_MS) } },
      )
      .exec();
    return result.matchedCount === 1;
  }

  /**
   * The ZIP is stored: the export becomes ready, the member's open claim goes, and data_export.ready is
   * published (one transaction, so the notification goes out exactly when the download works).
   */
  async finish(job: DataExportDoc, objectKey: string, size: number, now: Date): Promise<boolean> {
    const expiresAt = new Date(now.getTime() + EXPORT_KEEP_MS);
    const event = createEvent(this.runtime.service, 'data_export.ready', job.owner_id, {
      ownerId: job.owner_id,
      exportId: job._id,
      size,
      expiresAt: expiresAt.toISOString(),
      readyAt: now.toISOString(),
    });
    const finished = await inTransaction(this.connection, async (session) => {
      const result = await this.exports
        .updateOne(
          { _id: job._id, status: 'building', attempts: job.attempts },
          {
            $set: {
              status: 'ready',
              progress: 100,
              step: '',
              finished_at: now,
              expires_at: expiresAt,
              object_key: objectKey,
              size,
            },
          },
          { session },
        )
        .exec();
      if (result.matchedCount !== 1) return false;
      await this.open.deleteOne({ _id: job.owner_id, export_id: job._id }, { session }).exec();
      await this.outbox.create([{ _id: `ready:${job._id}`, _outbox: toStoredOutbox([event]) }], { session });
      return true;
    });
    if (finished) this.runtime.eventsStored([event], { model: this.outbox, id: `ready:${job._id}` });
    return finished;
  }

  /** Gives the job up for good (the member may ask again). */
  async fail(job: DataExportDoc, reason: string, now: Date): Promise<void> {
    await this.exports
      .updateOne(
        { _id: job._id, status: 'building', attempts: job.attempts },
        { $set: { status: 'failed', step: '', finished_at: now, error: reason.slice(0, 500) } },
      )
      .exec();
    await this.open.deleteOne({ _id: job.owner_id, export_id: job._id }).exec();
  }

  /** Ready exports whose time is up (the sweep deletes their ZIPs, then marks them expired). */
  async expiredBy(now: Date, limit: number): Promise<DataExportDoc[]> {
    return this.exports
      .find({ status: 'ready', expires_at: { $lte: now } })
      .limit(limit)
      .lean()
      .exec();
  }

  async markExpired(id: string): Promise<void> {
    await this.exports.updateOne({ _id: id, status: 'ready' }, { $set: { status: 'expired' } }).exec();
  }

  /** Every export of a member (account erasure). */
  async allOf(ownerId: string): Promise<DataExportDoc[]> {
    return this.exports.find({ owner_id: ownerId }).lean().exec();
  }

  async forgetMember(ownerId: string): Promise<void> {
    await this.exports.deleteMany({ owner_id: ownerId }).exec();
    await this.open.deleteOne({ _id: ownerId }).exec();
  }
}
