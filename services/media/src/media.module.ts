import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import type { MediaConfig } from './config';
import { DataExportService } from './data-export/data-export.service';
import { DataExportWorker } from './data-export/data-export.worker';
import { DataExportsRepository } from './data-export/data-exports.repository';
import { ExportArchive } from './data-export/export-archive';
import { EXPORT_SOURCES, type ExportSources, GrpcExportSources } from './data-export/export-sources';
import { DownloadService } from './downloads/download.service';
import { MediaGrpcController } from './grpc/media.grpc-controller';
import { MediaObjectsRepository } from './objects/media-objects.repository';
import { MediaStorage } from './storage/media-storage';
import { UrlSigner } from './storage/signed-urls';
import { CLOCK, type Clock } from './tokens';
import { UploadService } from './uploads/upload.service';

/** What a test may stand in for. */
export interface MediaOptions {
  /** The services a data export reads (by default the other services over gRPC). */
  exportSources?: ExportSources;
  /** The time now, for the signed URLs' expiry (by default Date.now). */
  clock?: Clock;
}

@Module({})
export class MediaModule {
  static register(runtime: ServiceRuntime, config: MediaConfig, options: MediaOptions = {}): DynamicModule {
    return {
      module: MediaModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        options.exportSources
          ? { provide: EXPORT_SOURCES, useValue: options.exportSources }
          : { provide: EXPORT_SOURCES, useClass: GrpcExportSources },
        ...(options.clock ? [{ provide: CLOCK, useValue: options.clock }] : []),
        MediaStorage,
        UrlSigner,
        MediaObjectsRepository,
        ExportArchive,
        DataExportsRepository,
        DataExportWorker,
        DataExportService,
        UploadService,
        DownloadService,
        MediaGrpcController,
        AccountErasureConsumer,
      ],
    };
  }
}
