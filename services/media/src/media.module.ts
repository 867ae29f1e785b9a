import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { AccountErasureConsumer } from './account-erasure/account-erasure.consumer';
import type { MediaConfig } from './config';
import { DataExportService } from './data-export/data-export.service';
import { DataExportWorker } from './data-export/data-export.worker';
import { DataExportsRepository } from './data-export/data-exports.repository';
import { ExportArchive } from './data-export/export-archive';
import { EXPORT_SOURCES, GrpcExportSources } from './data-export/export-sources';
import { DownloadService } from './downloads/download.service';
import { MediaGrpcController } from './grpc/media.grpc-controller';
import { MediaObjectsRepository } from './objects/media-objects.repository';
import { createMediaStorageClient, MediaStorage } from './storage/media-storage';
import { UrlSigner } from './storage/signed-urls';
import { UploadService } from './uploads/upload.service';

@Module({})
export class MediaModule {
  static register(runtime: ServiceRuntime, config: MediaConfig): DynamicModule {
    return {
      module: MediaModule,
      imports: [PlatformModule.forRuntime(runtime, config)],
      providers: [
        {
          provide: MediaStorage,
          useValue: new MediaStorage(createMediaStorageClient(config), config.S3_BUCKET_MEDIA),
        },
        {
          provide: UrlSigner,
          useValue: new UrlSigner(config.AURA_MEDIA_SIGNING_SECRET, config.AURA_MEDIA_SIGNED_URL_TTL_SECONDS),
        },
        MediaObjectsRepository,
        {
          provide: EXPORT_SOURCES,
          useFactory: () =>
            new GrpcExportSources({
              identity: config.IDENTITY_GRPC_URL,
              social: config.SOCIAL_GRPC_URL,
              messaging: config.MESSAGING_GRPC_URL,
              economy: config.ECONOMY_GRPC_URL,
            }),
        },
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
