import { PlatformModule, ServiceRuntime } from '@aura/platform';
import { DynamicModule, Module } from '@nestjs/common';
import type { MediaConfig } from './config';
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
        UploadService,
        DownloadService,
        MediaGrpcController,
      ],
    };
  }
}
