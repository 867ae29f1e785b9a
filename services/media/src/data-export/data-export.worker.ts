import { LOGGER } from '@aura/platform';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { MediaStorage } from '../storage/media-storage';
import { DataExportDoc } from './data-export.schema';
import { DataExportsRepository, MAX_ATTEMPTS } from './data-exports.repository';
import { ExportAbandoned, ExportArchive } from './export-archive';

/** How often an idle worker looks for queued exports (a request in this process wakes it at once). */
const POLL_MS = 2_000;
/** How often ready exports past their time are deleted. */
const EXPIRY_SWEEP_MS = 10 * 60_000;

export const exportObjectKey = (job: Pick<DataExportDoc, '_id'>) => `exports/${job._id}.zip`;

/**
 * Builds queued exports one at a time per process. A job is held by a lease renewed at every step, so
 * a crashed worker's job is taken over (and rebuilt from the start: the ZIP's key is the export's, so
 * the rebuild overwrites) by whichever media process polls next; after MAX_ATTEMPTS it fails.
 */
@Injectable()
export class DataExportWorker implements OnModuleDestroy {
  private pollTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(DataExportsRepository) private readonly exports: DataExportsRepository,
    @Inject(ExportArchive) private readonly archive: ExportArchive,
    @Inject(MediaStorage) private readonly storage: MediaStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.pollTimer = setInterval(() => this.wake(), POLL_MS);
    this.sweepTimer = setInterval(() => void this.sweepExpired(new Date()), EXPIRY_SWEEP_MS);
    this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.sweepTimer);
    await this.running;
  }

  /** Looks for work now (after a request, or on the poll). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.error({ err: error }, 'data export worker failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    for (let job = await this.exports.claim(new Date()); job && !this.stopped;) {
      await this.run(job);
      job = await this.exports.claim(new Date());
    }
  }

  /** Builds one claimed job. */
  async run(job: DataExportDoc): Promise<void> {
    const key = exportObjectKey(job);
    const started = Date.now();
    try {
      // Stopping abandons the job between steps; its lease runs out and another process takes it over.
      const size = await this.archive.build(job.owner_id, key, new Date(), async (progress, step) =>
        this.stopped ? false : this.exports.progress(job._id, job.attempts, progress, step, new Date()),
      );
      if (await this.exports.finish(job, key, size, new Date()))
        this.logger.info({ exportId: job._id, size, ms: Date.now() - started }, 'data export ready');
    } catch (error) {
      if (error instanceof ExportAbandoned) return;
      this.logger.warn(
        { err: error, exportId: job._id, attempt: job.attempts },
        'data export attempt failed',
      );
      // Left "building" with its lease, it is taken again once the lease runs out; the last attempt fails it.
      if (job.attempts >= MAX_ATTEMPTS) await this.exports.fail(job, String(error), new Date());
    }
  }

  /** Deletes the ZIPs of ready exports past their time, then marks them expired. */
  async sweepExpired(now: Date): Promise<number> {
    let swept = 0;
    try {
      for (const job of await this.exports.expiredBy(now, 100)) {
        await this.storage.discard(job.object_key ?? exportObjectKey(job));
        await this.exports.markExpired(job._id);
        swept += 1;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'data export expiry sweep failed');
    }
    return swept;
  }
}
