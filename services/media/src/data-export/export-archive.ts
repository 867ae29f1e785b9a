import archiver from 'archiver';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { toCsv } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { type MediaObject, MediaObjectsRepository } from '../objects/media-objects.repository';
import { MediaStorage } from '../storage/media-storage';
import { EXPORT_PARTS, EXPORT_SOURCES, ExportRecord, type ExportSources } from './export-sources';

/** Reports progress (0..100, the step's label); answers false when the job is no longer ours. */
export type ProgressReport = (progress: number, step: string) => Promise<boolean>;

export class ExportAbandoned extends Error {}

/** Files of a member a ZIP takes at most (their records are listed in media.json either way). */
const MAX_FILES = 5_000;

const README = (ownerId: string, at: Date) => `Your Aura data
===============

Exported ${at.toISOString()} for member ${ownerId}.

Each part is here twice: as JSON (every field) and as CSV (for a spreadsheet).

profile          your account and profile
posts            your posts          comments       your comments
stories          your stories        following      the members you follow
saved-posts      the posts you saved (which post, and when)
conversations    your conversations  messages       the messages in them
check-ins        your mood check-ins reflections    your reflections
wallet-history   every movement of your AuraCoin (amounts in AC)
spending-settings       your daily limit, pause threshold and what is waiting to change
notification-settings   the notifications you turned off, the daily digest, your reminder
media.json       the files you uploaded; the files themselves are in media/

Amounts are in AuraCoin (AC) with six decimals. Times are UTC (ISO 8601).
`;

/**
 * Builds a member's ZIP and streams it into storage as it is made (nothing is held whole in memory but
 * one part's records): README, each part as JSON and CSV, then the member's files under media/.
 */
@Injectable()
export class ExportArchive {
  constructor(
    @Inject(EXPORT_SOURCES) private readonly sources: ExportSources,
    @Inject(MediaStorage) private readonly storage: MediaStorage,
    @Inject(MediaObjectsRepository) private readonly objects: MediaObjectsRepository,
  ) {}

  async build(ownerId: string, key: string, now: Date, report: ProgressReport): Promise<number> {
    const archive = archiver('zip', { zlib: { level: 6 } });
    const writer = this.storage.writer(key, 'application/zip');
    let size = 0;
    const failure = new Promise<never>((_, reject) => archive.once('error', reject));
    failure.catch(() => undefined);
    const upload = (async () => {
      for await (const chunk of archive as AsyncIterable<Buffer>) {
        size += chunk.length;
        await writer.write(chunk);
      }
    })();
    const add = async (source: string | Buffer | Readable, name: string, date = now) => {
      archive.append(source, { name, date });
      await Promise.race([once(archive, 'entry'), failure]);
    };
    const steps = EXPORT_PARTS.length + 2;
    const step = async (index: number, label: string) => {
      if (!(await report(Math.floor((index / steps) * 100), label))) throw new ExportAbandoned();
    };
    try {
      await add(README(ownerId, now), 'README.txt');
      for (const [index, part] of EXPORT_PARTS.entries()) {
        await step(index, part.label);
        const records: ExportRecord[] = [];
        for await (const page of this.sources.pages(part, ownerId)) records.push(...page);
        await add(`${JSON.stringify(records, null, 2)}\n`, `${part.file}.json`);
        await add(toCsv(records), `${part.file}.csv`);
      }
      await step(EXPORT_PARTS.length, 'Media files');
      await this.addFiles(ownerId, add);
      await step(EXPORT_PARTS.length + 1, 'Finishing');
      await Promise.race([archive.finalize(), failure]);
      await Promise.race([upload, failure]);
      await writer.finish();
      return size;
    } catch (error) {
      archive.abort();
      await upload.catch(() => undefined);
      await writer.abort();
      throw error;
    }
  }

  private async addFiles(
    ownerId: string,
    add: (source: string | Readable, name: string, date?: Date) => Promise<void>,
  ): Promise<void> {
    const owned = await this.objects.ownedBy(ownerId, MAX_FILES);
    owned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const listed: ExportRecord[] = [];
    for (const object of owned) {
      const path = `media/${object.collection}/${object.filename}`;
      const included = await this.addFile(object, path, add);
      listed.push({
        file: included ? path : null,
        purpose: object.purpose,
        file_type: object.fileType,
        content_type: object.contentType,
        size: object.size,
        original_filename: object.originalFilename,
        uploaded_at: object.createdAt.toISOString(),
      });
    }
    await add(`${JSON.stringify(listed, null, 2)}\n`, 'media.json');
    await add(toCsv(listed), 'media.csv');
  }

  /** One stored file into the ZIP; false when its bytes are gone from storage. */
  private async addFile(
    object: MediaObject,
    path: string,
    add: (source: Readable, name: string, date?: Date) => Promise<void>,
  ): Promise<boolean> {
    const key = `${object.collection}/${object.filename}`;
    if (!(await this.storage.stat(key))) return false;
    await add(await this.storage.read(key), path, object.createdAt);
    return true;
  }
}
