import { DomainEvent, LOGGER, RUNTIME, ServiceRuntime } from '@aura/platform';
import { identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { exportObjectKey } from '../data-export/data-export.worker';
import { DataExportsRepository } from '../data-export/data-exports.repository';
import { MediaObjectsRepository } from '../objects/media-objects.repository';
import { MediaStorage } from '../storage/media-storage';

const BATCH = 200;

/**
 * An erased account (identity's user.deleted): every file it uploaded (pictures, banners, post and
 * message media, with their variants) and every data export ZIP is deleted from storage, then its record. Files first, so a
 * crash in between leaves a record to find again; a redelivery finds what is left.
 */
@Injectable()
export class AccountErasureConsumer {
  constructor(
    @Inject(MediaObjectsRepository) private readonly objects: MediaObjectsRepository,
    @Inject(DataExportsRepository) private readonly exports: DataExportsRepository,
    @Inject(MediaStorage) private readonly storage: MediaStorage,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'media.account-erasure',
      events: ['user.deleted'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const { userId } = event.payload as identityEvents.UserDeleted;
    if (!userId) return;
    let files = 0;
    for (;;) {
      const owned = await this.objects.ownedBy(userId, BATCH);
      if (owned.length === 0) break;
      for (const object of owned) {
        const keys = [object.filename, ...Object.values(object.variants)].map(
          (name) => `${object.collection}/${name}`,
        );
        await Promise.all(keys.map((key) => this.storage.discard(key)));
        files += keys.length;
      }
      await this.objects.forget(owned.map((object) => object.filename));
    }
    for (const job of await this.exports.allOf(userId)) {
      await this.storage.discard(job.object_key ?? exportObjectKey(job));
      files += 1;
    }
    await this.exports.forgetMember(userId);
    this.logger.info({ userId, files }, 'account erased: media removed');
  }
}
