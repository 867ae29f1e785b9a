import { Caller, NotFound, RuleViolation, Unauthenticated } from '@aura/platform';
import { media } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { MediaStorage } from '../storage/media-storage';
import type { OpenedObject } from '../downloads/download.service';
import { DataExportDoc } from './data-export.schema';
import { DataExportsRepository, ExportMessages } from './data-exports.repository';
import { DataExportWorker, exportObjectKey } from './data-export.worker';

/** The exports a member sees: the last few, newest first. */
const LISTED = 5;

const iso = (date?: Date) => (date ? new Date(date).toISOString() : '');

export function toDataExport(doc: DataExportDoc): media.DataExport {
  return {
    id: doc._id,
    status: doc.status,
    progress: doc.progress,
    step: doc.status === 'building' || doc.status === 'queued' ? doc.step : '',
    requestedAt: iso(doc.requested_at),
    finishedAt: iso(doc.finished_at),
    expiresAt: doc.status === 'ready' ? iso(doc.expires_at) : '',
    size: doc.status === 'ready' ? (doc.size ?? 0) : 0,
  };
}

function memberOf(caller: Caller | undefined): string {
  if (!caller) throw new Unauthenticated('Authentication required');
  return caller.userId;
}

/** A member's own data exports: ask for one, see them, download a ready one. */
@Injectable()
export class DataExportService {
  constructor(
    @Inject(DataExportsRepository) private readonly exports: DataExportsRepository,
    @Inject(DataExportWorker) private readonly worker: DataExportWorker,
    @Inject(MediaStorage) private readonly storage: MediaStorage,
  ) {}

  async request(caller: Caller | undefined): Promise<media.DataExport> {
    const job = await this.exports.request(memberOf(caller), new Date());
    this.worker.wake();
    return toDataExport(job);
  }

  async list(caller: Caller | undefined): Promise<media.DataExportList> {
    const docs = await this.exports.listFor(memberOf(caller), LISTED);
    return { exports: docs.map(toDataExport) };
  }

  /** The ZIP of a ready export of the caller's (anyone else's is "not found"). */
  async open(caller: Caller | undefined, id: string): Promise<OpenedObject> {
    const job = id ? await this.exports.findOwned(id, memberOf(caller)) : null;
    if (!job) throw new NotFound(ExportMessages.notFound);
    const now = Date.now();
    if (job.status !== 'ready' || (job.expires_at && new Date(job.expires_at).getTime() <= now))
      throw new RuleViolation(ExportMessages.notReady);
    const key = job.object_key ?? exportObjectKey(job);
    const info = await this.storage.stat(key);
    if (!info) throw new NotFound(ExportMessages.notFound);
    return {
      info: {
        contentType: 'application/zip',
        size: info.size,
        etag: info.etag,
        lastModified: info.lastModified.toUTCString(),
      },
      body: await this.storage.read(key),
    };
  }
}
